import { Hono } from 'hono';
import { wishlistProductSchema } from '../../src/lib/schemas/cart.ts';
import { requireCustomer } from '../auth/auth.middleware.ts';
import type { ApiDeps, AppEnv } from '../http/deps.ts';
import { ok } from '../http/envelope.ts';
import { readBody } from '../http/validate.ts';
import { addToWishlist, removeFromWishlist, wishlistOf } from './wishlist.service.ts';
import { WISHLIST_MESSAGES } from '../messages.ts';

/** The wishlist calls of SPEC §7 with the shapes of API-NOTES "Cart and wishlist". */
export function wishlistRoutes({ db }: ApiDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const signedIn = requireCustomer(db);

  app.get('/customer/wishlist', signedIn, async (c) => ok(c, await wishlistOf(db, c.get('auth').customerId)));

  app.post('/customer/add-to-wishlist', signedIn, async (c) => {
    const { product_id: productId } = await readBody(c, wishlistProductSchema);
    const message = await addToWishlist(db, c.get('auth').customerId, productId);
    return c.json({ success: true, message });
  });

  app.post('/customer/remove-to-wishlist', signedIn, async (c) => {
    const { product_id: productId } = await readBody(c, wishlistProductSchema);
    await removeFromWishlist(db, c.get('auth').customerId, productId);
    return c.json({ success: true, message: WISHLIST_MESSAGES.removed });
  });

  return app;
}
