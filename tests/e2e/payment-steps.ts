/**
 * A signed-in shopper with a prepaid order waiting for its payment, made
 * through the store API as the checkout screen would (the subject of these
 * tests is what comes after it).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { formatPaiseAsRupees, rupeesToPaise } from '../../src/lib/money.ts';
import { sizedProducts, signInFreshShopper, type CartPick } from './cart-steps.ts';
import { API_KEY } from './store-api.ts';

export interface PrepaidOrder {
  orderNumber: string;
  pick: CartPick;
  quantity: number;
  email: string;
  token: string;
}

/** The checkout payload of one line (API-NOTES "Checkout and orders"); a retailer item names retailer_product_id. */
export function checkoutLine({ product, variant }: CartPick, quantity: number) {
  const seller =
    product.retailer_id !== null
      ? { retailer_id: product.retailer_id, retailer_product_id: product.id }
      : { wholesaler_id: product.wholesaler_id, product_id: product.id };
  const total = formatPaiseAsRupees(rupeesToPaise(variant.final_price)! * quantity).replace(/[₹,]/g, '');
  return { ...seller, quantity, final_amount: total, product_variation: variant.product_variation };
}

/** Places an order with `token` through POST /api/checkout (of `origin`, default this run's server); answers its order number. */
export async function placeOrder(
  request: APIRequestContext,
  token: string,
  email: string,
  lines: unknown[],
  extra: Record<string, unknown> = {},
  origin = '',
): Promise<string> {
  const response = await request.post(`${origin}/api/checkout`, {
    headers: { 'API-KEY': API_KEY, Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-${Date.now()}-${Math.random()}` },
    data: {
      firstname: 'Nila',
      lastname: 'Rao',
      email,
      phone_number: '9876501234',
      products: lines,
      user_token: '{token}',
      payment_method: 'prepaid',
      address: '14 Linking Road, Bandra West',
      pincode: '400050',
      city: 'Mumbai Suburban',
      state: 'Maharashtra',
      ...extra,
    },
  });
  const body = await response.json();
  expect(response.ok(), JSON.stringify(body)).toBe(true);
  return body.data.order_number as string;
}

/** A fresh verified shopper signed in on `page` (its session cookie set), with one prepaid order of 2 of a size, WELCOME10 applied. */
export async function shopperWithPrepaidOrder(page: Page, request: APIRequestContext): Promise<PrepaidOrder> {
  // Any well-stocked size, so parallel tests do not all drain the same one.
  const picks = await sizedProducts(request, 10);
  const pick = picks[Math.floor(Math.random() * picks.length)];
  await page.goto('/');
  const { email, token } = await signInFreshShopper(page, request);
  const quantity = 2;
  const orderNumber = await placeOrder(request, token, email, [checkoutLine(pick!, quantity)], { coupon_code: 'WELCOME10' });
  return { orderNumber, pick: pick!, quantity, email, token };
}
