import { describe, expect, it } from 'vitest';
import type { ProductItem, ProductVariation } from '../../src/lib/api/catalog.ts';
import { LOW_STOCK_THRESHOLD } from '../../src/lib/constants.ts';
import {
  absoluteUrl,
  defaultVariant,
  galleryImages,
  isSoldOut,
  jsonForScript,
  metaDescription,
  plainText,
  productJsonLd,
  productTags,
  shownPrice,
  stockNote,
  variantOptions,
} from '../../src/lib/product-view.ts';
import { rupees } from '../helpers/rupees.ts';

function variation(id: number, size: string, finalPrice: string, stock: number, oldPrice = '999.00'): ProductVariation {
  return { id, product_id: 1, product_variation: size, old_price: rupees(oldPrice), price: rupees(finalPrice), stock, final_price: rupees(finalPrice) };
}

function product(overrides: Partial<ProductItem> = {}): ProductItem {
  return {
    id: 1,
    sku: 'KB-1',
    name: 'Rust Oxford Shirt',
    slug: 'rust-oxford-shirt',
    description: '<p>A shirt.</p>',
    quantity: 10,
    final_price: rupees('699.00'),
    old_price: rupees('999.00'),
    cover_image: '/media/a-640.webp',
    product_images: '/media/a-640.webp,/media/b-640.webp',
    productVariations: [],
    ...overrides,
  };
}

describe('galleryImages', () => {
  it('puts the cover first, then the other images, each once', () => {
    expect(
      galleryImages({ cover_image: '/c.webp', product_images: ' /a.webp, /c.webp,,/b.webp ,/a.webp' }),
    ).toEqual(['/c.webp', '/a.webp', '/b.webp']);
  });

  it('falls back to product_images without a cover, and to nothing without either', () => {
    expect(galleryImages({ cover_image: '', product_images: '/a.webp,/b.webp' })).toEqual(['/a.webp', '/b.webp']);
    expect(galleryImages({ cover_image: null, product_images: null })).toEqual([]);
  });
});

describe('variantOptions and defaultVariant', () => {
  const sizes = [
    variation(1, 'S', '699.00', 0),
    variation(2, 'M', '729.00', 5),
    variation(3, 'L', '699.00', 3),
    variation(4, 'XL', '759.00', -2),
  ];

  it('keeps the API order and flags sizes without stock as sold out', () => {
    const options = variantOptions(product({ productVariations: sizes }));
    expect(options.map((option) => [option.label, option.soldOut])).toEqual([
      ['S', true],
      ['M', false],
      ['L', false],
      ['XL', true],
    ]);
    expect(options[3]?.stock).toBe(0);
  });

  it('chooses the cheapest size in stock, the first on a tie', () => {
    const options = variantOptions(product({ productVariations: sizes }));
    expect(defaultVariant(options)?.label).toBe('L');
    const tie = variantOptions(product({ productVariations: [variation(5, 'A', '10.00', 1), variation(6, 'B', '10.00', 1)] }));
    expect(defaultVariant(tie)?.label).toBe('A');
  });

  it('chooses nothing when every size is sold out or there are no sizes', () => {
    expect(defaultVariant(variantOptions(product({ productVariations: [variation(1, 'S', '1.00', 0)] })))).toBeNull();
    expect(defaultVariant(variantOptions(product()))).toBeNull();
  });
});

describe('isSoldOut', () => {
  it('is true only when every size is sold out', () => {
    expect(isSoldOut(product({ productVariations: [variation(1, 'S', '1.00', 0), variation(2, 'M', '1.00', 1)] }))).toBe(false);
    expect(isSoldOut(product({ productVariations: [variation(1, 'S', '1.00', 0)] }))).toBe(true);
  });

  it('reads the total stock for a product without sizes', () => {
    expect(isSoldOut(product({ quantity: 0 }))).toBe(true);
    expect(isSoldOut(product({ quantity: 4 }))).toBe(false);
  });
});

describe('stockNote', () => {
  it(`says 'Only N left' from 1 to ${LOW_STOCK_THRESHOLD}`, () => {
    expect(stockNote(1)).toBe('Only 1 left');
    expect(stockNote(LOW_STOCK_THRESHOLD)).toBe(`Only ${LOW_STOCK_THRESHOLD} left`);
  });

  it("says 'Out of stock' at zero and nothing when there is plenty", () => {
    expect(stockNote(0)).toBe('Out of stock');
    expect(stockNote(-1)).toBe('Out of stock');
    expect(stockNote(LOW_STOCK_THRESHOLD + 1)).toBeNull();
  });
});

describe('shownPrice', () => {
  it("shows the selected size's price and old price", () => {
    const item = product({ productVariations: [variation(1, 'S', '699.00', 2), variation(2, 'XL', '759.00', 4, '1099.00')] });
    const xl = variantOptions(item)[1]!;
    expect(shownPrice(item, xl)).toEqual({ price: '759.00', oldPrice: '1099.00' });
  });

  it('shows the cheapest size when none is selected, else the product price', () => {
    const soldOut = product({ productVariations: [variation(1, 'S', '759.00', 0), variation(2, 'M', '699.00', 0)] });
    expect(shownPrice(soldOut, null).price).toBe('699.00');
    expect(shownPrice(product({ final_price: rupees('575.00'), old_price: rupees('999.00') }), null)).toEqual({
      price: '575.00',
      oldPrice: '999.00',
    });
  });
});

describe('plainText and metaDescription', () => {
  it('drops tags, decodes entities and collapses whitespace', () => {
    expect(plainText('<p>Soft &amp; light</p><ul><li><strong>Care:</strong>&nbsp;Wash&#39;s</li></ul>')).toBe(
      "Soft & light Care: Wash's",
    );
    expect(plainText(null)).toBe('');
  });

  it('keeps short text whole and cuts long text at a word with an ellipsis', () => {
    expect(metaDescription('<p>Short.</p>', 160)).toBe('Short.');
    const long = metaDescription(`<p>${'word '.repeat(60)}</p>`, 160);
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long).toMatch(/word…$/);
  });
});

describe('productTags', () => {
  it('trims and de-duplicates tags, ignoring case', () => {
    expect(productTags('wallet, leather, Wallet,, card holder, card holder')).toEqual(['wallet', 'leather', 'card holder']);
    expect(productTags(null)).toEqual([]);
  });
});

describe('productJsonLd', () => {
  const url = absoluteUrl('/products/rust-oxford-shirt', 'https://shop.example');

  it('describes the product with an INR offer at the price shown on load', () => {
    const item = product({
      productVariations: [variation(1, 'S', '649.00', 0), variation(2, 'M', '699.00', 3), variation(3, 'L', '729.00', 1)],
    });
    const data = productJsonLd({ product: item, images: ['https://shop.example/media/a-640.webp'], url });
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Rust Oxford Shirt',
      sku: 'KB-1',
      description: 'A shirt.',
      image: ['https://shop.example/media/a-640.webp'],
      url: 'https://shop.example/products/rust-oxford-shirt',
      offers: { '@type': 'Offer', priceCurrency: 'INR', price: '699.00', availability: 'https://schema.org/InStock', url },
    });
  });

  it('marks a sold-out product OutOfStock', () => {
    const data = productJsonLd({ product: product({ quantity: 0 }), images: [], url });
    expect(data.offers).toMatchObject({ availability: 'https://schema.org/OutOfStock', price: '699.00' });
    expect(data).not.toHaveProperty('image');
  });

  it('serialises so API text cannot close the script element', () => {
    const text = jsonForScript({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
