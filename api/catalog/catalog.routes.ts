import { Hono } from 'hono';
import type { ApiDeps, AppEnv } from '../http/deps.ts';

// Placeholder until the catalogue endpoints land.
export function catalogRoutes(_deps: ApiDeps): Hono<AppEnv> {
  return new Hono<AppEnv>();
}
