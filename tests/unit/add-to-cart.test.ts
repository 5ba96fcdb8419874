import { describe, expect, it } from 'vitest';
import {
  addableProduct,
  cartErrorMessage,
  cartVariants,
  checkAdd,
  decodeAddPayload,
  encodeAddPayload,
  formQuantity,
  formVariantId,
  parseAddRequest,
  quickAdd,
} from '../../src/lib/add-to-cart.ts';
import type { ProductItem } from '../../src/lib/api/catalog.ts';
import type { SelectedVariant } from '../../src/lib/cart.ts';
import { rupees } from '../helpers/rupees.ts';

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const size = (id: number, name: string, stock: number): SelectedVariant => ({ id, product_variation: name, final_price: rupees('499.00'), stock });

describe('parseAddRequest', () => {
  it('reads product_id, slug, variant_id and quantity, defaulting the quantity to 1', () => {
    expect(parseAddRequest(form({ product_id: '7', slug: 'blue-shirt', variant_id: '12' }))).toEqual({
      productId: 7,
      slug: 'blue-shirt',
      variantId: 12,
      quantity: 1,
    });
    expect(parseAddRequest(form({ product_id: '7', quantity: '5' }))).toEqual({ productId: 7, slug: null, variantId: null, quantity: 5 });
  });

  it('refuses a missing or malformed product, a quantity outside 1..5 and an odd slug', () => {
    expect(parseAddRequest(form({}))).toBeNull();
    expect(parseAddRequest(form({ product_id: 'abc' }))).toBeNull();
    expect(parseAddRequest(form({ product_id: '0' }))).toBeNull();
    expect(parseAddRequest(form({ product_id: '7', quantity: '0' }))).toBeNull();
    expect(parseAddRequest(form({ product_id: '7', quantity: '6' }))).toBeNull();
    expect(parseAddRequest(form({ product_id: '7', quantity: '-1' }))).toBeNull();
    expect(parseAddRequest(form({ product_id: '7', variant_id: '1.5' }))).toBeNull();
    expect(parseAddRequest(form({ product_id: '7', slug: '../x' }))).toBeNull();
  });
});

describe('checkAdd', () => {
  const sizes = [size(1, 'S', 0), size(2, 'M', 3)];

  it('needs a size, one of the product\'s own, in stock', () => {
    expect(checkAdd(sizes, 3, null)).toEqual({ ok: false, code: 'size' });
    expect(checkAdd(sizes, 3, 99)).toEqual({ ok: false, code: 'size' });
    expect(checkAdd(sizes, 3, 1)).toEqual({ ok: false, code: 'sold-out' });
    expect(checkAdd(sizes, 3, 2)).toEqual({ ok: true, variant: sizes[1] });
  });

  it('says out of stock when every size is sold out', () => {
    expect(checkAdd([size(1, 'S', 0)], 0, 1)).toEqual({ ok: false, code: 'out-of-stock' });
  });

  it('adds a product without sizes while it has stock, and refuses a size for it', () => {
    expect(checkAdd([], 4, null)).toEqual({ ok: true, variant: null });
    expect(checkAdd([], 0, null)).toEqual({ ok: false, code: 'out-of-stock' });
    expect(checkAdd([], 4, 5)).toEqual({ ok: false, code: 'size' });
  });
});

describe('quickAdd', () => {
  it('offers one click for no size or one size, a choice for several, nothing when sold out', () => {
    expect(quickAdd([], 2)).toEqual({ kind: 'add', variant: null });
    expect(quickAdd([], 0)).toEqual({ kind: 'sold-out' });
    expect(quickAdd([size(1, 'Free', 2)], 2)).toEqual({ kind: 'add', variant: size(1, 'Free', 2) });
    expect(quickAdd([size(1, 'Free', 0)], 0)).toEqual({ kind: 'sold-out' });
    expect(quickAdd([size(1, 'S', 0), size(2, 'M', 1)], 1)).toEqual({ kind: 'choose' });
  });
});

describe('cartErrorMessage', () => {
  it('knows its codes only', () => {
    expect(cartErrorMessage('size')).toBe('Please select a size');
    expect(cartErrorMessage('failed')).toBe('Failed to add item to cart');
    expect(cartErrorMessage('toString')).toBeNull();
    expect(cartErrorMessage('<b>hi</b>')).toBeNull();
    expect(cartErrorMessage(null)).toBeNull();
  });
});

describe('addableProduct and cartVariants', () => {
  it('take the cart fields from the API record', () => {
    const product: ProductItem = {
      id: 3,
      name: 'Linen Kurta',
      slug: 'linen-kurta',
      quantity: 9,
      final_price: rupees('899.00'),
      cover_image: '',
      product_images: 'a.webp, b.webp',
      retailer_id: 4,
      productVariations: [{ id: 8, product_id: 3, product_variation: ' L ', old_price: rupees('999.00'), price: rupees('899.00'), final_price: rupees('899.00'), stock: 9 }],
    };
    expect(addableProduct(product)).toEqual({
      id: 3,
      name: 'Linen Kurta',
      slug: 'linen-kurta',
      cover_image: 'a.webp',
      final_price: '899.00',
      quantity: 9,
      retailer_id: 4,
      wholesaler_id: null,
    });
    expect(cartVariants(product)).toEqual([{ id: 8, product_variation: 'L', final_price: '899.00', stock: 9 }]);
  });
});

describe('the add-to-cart button payload', () => {
  const product = {
    id: 9,
    name: 'Kurta "festive" <b>',
    slug: 'kurta',
    cover_image: '/media/k.webp',
    final_price: rupees('1299.00'),
    quantity: 4,
    retailer_id: null,
    wholesaler_id: 3,
  };

  it('reads back what the server wrote, names with quotes and markup included', () => {
    const payload = { product, variants: [size(1, 'M', 2), size(2, 'L', 0)] };
    expect(decodeAddPayload(encodeAddPayload(payload))).toEqual(payload);
  });

  it('is null when missing, not JSON, or not a product with sizes', () => {
    expect(decodeAddPayload(undefined)).toBeNull();
    expect(decodeAddPayload('')).toBeNull();
    expect(decodeAddPayload('{')).toBeNull();
    expect(decodeAddPayload('null')).toBeNull();
    expect(decodeAddPayload(JSON.stringify({ product }))).toBeNull();
    expect(decodeAddPayload(JSON.stringify({ product: { ...product, id: 0 }, variants: [] }))).toBeNull();
    expect(decodeAddPayload(JSON.stringify({ product: { ...product, quantity: -1 }, variants: [] }))).toBeNull();
    expect(decodeAddPayload(JSON.stringify({ product: { ...product, final_price: 12 }, variants: [] }))).toBeNull();
    expect(decodeAddPayload(JSON.stringify({ product: { ...product, final_price: '1299' }, variants: [] }))).toBeNull();
    expect(decodeAddPayload(JSON.stringify({ product, variants: [{ id: 1, product_variation: 'M', final_price: '1299.5', stock: 1 }] }))).toBeNull();
    expect(decodeAddPayload(JSON.stringify({ product, variants: [{ id: 1, product_variation: 'M', final_price: '1', stock: 1.5 }] }))).toBeNull();
  });

  it('takes a form quantity of 1..5, else the default; and a size only as a positive id', () => {
    expect(formQuantity('3')).toBe(3);
    expect(formQuantity('9')).toBe(5);
    expect(formQuantity(null)).toBe(1);
    expect(formQuantity('0')).toBe(1);
    expect(formQuantity('two')).toBe(1);
    expect(formVariantId('12')).toBe(12);
    expect(formVariantId('')).toBeNull();
    expect(formVariantId(null)).toBeNull();
    expect(formVariantId('-4')).toBeNull();
  });
});
