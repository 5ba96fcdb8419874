import { describe, expect, it } from 'vitest';
import { PAGE_SCRIPT_TYPE } from '../../src/lib/page-scripts.ts';
import { finishPage } from '../../src/lib/page-finish.server.ts';
import { STYLESHEET_SLOT } from '../../src/lib/page-parts.ts';

const defer = (html: string) => Buffer.from(finishPage(Buffer.from(html))).toString('utf8');

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
    expect(finishPage(html)).toBe(html);
  });

  it('never reads a script tag out of text that only looks like one', () => {
    const text = '&lt;script type="module" src="/_astro/x.js"&gt;&lt;/script&gt;';
    expect(defer(text)).toBe(text);
    const unclosed = '<p><script type="module" src="a<b"></p><script type="module" src="/_astro/y.js"></script>';
    expect(defer(unclosed)).toBe(`<p><script type="module" src="a<b"></p><script type="${PAGE_SCRIPT_TYPE}" data-src="/_astro/y.js"></script>`);
  });
});

describe('the stylesheet put into its slot on the page bytes', () => {
  const stylesheet = Buffer.from('<style>body{color:red}</style>');
  const finish = (html: string) => Buffer.from(finishPage(Buffer.from(html), { stylesheet })).toString('utf8');

  it('puts the stylesheet in place of the slot and defers the scripts after it, in one page', () => {
    const html = `<head><meta charset="utf-8">${STYLESHEET_SLOT}<title>Shop</title><script type="module" src="/_astro/a.js"></script></head>`;
    expect(finish(html)).toBe(
      `<head><meta charset="utf-8"><style>body{color:red}</style><title>Shop</title><script type="${PAGE_SCRIPT_TYPE}" data-src="/_astro/a.js"></script></head>`,
    );
  });

  it("fills only the layout's slot, the first: the same text in a shopper's words later stays as it is", () => {
    const html = `<head>${STYLESHEET_SLOT}</head><body><p>${STYLESHEET_SLOT}</p></body>`;
    expect(finish(html)).toBe(`<head><style>body{color:red}</style></head><body><p>${STYLESHEET_SLOT}</p></body>`);
  });

  it('leaves a page without a slot, or a slot without a stylesheet, as it is', () => {
    const plain = Buffer.from('<head><style>p{}</style></head>');
    expect(finishPage(plain, { stylesheet })).toBe(plain);
    const slotted = Buffer.from(`<head>${STYLESHEET_SLOT}</head>`);
    expect(finishPage(slotted, {})).toBe(slotted);
  });
});
