import { Hono } from 'hono';
import type { ApiDeps, AppEnv } from '../http/deps.ts';

// Placeholder until the store endpoints land.
export function storeRoutes(_deps: ApiDeps): Hono<AppEnv> {
  return new Hono<AppEnv>();
}
