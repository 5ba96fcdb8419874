import { describe, expect, it } from 'vitest';
import { PAGE_SCRIPT_TYPE } from '../../src/lib/page-scripts.ts';
import { deferPageScripts } from '../../src/lib/page-scripts.server.ts';

const defer = (html: string) => Buffer.from(deferPageScripts(Buffer.from(html))).toString('utf8');

describe('page scripts left for after the first paint', () => {
  it('turns each external module script into a placeholder naming its address, in place', () => {
    const html =
      '<head><script type="module" src="/_astro/Header.abc.js"></script></head>' +
      '<body><p>Hi ₹</p><script type="module" src="/_astro/Base.def.js"></script></body>';
    expect(defer(html)).toBe(
      `<head><script type="${PAGE_SCRIPT_TYPE}" data-src="/_astro/Header.abc.js"></script></head>` +
        `<body><p>Hi ₹</p><script type="${PAGE_SCRIPT_TYPE}" data-src="/_astro/Base.def.js"></script></body>`,
    );
  });

  it('leaves inline scripts, JSON-LD and classic scripts as they are, and gives back the same bytes', () => {
    const html = Buffer.from(
      '<script type="module">start()</script><script type="application/ld+json">{"a":1}</script>' +
        '<script>(()=>{})()</script><script src="/legacy.js"></script>',
    );
    expect(deferPageScripts(html)).toBe(html);
  });

  it('never reads a script tag out of text that only looks like one', () => {
    const text = '&lt;script type="module" src="/_astro/x.js"&gt;&lt;/script&gt;';
    expect(defer(text)).toBe(text);
    const unclosed = '<p><script type="module" src="a<b"></p><script type="module" src="/_astro/y.js"></script>';
    expect(defer(unclosed)).toBe(`<p><script type="module" src="a<b"></p><script type="${PAGE_SCRIPT_TYPE}" data-src="/_astro/y.js"></script>`);
  });
});
