import { Hono } from 'hono';
import { shippingAddressSchema } from '../../src/lib/schemas/address.ts';
import { requireCustomer } from '../auth/auth.middleware.ts';
import type { ApiDeps, AppEnv } from '../http/deps.ts';
import { ok } from '../http/envelope.ts';
import { readBody } from '../http/validate.ts';
import { findShippingAddress, saveShippingAddress } from './shipping-address.repository.ts';
import { SHIPPING_MESSAGES } from '../messages.ts';

export function shippingAddressRoutes({ db }: ApiDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const signedIn = requireCustomer(db);

  app.post('/customer/shipping-address', signedIn, async (c) => {
    const input = await readBody(c, shippingAddressSchema);
    const customerId = c.get('auth').customerId;
    await saveShippingAddress(db, customerId, { ...input, alt_phone_number: input.alt_phone_number ?? null }, new Date().toISOString());
    return ok(c, await findShippingAddress(db, customerId), SHIPPING_MESSAGES.saved);
  });

  app.get('/customer/get-shipping-address', signedIn, async (c) => {
    const address = await findShippingAddress(db, c.get('auth').customerId);
    return ok(c, { data: address ?? null });
  });

  return app;
}
