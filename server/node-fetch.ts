import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/**
 * Node request/response <-> the platform's fetch Request/Response. The API
 * gets a real `Request` (Hono's body-limit middleware re-wraps it, which a
 * look-alike request object cannot survive), and Astro, rendering in the same
 * process, keeps the platform's globals untouched.
 */
export function toFetchRequest(req: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(':')) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  // server/request-gate.ts has read the body (within the cap) into a Buffer.
  const buffered = (req as IncomingMessage & { body?: unknown }).body;
  const controller = new AbortController();
  req.once('close', () => {
    if (!req.complete) controller.abort();
  });
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body: !hasBody ? undefined : Buffer.isBuffer(buffered) ? buffered : (Readable.toWeb(req) as ReadableStream<Uint8Array>),
    duplex: 'half',
    signal: controller.signal,
  } as RequestInit);
}

export async function writeFetchResponse(response: Response, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  const cookies = response.headers.getSetCookie();
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  if (cookies.length) res.setHeader('set-cookie', cookies);
  if (!response.body) {
    res.end();
    return;
  }
  await new Promise<void>((resolve) => {
    Readable.fromWeb(response.body as never)
      .on('error', () => {
        res.destroy();
        resolve();
      })
      .pipe(res)
      .on('finish', resolve)
      .on('close', resolve);
  });
}
