/**
 * The store's public origin, for every absolute link a page writes
 * (canonical, og:url, og:image, JSON-LD) and for the base of the server's own
 * API client: SITE_ORIGIN, else http://localhost:PORT, read exactly as the
 * API reads it (readApiConfig in api/config.ts; tests/unit/site-origin.test.ts
 * keeps the two in step). Never the request's Host or X-Forwarded-Host: those
 * are the client's to write. Server only: it reads process.env.
 */
import { DEFAULT_PORT } from './constants.ts';

export function siteOrigin(env: NodeJS.ProcessEnv = process.env): string {
  const port = Number(env.PORT) || DEFAULT_PORT;
  return (env.SITE_ORIGIN || `http://localhost:${port}`).replace(/\/+$/, '');
}
