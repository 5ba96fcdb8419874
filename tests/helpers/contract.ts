/**
 * The contract checked from the server's side: every answer an API test
 * receives goes through the storefront's own parser for that call
 * (src/lib/api/<resource>.ts), so a change on either side that breaks the
 * other fails the API tests as well as the storefront's. Failures must be the
 * envelope SPEC §8 describes. A success on a path no rule maps fails the test:
 * a new route is added here with the parser that reads it.
 */
import { z } from 'zod';
import { safeParse, type $ZodType } from 'zod/v4/core';
import { ACCOUNT_ANSWERS } from '../../src/lib/api/account.answers.ts';
import { CART_ANSWERS } from '../../src/lib/api/cart.answers.ts';
import { CATALOG_ANSWERS } from '../../src/lib/api/catalog.ts';
import { CHECKOUT_ANSWERS } from '../../src/lib/api/checkout.ts';
import { CUSTOMER_ORDER_ANSWERS } from '../../src/lib/api/customer-orders.ts';
import { ORDER_GROUP_ANSWERS } from '../../src/lib/api/orders.ts';
import { PINCODE_ANSWERS } from '../../src/lib/api/pincode.ts';
import { SHIPPING_ANSWERS } from '../../src/lib/api/shipping.ts';
import { OTP_ANSWERS } from '../../src/lib/api/otp.answers.ts';
import { STORE_ANSWERS } from '../../src/lib/api/store.ts';
import { WISHLIST_ANSWERS } from '../../src/lib/api/wishlist.answers.ts';

interface Rule {
  method: string;
  path: RegExp;
  answer: $ZodType;
}

const RULES: Rule[] = [
  { method: 'POST', path: /^\/store-info$/, answer: STORE_ANSWERS.storeInfo },
  { method: 'GET', path: /^\/home-page-sections$/, answer: STORE_ANSWERS.homeSections },
  { method: 'GET', path: /^\/new-arrivals$/, answer: CATALOG_ANSWERS.newArrivals },
  { method: 'POST', path: /^\/get-products$/, answer: CATALOG_ANSWERS.productList },
  { method: 'POST', path: /^\/search-products$/, answer: CATALOG_ANSWERS.productList },
  // The product page's parser: it reads the product and, when asked for (`?related=`), the related products.
  { method: 'GET', path: /^\/single-product-details\/[^/]+$/, answer: CATALOG_ANSWERS.productPage },
  { method: 'POST', path: /^\/subcategory-variations$/, answer: CATALOG_ANSWERS.variationNames },
  { method: 'GET', path: /^\/customer\/cart$/, answer: CART_ANSWERS.cart },
  { method: 'POST', path: /^\/customer\/add-to-cart$/, answer: CART_ANSWERS.add },
  { method: 'POST', path: /^\/customer\/add-to-cart-guest$/, answer: CART_ANSWERS.sync },
  { method: 'POST', path: /^\/customer\/remove-to-cart$/, answer: CART_ANSWERS.done },
  { method: 'GET', path: /^\/customer\/wishlist$/, answer: WISHLIST_ANSWERS.wishlist },
  { method: 'POST', path: /^\/customer\/register$/, answer: ACCOUNT_ANSWERS.register },
  { method: 'POST', path: /^\/customer\/login$/, answer: ACCOUNT_ANSWERS.session },
  { method: 'POST', path: /^\/customer\/(logout|forgot-password|token-password|reset-password|resend-verification|verify-email)$/, answer: ACCOUNT_ANSWERS.done },
  { method: 'POST', path: /^\/customer\/account-details$/, answer: ACCOUNT_ANSWERS.customer },
  { method: 'GET', path: /^\/customer\/account$/, answer: ACCOUNT_ANSWERS.customer },
  { method: 'POST', path: /^\/customer\/(update-user-details|change-email)$/, answer: ACCOUNT_ANSWERS.customerInData },
  { method: 'POST', path: /^\/(otp\/send|login\/otp)$/, answer: OTP_ANSWERS.sent },
  { method: 'POST', path: /^\/otp\/verify\/login$/, answer: OTP_ANSWERS.login },
  { method: 'POST', path: /^\/otp\/verify\/checkout$/, answer: OTP_ANSWERS.checkout },
  { method: 'POST', path: /^\/checkout$/, answer: CHECKOUT_ANSWERS.placed },
  { method: 'POST', path: /^\/apply-coupon$/, answer: CHECKOUT_ANSWERS.coupon },
  { method: 'GET', path: /^\/customer\/orders$/, answer: CUSTOMER_ORDER_ANSWERS.orders },
  { method: 'POST', path: /^\/customer\/cancel-order$/, answer: CUSTOMER_ORDER_ANSWERS.cancelled },
  { method: 'POST', path: /^\/customer\/return-order$/, answer: CUSTOMER_ORDER_ANSWERS.returned },
  { method: 'GET', path: /^\/customer\/get-shipping-address$/, answer: SHIPPING_ANSWERS.get },
  { method: 'POST', path: /^\/customer\/shipping-address$/, answer: SHIPPING_ANSWERS.save },
  { method: 'GET', path: /^\/pincode\/\d{6}$/, answer: PINCODE_ANSWERS.place },
  { method: 'GET', path: /^\/orders\/[^/]+$/, answer: ORDER_GROUP_ANSWERS.group },
  { method: 'POST', path: /^\/payment\/retry$/, answer: ORDER_GROUP_ANSWERS.attempt },
  { method: 'POST', path: /^\/payment\/confirm$/, answer: ORDER_GROUP_ANSWERS.confirm },
  { method: 'POST', path: /^\/payment\/switch-to-cod$/, answer: ORDER_GROUP_ANSWERS.switched },
  { method: 'POST', path: /^\/customer\/(add|remove)-to-wishlist$/, answer: WISHLIST_ANSWERS.done },
  // Called by Razorpay, not the storefront: a success is all it reads.
  { method: 'POST', path: /^\/payment\/razorpay\/webhook$/, answer: z.object({ success: z.literal(true), message: z.string().min(1) }) },
];

/** SPEC §8: a failure names its problem in `message` (a text or a list), with field errors when a field was wrong. */
const failureEnvelope = z.object({
  success: z.literal(false),
  message: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** Throws when an answer breaks the contract the storefront reads it by. */
export function checkAnswer(method: string, pathWithQuery: string, status: number, body: unknown): void {
  const path = pathWithQuery.split('?')[0]!;
  if (status >= 400 && typeof body === 'object' && body !== null) {
    const failure = failureEnvelope.safeParse(body);
    if (!failure.success) throw new Error(`contract: ${method} ${path} ${status} is not a failure envelope: ${failure.error.message}`);
    return;
  }
  if (status < 200 || status >= 300) return;
  const rule = RULES.find((candidate) => candidate.method === method && candidate.path.test(path));
  if (!rule) throw new Error(`contract: ${method} ${path} answered ${status}, but no storefront parser is mapped to it in tests/helpers/contract.ts`);
  const parsed = safeParse(rule.answer, body);
  if (!parsed.success) {
    throw new Error(`contract: the storefront cannot read ${method} ${path}: ${parsed.error.message}`);
  }
}
