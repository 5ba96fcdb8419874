// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import CartLines from '../../src/islands/cart/CartLines.tsx';
import type { CartLine } from '../../src/lib/cart.ts';
import { rupees } from '../helpers/rupees.ts';

afterEach(cleanup);

const size = { id: 11, product_variation: 'M', final_price: rupees('499.00'), stock: 4 };
const base: CartLine = {
  product_id: 3,
  product_name: 'Linen Shirt',
  product_slug: 'linen-shirt',
  quantity: 1,
  product_stock: 4,
  final_price: rupees('499.00'),
  selected_variant: size,
};

it('a guest line and a server line of the same product and size are two lines, not one React key', () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  render(<CartLines lines={[{ ...base, cart_id: 71 }, { ...base, quantity: 2 }]} interactive={false} />);
  expect(screen.getAllByRole('listitem', { name: 'Linen Shirt' })).toHaveLength(2);
  const keyWarnings = errors.mock.calls.filter((args) => args.some((arg) => String(arg).includes('same key')));
  errors.mockRestore();
  expect(keyWarnings).toEqual([]);
});
