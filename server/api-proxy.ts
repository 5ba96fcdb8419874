import type { IncomingMessage, ServerResponse } from 'node:http';
import { toFetchRequest, writeFetchResponse } from './node-fetch.ts';

// Hop-by-hop headers never cross a proxy; fetch decodes bodies, so the
// encoding and length of the upstream answer no longer apply either.
const HOP_BY_HOP = [
  'connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer',
  'transfer-encoding', 'upgrade', 'host', 'content-length', 'accept-encoding',
];
const DECODED = ['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'];
const UPSTREAM_TIMEOUT_MS = 30_000;

/**
 * Proxy mode (STORE_API_URL set): the browser still calls its own origin's
 * /api/*, and this forwards the call to the store provider's API.
 */
export function createApiProxy(upstreamBase: string) {
  const base = upstreamBase.replace(/\/+$/, '');
  return async function proxy(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const incoming = toFetchRequest(req, 'http://localhost');
    const url = new URL(incoming.url);
    const headers = new Headers(incoming.headers);
    for (const name of HOP_BY_HOP) headers.delete(name);
    try {
      const upstream = await fetch(base + url.pathname.replace(/^\/api/, '') + url.search, {
        method: incoming.method,
        headers,
        body: incoming.body,
        duplex: 'half',
        signal: AbortSignal.any([incoming.signal, AbortSignal.timeout(UPSTREAM_TIMEOUT_MS)]),
      } as RequestInit);
      const answer = new Headers(upstream.headers);
      for (const name of DECODED) answer.delete(name);
      await writeFetchResponse(new Response(upstream.body, { status: upstream.status, headers: answer }), res);
    } catch {
      res.statusCode = 502;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ success: false, message: 'The store API could not be reached' }));
    }
  };
}
