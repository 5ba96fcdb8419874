import { describe, expect, it } from 'vitest';
import { lineFor, type CartLine } from '../../src/lib/cart.ts';
import {
  GUEST_CART_COOKIE,
  GUEST_CART_COOKIE_MAX_LINES,
  decodeGuestCart,
  encodeGuestCart,
  guestCartFromCookieHeader,
} from '../../src/lib/guest-cart-cookie.ts';
import { rupees } from '../helpers/rupees.ts';

const product = { id: 11, name: 'Cotton Kurta', slug: 'cotton-kurta', cover_image: '/img/k.jpg', final_price: rupees('799.00'), quantity: 10, retailer_id: 3 };
const medium = lineFor(product, { id: 100, product_variation: 'M', final_price: rupees('849.50'), stock: 4 }, 2);
const plain = lineFor({ ...product, id: 12, retailer_id: null, wholesaler_id: 5 }, null, 1);

describe('guest cart cookie', () => {
  it('reads back the lines it wrote', () => {
    expect(decodeGuestCart(encodeGuestCart([medium, plain]))).toEqual([medium, plain]);
  });

  it('reads the lines from a document.cookie string with other cookies around it', () => {
    const header = `theme=dark; ${GUEST_CART_COOKIE}=${encodeURIComponent(encodeGuestCart([medium]))}; other=1`;
    expect(guestCartFromCookieHeader(header)).toEqual([medium]);
    expect(guestCartFromCookieHeader('theme=dark')).toEqual([]);
  });

  it('drops garbage, never throws', () => {
    for (const text of ['', 'not json', '{"a":1}', 'null', '42', '[1,"x",null]']) expect(decodeGuestCart(text)).toEqual([]);
    expect(decodeGuestCart(undefined)).toEqual([]);
    expect(guestCartFromCookieHeader(`${GUEST_CART_COOKIE}=%E0%A4%A`)).toEqual([]);
  });

  it('drops tampered lines and keeps the sound ones', () => {
    const tampered: unknown[] = [
      { ...medium, product_id: -1 },
      { ...medium, product_id: '11' },
      { ...medium, quantity: 0 },
      { ...medium, quantity: 1.5 },
      { ...medium, final_price: '1e9' },
      { ...medium, final_price: '<script>' },
      { ...medium, final_price: '849.5' },
      { ...medium, selected_variant: { id: 100, product_variation: 'M', final_price: '849', stock: 4 } },
      { ...medium, product_name: 'x'.repeat(301) },
      { ...medium, selected_variant: { id: 'x', product_variation: 'M', final_price: '1.00', stock: 1 } },
      { ...medium, selected_variant: 'M' },
    ];
    for (const bad of tampered) expect(decodeGuestCart(JSON.stringify([bad, plain]))).toEqual([plain]);
  });

  it('keeps only known fields and caps a line at min(5, stock)', () => {
    const [line] = decodeGuestCart(JSON.stringify([{ ...plain, quantity: 9, cart_id: 5, evil: '<img>' }]));
    expect(line).toEqual({ ...plain, quantity: 5 });
    expect(line).not.toHaveProperty('evil');
    expect(line).not.toHaveProperty('cart_id');
  });

  it('merges repeated lines of one product and size', () => {
    expect(decodeGuestCart(JSON.stringify([medium, { ...medium, quantity: 1 }]))).toEqual([{ ...medium, quantity: 3 }]);
  });

  it(`keeps at most ${GUEST_CART_COOKIE_MAX_LINES} lines, written or read`, () => {
    const many: CartLine[] = Array.from({ length: 25 }, (_, i) => ({ ...plain, product_id: i + 1 }));
    expect(JSON.parse(encodeGuestCart(many))).toHaveLength(GUEST_CART_COOKIE_MAX_LINES);
    expect(decodeGuestCart(JSON.stringify(many))).toHaveLength(GUEST_CART_COOKIE_MAX_LINES);
  });
});
