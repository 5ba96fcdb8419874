import type { Context } from 'hono';

/**
 * The rate-limit key of the client's address. The API is called through
 * `app.fetch(Request)`, so it cannot see the Node socket; server.ts passes
 * the socket address in CLIENT_ADDRESS_HEADER, after removing any value a
 * client sent under that name, so the header is trustworthy when present.
 *
 * TRUST_PROXY=N says N reverse proxies of the store's own sit in front of it
 * (the convention of Express's numeric `trust proxy`; decision 016). Each
 * appends the address it saw to X-Forwarded-For, so only the last N entries
 * are theirs: counting the socket address as hop 0, the client is the entry N
 * hops from the right (the leftmost when there are fewer). Anything further
 * left is the client's own writing and is never used. Calls that carry no
 * socket address (server rendering in process) share the key 'local'.
 */
export const CLIENT_ADDRESS_HEADER = 'x-store-client-address';
export const LOCAL_CLIENT_KEY = 'local';
const MAX_ADDRESS_LENGTH = 64;

/** The message the server refuses to start with when TRUST_PROXY is not a whole number. */
export const invalidTrustProxyMessage = (value: string) =>
  `TRUST_PROXY must be the number of reverse proxies of your own in front of the store (0, 1, 2, ...), not "${value}".`;

/** TRUST_PROXY as a number of proxies: unset or blank is 0; null when it is not a whole number. */
export function parseTrustProxy(value: string | undefined): number | null {
  const text = value?.trim() ?? '';
  if (text === '') return 0;
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** The client's address: `trustedProxies` hops left of the socket along X-Forwarded-For. */
export function clientAddress(socketAddress: string, forwardedFor: string | undefined, trustedProxies: number): string {
  if (trustedProxies === 0) return socketAddress;
  const entries = (forwardedFor ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const hops = [...entries, socketAddress];
  return hops[Math.max(0, hops.length - 1 - trustedProxies)]!;
}

export function clientIpKey(c: Context, env: NodeJS.ProcessEnv = process.env): string {
  const socketAddress = c.req.header(CLIENT_ADDRESS_HEADER)?.trim();
  if (!socketAddress) return LOCAL_CLIENT_KEY;
  // The server refuses to start on an invalid value; 0 is the safe reading if one gets here.
  const trustedProxies = parseTrustProxy(env.TRUST_PROXY) ?? 0;
  const address = clientAddress(socketAddress, c.req.header('x-forwarded-for'), trustedProxies);
  return address.length <= MAX_ADDRESS_LENGTH ? address : LOCAL_CLIENT_KEY;
}
