import { describe, expect, it } from 'vitest';
import { escapeAttribute, imgMarkup } from '../../src/lib/img-markup.ts';

describe('img markup for a raw-text context', () => {
  it('escapes &, <, >, double and single quotes', () => {
    expect(escapeAttribute(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f');
  });

  it('leaves no < or > of a value in the markup, so a name cannot close a <noscript>', () => {
    const alt = '</noscript><img src=x onerror=alert(1)><noscript>';
    const html = imgMarkup({ src: '/media/a.webp', alt });
    expect(html).toBe(
      '<img src="/media/a.webp" alt="&lt;/noscript&gt;&lt;img src=x onerror=alert(1)&gt;&lt;noscript&gt;">',
    );
    expect(html.slice(1, -1)).not.toMatch(/[<>]/);
  });

  it('writes numbers and leaves out undefined attributes', () => {
    expect(imgMarkup({ src: '/a.webp', width: 640, srcset: undefined, alt: '' })).toBe('<img src="/a.webp" width="640" alt="">');
  });
});
