import { Hono } from 'hono';
import { MESSAGES } from '../../src/lib/messages.ts';
import type { ApiDeps, AppEnv } from '../http/deps.ts';
import { fail, ok } from '../http/envelope.ts';
import { homeSections, storeInfo } from './store.service.ts';

/** Store information and home sections (SPEC §7 Catalogue, API-NOTES). */
const SHORT_SHARED_CACHE = 'public, max-age=60';

export function storeRoutes({ db }: ApiDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  // Not wrapped in `data`: `{ success, storeinfo, sub_category_list }` as the provider answers.
  app.post('/store-info', async (c) => {
    const info = await storeInfo(db);
    if (!info) return fail(c, 404, MESSAGES.store.storeInfoFailed);
    c.header('Cache-Control', SHORT_SHARED_CACHE);
    return c.json({ success: true, ...info });
  });

  app.get('/home-page-sections', async (c) => {
    const sections = await homeSections(db);
    c.header('Cache-Control', SHORT_SHARED_CACHE);
    return ok(c, sections);
  });

  return app;
}
