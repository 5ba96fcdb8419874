import { Hono } from 'hono';
import { MESSAGES } from '../../src/lib/messages.ts';
import { addGuestCartSchema, addToCartSchema, removeFromCartSchema } from '../../src/lib/schemas/cart.ts';
import { requireCustomer } from '../auth/auth.middleware.ts';
import type { ApiDeps, AppEnv } from '../http/deps.ts';
import { ok } from '../http/envelope.ts';
import { idempotentRequest, runOnce } from '../idempotency/idempotency.service.ts';
import { readBody } from '../http/validate.ts';
import { addToCart, cartOf, mergeGuestCart, removeFromCart } from './cart.service.ts';
import { CART_SERVICE_MESSAGES } from '../messages.ts';

/** The signed-in cart calls of SPEC §7 with the shapes of API-NOTES "Cart and wishlist". */
export function cartRoutes({ db }: ApiDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const signedIn = requireCustomer(db);

  app.get('/customer/cart', signedIn, async (c) => ok(c, await cartOf(db, c.get('auth').customerId)));

  app.post('/customer/add-to-cart', signedIn, async (c) => {
    const input = await readBody(c, addToCartSchema);
    const { result, message } = await addToCart(db, c.get('auth').customerId, input);
    return ok(c, { results: [result] }, message);
  });

  app.post('/customer/remove-to-cart', signedIn, async (c) => {
    const input = await readBody(c, removeFromCartSchema);
    await removeFromCart(db, c.get('auth').customerId, input);
    return c.json({ success: true, message: MESSAGES.cart.itemRemoved });
  });

  app.post('/customer/add-to-cart-guest', signedIn, async (c) => {
    const { cart_items: items } = await readBody(c, addGuestCartSchema);
    const customerId = c.get('auth').customerId;
    // A retried sync (its answer lost on the way) must not add the lines twice: decision 014.
    const request = idempotentRequest(c, `cart-sync:${customerId}`, items);
    const answer = await runOnce(db, request, async (trx) => {
      const { merged, errors } = await mergeGuestCart(trx, customerId, items);
      const skipped = Object.keys(errors).length;
      const message = merged > 0 ? MESSAGES.cart.cartUpdated : CART_SERVICE_MESSAGES.nothingMerged;
      // Skipped items do not fail the sync: the rest are in the cart, the client reads `errors`.
      return { success: true, message, data: { merged, skipped }, ...(skipped ? { errors } : {}) };
    });
    return c.json(answer);
  });

  return app;
}
