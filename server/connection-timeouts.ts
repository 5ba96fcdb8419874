import type { Server } from 'node:http';

/**
 * How long an idle kept-alive connection stays open. Longer than the idle
 * timeout of the proxies and load balancers a store puts in front (60 s is
 * common), so they close first: with Node's 5 s, a client or proxy that reused
 * a connection just as the server closed it got ECONNRESET for a request the
 * store never saw (seen in a browser test's API call).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Applies the keep-alive timeout; the headers timeout must outlast it, or a reused connection's next request can be cut off. */
export function keepConnectionsAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}
