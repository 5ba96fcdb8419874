import { Hono } from 'hono';
import { FIELD_MESSAGES, PINCODE_PATTERN } from '../../src/lib/schemas/fields.ts';
import type { AppEnv } from '../http/deps.ts';
import { fail, ok } from '../http/envelope.ts';
import { lookUpPincode } from './pincode-directory.ts';
import { PINCODE_MESSAGES } from '../messages.ts';

export function pincodeRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/pincode/:pin', (c) => {
    const pin = c.req.param('pin');
    if (!PINCODE_PATTERN.test(pin)) return fail(c, 400, FIELD_MESSAGES.pincodeInvalid, { pincode: [FIELD_MESSAGES.pincodeInvalid] });
    const place = lookUpPincode(pin);
    if (!place) return fail(c, 404, PINCODE_MESSAGES.unknown, { pincode: [PINCODE_MESSAGES.unknown] });
    // The directory changes with a release only: let browsers and CDNs keep an answer a day.
    c.header('Cache-Control', 'public, max-age=86400');
    return ok(c, place);
  });
  return app;
}
