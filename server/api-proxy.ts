import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

// Hop-by-hop headers never cross a proxy.
const HOP_BY_HOP = new Set([
  'connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer',
  'transfer-encoding', 'upgrade', 'host', 'content-length', 'accept-encoding',
]);

/**
 * Proxy mode (STORE_API_URL set): the browser still calls its own origin's
 * /api/*, and this forwards the call to the store provider's API.
 */
export function createApiProxy(upstreamBase: string) {
  const base = upstreamBase.replace(/\/+$/, '');
  return async function proxy(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    const target = base + url.pathname.replace(/^\/api/, '') + url.search;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || HOP_BY_HOP.has(name)) continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    try {
      const upstream = await fetch(target, {
        method: req.method,
        headers,
        body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
        duplex: 'half',
        signal: AbortSignal.timeout(30_000),
      } as RequestInit);
      res.statusCode = upstream.status;
      upstream.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name) && name !== 'content-encoding') res.setHeader(name, value);
      });
      if (upstream.body) Readable.fromWeb(upstream.body as never).pipe(res);
      else res.end();
    } catch {
      res.statusCode = 502;
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ success: false, message: 'The store API could not be reached' }));
    }
  };
}
