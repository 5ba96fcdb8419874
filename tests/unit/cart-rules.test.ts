import { describe, expect, it } from 'vitest';
import {
  addGuestLine,
  canIncrease,
  cartCount,
  cartSubtotalPaise,
  decreaseRemoves,
  guestSyncKeyFor,
  lineFor,
  lineLimit,
  linePaise,
  removeLine,
  sameLine,
  setLineQuantity,
  type AddableProduct,
  type CartLine,
  type SelectedVariant,
} from '../../src/lib/cart.ts';
import { rupees } from '../helpers/rupees.ts';

const kurta: AddableProduct = {
  id: 11,
  name: 'Cotton Kurta',
  slug: 'cotton-kurta',
  cover_image: '/img/kurta.jpg',
  final_price: rupees('799.00'),
  quantity: 10,
  retailer_id: 3,
  wholesaler_id: null,
};
const size = (product_variation: string, stock = 10, id = 100): SelectedVariant => ({ id, product_variation, final_price: rupees('849.50'), stock });

describe('lines match by product and size (SPEC §4 Cart)', () => {
  it('the same product with the same variation name is the same line, whatever the variant id', () => {
    expect(sameLine(lineFor(kurta, size('M', 10, 1)), lineFor(kurta, size('M', 3, 2)))).toBe(true);
  });

  it('another size, another product, or one with and one without a size are different lines', () => {
    expect(sameLine(lineFor(kurta, size('M')), lineFor(kurta, size('L')))).toBe(false);
    expect(sameLine(lineFor(kurta, size('M')), lineFor({ ...kurta, id: 12 }, size('M')))).toBe(false);
    expect(sameLine(lineFor(kurta, size('M')), lineFor(kurta, null))).toBe(false);
  });

  it('two lines of the same product without a size are the same line', () => {
    expect(sameLine(lineFor(kurta, null), lineFor(kurta, null, 3))).toBe(true);
  });
});

describe('a guest line for a product', () => {
  it('takes the size’s price and stock when there is a size, else the product’s', () => {
    expect(lineFor(kurta, size('M', 4))).toMatchObject({ product_id: 11, quantity: 1, final_price: '849.50', product_stock: 4, product_slug: 'cotton-kurta' });
    expect(lineFor(kurta, null, 2)).toMatchObject({ quantity: 2, final_price: '799.00', product_stock: 10, selected_variant: null, retailer_id: 3, wholesaler_id: null });
  });

  it('holds at most the smaller of its stock and 5', () => {
    expect(lineLimit({ product_stock: 2 })).toBe(2);
    expect(lineLimit({ product_stock: 10 })).toBe(5);
    expect(lineLimit({ product_stock: -1 })).toBe(0);
  });
});

describe('guest add (SPEC §4): sums into a matching line or appends, capped at min(5, stock)', () => {
  it('appends a new line', () => {
    const lines = addGuestLine([lineFor(kurta, size('M'))], lineFor(kurta, size('L')));
    expect(lines.map((line) => line.selected_variant?.product_variation)).toEqual(['M', 'L']);
  });

  it('adds the quantity to the matching line instead of appending', () => {
    const lines = addGuestLine([lineFor(kurta, size('M'), 2)], lineFor(kurta, size('M'), 2));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(4);
  });

  it('caps the sum at 5 with plenty of stock, and at the stock when it is lower', () => {
    expect(addGuestLine([lineFor(kurta, size('M', 10), 4)], lineFor(kurta, size('M', 10), 3))[0]?.quantity).toBe(5);
    expect(addGuestLine([lineFor(kurta, size('M', 2), 1)], lineFor(kurta, size('M', 2), 3))[0]?.quantity).toBe(2);
  });

  it('caps a new line too', () => {
    expect(addGuestLine([], lineFor(kurta, size('S', 3), 5))[0]?.quantity).toBe(3);
    expect(addGuestLine([], lineFor(kurta, null, 9))[0]?.quantity).toBe(5);
  });

  it('a negative quantity (the minus control) never takes a line below 1', () => {
    expect(addGuestLine([lineFor(kurta, null, 2)], lineFor(kurta, null, -1))[0]?.quantity).toBe(1);
    expect(addGuestLine([lineFor(kurta, null, 1)], lineFor(kurta, null, -1))[0]?.quantity).toBe(1);
  });
});

describe('guest add never holds an empty line', () => {
  it('a sold-out product or size is not appended', () => {
    expect(addGuestLine([], lineFor(kurta, size('M', 0)))).toEqual([]);
    expect(addGuestLine([], lineFor({ ...kurta, quantity: 0 }, null))).toEqual([]);
  });

  it('a negative quantity for a line not in the cart adds nothing', () => {
    expect(addGuestLine([], lineFor(kurta, size('M'), -1))).toEqual([]);
  });

  it('a matching line takes the added line’s fresher stock and price, and its cap', () => {
    const held = lineFor(kurta, size('M', 10), 4);
    const fresh = { ...lineFor(kurta, { ...size('M', 2), final_price: rupees('899.00') }), quantity: 1 };
    expect(addGuestLine([held], fresh)).toEqual([{ ...held, quantity: 2, product_stock: 2, final_price: '899.00' }]);
  });
});

describe('signed-in add (SPEC §4): the line takes the server’s quantity', () => {
  it('sets the matching line to the quantity, not the sum', () => {
    const lines = setLineQuantity([lineFor(kurta, size('M'), 2)], lineFor(kurta, size('M'), 1), 3);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.quantity).toBe(3);
  });

  it('appends a new line with the quantity', () => {
    const lines = setLineQuantity([lineFor(kurta, size('M'))], lineFor(kurta, null), 4);
    expect(lines.map((line) => line.quantity)).toEqual([1, 4]);
  });
});

describe('quantity control (SPEC §5)', () => {
  it('with stock 2 the plus control works below 2 and stops at 2', () => {
    const one = lineFor(kurta, size('M', 2), 1);
    const two = lineFor(kurta, size('M', 2), 2);
    expect(canIncrease(one, [one])).toBe(true);
    expect(canIncrease(two, [two])).toBe(false);
  });

  it('with stock 10 the plus control stops at 5', () => {
    const four = lineFor(kurta, size('M', 10), 4);
    const five = lineFor(kurta, size('M', 10), 5);
    expect(canIncrease(four, [four])).toBe(true);
    expect(canIncrease(five, [five])).toBe(false);
  });

  it('the same product and size held by another line counts against the stock', () => {
    const server: CartLine = { ...lineFor(kurta, size('M', 4), 2), cart_id: 9 };
    const guest = lineFor(kurta, size('M', 4), 1);
    // stock 4 minus 1 elsewhere = 3: the server line may go from 2 to 3, not from 3 to 4.
    expect(canIncrease(server, [server, guest])).toBe(true);
    const three = { ...server, quantity: 3 };
    expect(canIncrease(three, [three, guest])).toBe(false);
    // Another size does not count.
    expect(canIncrease(three, [three, lineFor(kurta, size('L', 4), 4)])).toBe(true);
  });

  it('a copy of the line is the line itself, not another holder of its stock', () => {
    const four = lineFor(kurta, size('M', 10), 4);
    expect(canIncrease({ ...four }, [four])).toBe(true);
    expect(canIncrease(four, [])).toBe(true);
  });

  it('decrease at 1 removes the line; above 1 it does not', () => {
    expect(decreaseRemoves({ quantity: 1 })).toBe(true);
    expect(decreaseRemoves({ quantity: 2 })).toBe(false);
  });

  it('remove deletes the matching line only', () => {
    const lines = [lineFor(kurta, size('M')), lineFor(kurta, size('L')), lineFor(kurta, null)];
    expect(removeLine(lines, lineFor(kurta, size('L'))).map((line) => line.selected_variant?.product_variation ?? 'none')).toEqual(['M', 'none']);
  });
});

describe('prices and count (SPEC §9)', () => {
  it('a line costs its final price times its quantity, in paise', () => {
    expect(linePaise({ final_price: rupees('849.50'), quantity: 3 })).toBe(254_850);
    expect(linePaise({ final_price: rupees('0.10'), quantity: 3 })).toBe(30);
  });

  it('the subtotal is the sum of the lines in paise, with no float drift', () => {
    const lines = [lineFor(kurta, size('M'), 2), lineFor(kurta, null, 1), { ...lineFor(kurta, null), final_price: rupees('0.10'), quantity: 3 }];
    expect(cartSubtotalPaise(lines)).toBe(169_900 + 79_900 + 30);
    expect(cartSubtotalPaise([])).toBe(0);
  });

  it("the count is the number of lines ('Cart(count)')", () => {
    expect(cartCount([lineFor(kurta, size('M'), 3), lineFor(kurta, null, 2)])).toBe(2);
    expect(cartCount([])).toBe(0);
  });
});

describe('guest-cart sync key (decision 014)', () => {
  const items = [{ product_id: 11, quantity: 2 }];
  let made = 0;
  const newKey = () => `key-${++made}`;

  it('a first sync gets a new key bound to its lines', () => {
    const key = guestSyncKeyFor(null, items, newKey);
    expect(key).toEqual({ key: expect.stringMatching(/^key-\d+$/), lines: JSON.stringify(items) });
  });

  it('a retry of the same lines keeps the stored key', () => {
    const stored = guestSyncKeyFor(null, items, newKey);
    expect(guestSyncKeyFor(stored, [{ product_id: 11, quantity: 2 }], newKey)).toBe(stored);
  });

  it('other lines get a new key', () => {
    const stored = guestSyncKeyFor(null, items, newKey);
    const changed = guestSyncKeyFor(stored, [{ product_id: 11, quantity: 3 }], newKey);
    expect(changed.key).not.toBe(stored.key);
    expect(changed.lines).toBe(JSON.stringify([{ product_id: 11, quantity: 3 }]));
  });
});
