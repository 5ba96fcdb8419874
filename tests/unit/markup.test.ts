// @vitest-environment happy-dom
import { isStringOneByteRepresentation } from 'node:v8';
import { describe, expect, it } from 'vitest';
import type { ProductItem } from '../../src/lib/api/catalog.ts';
import { decodeAddPayload } from '../../src/lib/add-to-cart.ts';
import { decodeHeartProduct } from '../../src/lib/wishlist-heart.ts';
import { attributes, classNames, escapeHtml } from '../../src/lib/markup/html.ts';
import { imgMarkup, lazyImageMarkup } from '../../src/lib/markup/lazy-image.markup.ts';
import { priceMarkup } from '../../src/lib/markup/price.markup.ts';
import { productCardMarkup } from '../../src/lib/markup/product-card.markup.ts';
import { quickAddToCartMarkup } from '../../src/lib/markup/add-to-cart.markup.ts';
import { rupees } from '../helpers/rupees.ts';

const HOSTILE = `</noscript><img src=x onerror=alert(1)>"'&`;

function parse(html: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = html;
  return box;
}

function product(overrides: Partial<ProductItem> = {}): ProductItem {
  return {
    id: 7,
    name: 'Mustard Card Holder',
    slug: 'mustard-card-holder',
    quantity: 5,
    final_price: rupees('575.00'),
    old_price: rupees('999.00'),
    cover_image: 'https://shop.example/media/products/mustard-640.webp',
    product_images: null,
    retailer_id: null,
    wholesaler_id: 4,
    productVariations: [],
    ...overrides,
  };
}

const size = (id: number, name: string, stock: number) => ({
  id,
  product_id: 7,
  product_variation: name,
  old_price: rupees('999.00'),
  price: rupees('999.00'),
  final_price: rupees('575.00'),
  stock,
});

describe('html text', () => {
  it('escapes &, <, >, double and single quotes', () => {
    expect(escapeHtml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&#39;f');
  });

  it('writes a character past U+007F as a numeric reference, so a page stays ASCII', () => {
    expect(escapeHtml('₹1–2 😀 Café ©')).toBe('&#8377;1&#8211;2 &#128512; Caf&#233; &#169;');
    expect(parse(`<p>${escapeHtml('₹1–2 😀 Café ©')}</p>`).textContent).toBe('₹1–2 😀 Café ©');
  });

  it('writes a character beyond U+FFFF as one reference wherever it stands, and a lone surrogate as a reference of its own', () => {
    expect(escapeHtml('😀')).toBe('&#128512;');
    expect(escapeHtml('a😀😀b')).toBe('a&#128512;&#128512;b');
    expect(escapeHtml('&😀"')).toBe('&amp;&#128512;&quot;');
    expect(escapeHtml('x\ud83dy')).toBe('x&#55357;y');
    expect(escapeHtml('x\ude00')).toBe('x&#56832;');
  });

  it('escapes every quote of a JSON value for a data attribute, and it reads back the same', () => {
    const json = JSON.stringify({ name: `Kurta "Indigo" & <Co>`, sizes: ['S', 'M'], price: '₹575' });
    const escaped = escapeHtml(json);
    expect(escaped).not.toMatch(/["<>]|[^ -~]/);
    expect(parse(`<p data-x="${escaped}"></p>`).querySelector('p')!.getAttribute('data-x')).toBe(json);
  });

  it('returns text with nothing to escape as it is', () => {
    expect(escapeHtml('/media/products/kurta-1.webp')).toBe('/media/products/kurta-1.webp');
    expect(escapeHtml('')).toBe('');
  });

  it('writes attributes in order, leaves out false, null and undefined, and writes true bare', () => {
    expect(attributes({ a: 'x"y', b: 3, c: undefined, d: null, e: false, f: true })).toBe(' a="x&quot;y" b="3" f');
  });

  it('joins class parts, leaving out empty ones', () => {
    expect(classNames('a b', undefined, false, '', ' ', 'c')).toBe('a b c');
  });
});

describe('lazy image markup', () => {
  it('leaves no < or > of a value in an img, so a name cannot close a <noscript>', () => {
    const html = imgMarkup({ src: '/media/a.webp', alt: '</noscript><img src=x onerror=alert(1)><noscript>' });
    expect(html).toBe('<img src="/media/a.webp" alt="&lt;/noscript&gt;&lt;img src=x onerror=alert(1)&gt;&lt;noscript&gt;">');
    expect(html.slice(1, -1)).not.toMatch(/[<>]/);
  });

  it('a lazy image carries its address in data-src, with a <noscript> copy that loads it', () => {
    const box = parse(lazyImageMarkup({ src: '/media/a-640.webp', alt: 'A bag', width: 640, height: 640, class: 'size-full' }));
    const img = box.querySelector('img')!;
    expect(img.getAttribute('src')).toBeNull();
    expect(img.getAttribute('data-src')).toBe('/media/a-640.webp');
    expect(img.hasAttribute('data-lazy')).toBe(true);
    expect(box.querySelector('noscript')!.innerHTML).toContain('src="/media/a-640.webp"');
    expect(box.querySelector('.lazy-image')!.className).toBe('lazy-image size-full');
    expect(box.querySelector('.lazy-image-alt')!.textContent).toBe('A bag');
  });

  it('an eager image loads at once, asked for first only when it is the priority', () => {
    const first = parse(lazyImageMarkup({ src: '/a.webp', alt: '', width: 1, height: 1, eager: true })).querySelector('img')!;
    expect(first.getAttribute('src')).toBe('/a.webp');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    expect(parse(lazyImageMarkup({ src: '/a.webp', alt: '', width: 1, height: 1, eager: true })).querySelector('noscript')).toBeNull();
    const later = parse(lazyImageMarkup({ src: '/a.webp', alt: '', width: 1, height: 1, eager: true, priority: false })).querySelector('img')!;
    expect(later.getAttribute('fetchpriority')).toBe('low');
  });

  it('sizes only goes with a srcset', () => {
    const html = lazyImageMarkup({ src: '/a.webp', alt: '', width: 1, height: 1, sizes: '50vw' });
    expect(html).not.toContain('sizes=');
  });
});

describe('price markup', () => {
  it('shows the price, the old price struck through and the percentage off', () => {
    const box = parse(priceMarkup({ price: rupees('575.00'), oldPrice: rupees('999.00'), class: 'text-sm' }));
    expect(box.querySelector('p')!.className).toBe('flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm');
    expect(box.textContent).toBe('Price: ₹575.00Original price: ₹999.0042% off');
  });

  it('shows no old price when it is not higher', () => {
    expect(parse(priceMarkup({ price: rupees('575.00'), oldPrice: rupees('575.00') })).querySelector('s')).toBeNull();
    expect(parse(priceMarkup({ price: rupees('1200.00') })).textContent).toBe('Price: ₹1,200.00');
  });
});

describe('quick add-to-cart markup', () => {
  it('a product without sizes posts itself, with the add payload on the button', () => {
    const box = parse(quickAddToCartMarkup({ product: product() }));
    const form = box.querySelector('form')!;
    expect(form.getAttribute('action')).toBe('/cart/add');
    expect(new FormData(form).get('product_id')).toBe('7');
    expect(new FormData(form).get('quantity')).toBe('1');
    const button = box.querySelector('button')!;
    expect(button.getAttribute('aria-label')).toBe('Add to cart: Mustard Card Holder');
    expect(decodeAddPayload(button.getAttribute('data-add-to-cart'))?.product.id).toBe(7);
  });

  it('a product with one size in stock posts that size', () => {
    const box = parse(quickAddToCartMarkup({ product: product({ productVariations: [size(31, 'M', 2)] }) }));
    expect(new FormData(box.querySelector('form')!).get('variant_id')).toBe('31');
  });

  it('a product with several sizes asks for one, sold-out sizes listed but not selectable', () => {
    const box = parse(quickAddToCartMarkup({ product: product({ productVariations: [size(31, 'M', 2), size(32, 'L', 0)] }) }));
    const select = box.querySelector('select')!;
    expect(box.querySelector(`label[for="${select.id}"]`)!.textContent).toBe('Size of Mustard Card Holder');
    const options = [...select.querySelectorAll('option')].map((option) => [option.textContent, option.disabled]);
    expect(options).toEqual([
      ['Choose size', false],
      ['M', false],
      ['L (sold out)', true],
    ]);
  });

  it('a sold-out product has nothing to add, and says so only where asked', () => {
    expect(quickAddToCartMarkup({ product: product({ quantity: 0 }) })).toBe('');
    expect(parse(quickAddToCartMarkup({ product: product({ quantity: 0 }), soldOutNote: true })).textContent).toBe('Out of stock');
  });
});

describe('product card markup', () => {
  it('links the name to the product page, with the price, the heart and the add-to-cart form', () => {
    const box = parse(productCardMarkup(product()));
    const link = box.querySelector('h3 a')!;
    expect(link.getAttribute('href')).toBe('/products/mustard-card-holder');
    expect(link.textContent).toBe('Mustard Card Holder');
    expect(box.querySelector('p')!.textContent).toContain('₹575.00');
    const heart = box.querySelector('button[data-wishlist-heart]')!;
    expect(heart.getAttribute('aria-label')).toBe('Save Mustard Card Holder to wishlist');
    expect(decodeHeartProduct(heart.getAttribute('data-wishlist-heart'))).toEqual({ id: 7, retailer_id: null, wholesaler_id: 4 });
    expect(box.querySelector(`#${heart.getAttribute('data-note')}`)!.getAttribute('role')).toBe('status');
    expect(box.querySelector('form[action="/cart/add"]')).not.toBeNull();
    expect(box.textContent).not.toContain('Out of stock');
  });

  it('is ASCII text throughout, even for a name beyond it', () => {
    const html = productCardMarkup(product({ name: 'Ajrakh कुर्ता – “Indigo” Café' }));
    expect(html).not.toMatch(/[\u0080-\u{10ffff}]/u);
    expect(parse(html).querySelector('h3 a')!.textContent).toBe('Ajrakh कुर्ता – “Indigo” Café');
  });

  it('is one-byte text in V8 for a product whose text is, prices with their rupee sign included', () => {
    // One two-byte piece makes a whole page two-byte, five times slower to encode (decision 042).
    expect(isStringOneByteRepresentation(productCardMarkup(product()))).toBe(true);
    expect(isStringOneByteRepresentation(priceMarkup({ price: rupees('575.00'), oldPrice: rupees('999.00') }))).toBe(true);
  });

  it('a sold-out product shows the badge and no form', () => {
    const box = parse(productCardMarkup(product({ quantity: 0 })));
    expect(box.textContent).toContain('Out of stock');
    expect(box.querySelector('form')).toBeNull();
  });

  it('takes the heading level asked for, and shows "No image" without one', () => {
    const box = parse(productCardMarkup(product({ cover_image: null }), { headingLevel: 2 }));
    expect(box.querySelector('h2')).not.toBeNull();
    expect(box.textContent).toContain('No image');
  });

  it('gives two cards of one product different note and size ids', () => {
    const twice = product({ productVariations: [size(31, 'M', 2), size(32, 'L', 1)] });
    const box = parse(productCardMarkup(twice) + productCardMarkup(twice));
    const ids = [...box.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(4);
  });

  it('a hostile product name stays text everywhere it is written', () => {
    const html = productCardMarkup(product({ name: HOSTILE, slug: 'a"b', productVariations: [size(31, HOSTILE, 2), size(32, 'L', 1)] }));
    const box = parse(html);
    // The lazy image and its <noscript> copy, and nothing the name wrote.
    expect([...box.querySelectorAll('img')].map((img) => img.getAttribute('alt'))).toEqual([HOSTILE, HOSTILE]);
    expect(box.querySelector('[onerror]')).toBeNull();
    expect(box.querySelector('h3 a')!.textContent).toBe(HOSTILE);
    expect(box.querySelector('h3 a')!.getAttribute('href')).toBe('/products/a%22b');
    expect(box.querySelector('.lazy-image-alt')!.textContent).toBe(HOSTILE);
    expect(box.querySelector('option[value="31"]')!.textContent).toBe(HOSTILE);
  });
});
