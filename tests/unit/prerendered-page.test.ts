import { describe, expect, it } from 'vitest';
import { decodeAttribute, readPrerenderedPage } from '../../src/lib/prerendered-page.ts';

const page = (main: string, rest = '') =>
  `<!DOCTYPE html><html><head><title>FAQ | Store name</title></head><body><header>Store name</header>${main}<footer>Store name</footer>${rest}</body></html>`;

describe('readPrerenderedPage', () => {
  it('keeps the content inside <main id="main"> and the title and description written on it', () => {
    const html = page(
      '<main id="main" class="flex-1" data-page-title="Frequently asked questions" data-page-description="Answers about orders."><article><h1>FAQ</h1></article></main>',
    );
    expect(readPrerenderedPage(html)).toEqual({
      title: 'Frequently asked questions',
      description: 'Answers about orders.',
      content: '<article><h1>FAQ</h1></article>',
    });
  });

  it('decodes the character references Astro writes in attribute values', () => {
    const html = page(
      '<main id="main" data-page-title="Terms &#38; conditions" data-page-description="Say &#34;hello&#34; &amp; 1 &lt; 2 &#x2014; ok">x</main>',
    );
    expect(readPrerenderedPage(html)).toMatchObject({
      title: 'Terms & conditions',
      description: 'Say "hello" & 1 < 2 — ok',
    });
  });

  it('reads a quoted attribute value that holds ">"', () => {
    const html = page('<main data-page-title="a > b" id="main">body</main>');
    expect(readPrerenderedPage(html)).toMatchObject({ title: 'a > b', content: 'body' });
  });

  it('keeps content that itself mentions </main>, up to the layout\'s closing tag', () => {
    const html = page('<main id="main" data-page-title="Help"><p>Write <code></main></code> to close it.</p></main>');
    expect(readPrerenderedPage(html)?.content).toBe('<p>Write <code></main></code> to close it.</p>');
  });

  it('leaves the description out when the page has none', () => {
    expect(readPrerenderedPage(page('<main id="main" data-page-title="Help">x</main>'))?.description).toBeUndefined();
  });

  it('is not a prerendered page of ours without a title, without the main landmark, or when it is another main', () => {
    expect(readPrerenderedPage(page('<main id="main">x</main>'))).toBeUndefined();
    expect(readPrerenderedPage(page('<main id="main" data-page-title="  ">x</main>'))).toBeUndefined();
    expect(readPrerenderedPage(page('<div id="main" data-page-title="Help">x</div>'))).toBeUndefined();
    expect(readPrerenderedPage(page('<main id="other" data-page-title="Help">x</main>'))).toBeUndefined();
    expect(readPrerenderedPage('<main id="main" data-page-title="Help">never closed')).toBeUndefined();
    expect(readPrerenderedPage('')).toBeUndefined();
  });
});

describe('decodeAttribute', () => {
  it('leaves unknown or out-of-range references as written', () => {
    expect(decodeAttribute('&nbsp; &#0; &#x110000; &copy')).toBe('&nbsp; &#0; &#x110000; &copy');
  });
});
