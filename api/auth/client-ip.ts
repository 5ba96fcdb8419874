import type { Context } from 'hono';

/**
 * The rate-limit key of the client's address. The API is called through
 * `app.fetch(Request)`, so it cannot see the Node socket; server.ts passes
 * the socket address in CLIENT_ADDRESS_HEADER, after removing any value a
 * client sent under that name, so the header is trustworthy when present.
 * With TRUST_PROXY=1 (the store runs behind a reverse proxy of its own) the
 * first hop of `X-Forwarded-For` is the client instead. Calls that carry
 * neither (server rendering in process) share the key 'local'.
 */
export const CLIENT_ADDRESS_HEADER = 'x-store-client-address';
export const LOCAL_CLIENT_KEY = 'local';
const MAX_ADDRESS_LENGTH = 64;

export function clientIpKey(c: Context, env: NodeJS.ProcessEnv = process.env): string {
  const candidate =
    env.TRUST_PROXY === '1'
      ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
      : c.req.header(CLIENT_ADDRESS_HEADER)?.trim();
  return candidate && candidate.length <= MAX_ADDRESS_LENGTH ? candidate : LOCAL_CLIENT_KEY;
}
