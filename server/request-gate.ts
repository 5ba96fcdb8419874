/**
 * What every request passes before routing (SECURITY.md 24, 35; decision 016):
 *
 * - a method outside ALLOWED_METHODS answers 405 in the envelope, with Allow;
 * - the body is read here, counted as it arrives, and refused with 413 the
 *   moment it passes MAX_BODY_BYTES (a Content-Length over it is refused
 *   before a byte is read); the connection is then closed, so the rest of a
 *   large body is never read. A body within the cap is handed on as a Buffer:
 *   Astro's node adapter takes `req.body` as the body, and toFetchRequest
 *   (server/node-fetch.ts) builds the API's Request from it.
 *
 * Before this, a page (POST /session) read a whole 200 MB body into memory:
 * Astro's own limit is 1 GiB, and only the API had a cap.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ALLOW_HEADER, MAX_BODY_BYTES, isAllowedMethod } from '../api/http/request-rules.ts';
import { REQUEST_MESSAGES } from '../api/messages.ts';

/** A request whose body has been read by the gate. */
export type BufferedRequest = IncomingMessage & { body?: Buffer };

export type BodyReading = { ok: true; body: Buffer } | { ok: false };

/** The body declared by the request's framing: Content-Length (NaN when malformed) or chunked. */
function declaredLength(req: IncomingMessage): number | 'chunked' | undefined {
  if (req.headers['transfer-encoding'] !== undefined) return 'chunked';
  const length = req.headers['content-length'];
  return length === undefined ? undefined : Number(length);
}

/**
 * Reads a body up to `maxBytes`: the bytes, or `{ ok: false }` as soon as it
 * is known to be longer (from Content-Length, or while counting a chunked
 * body). On refusal the stream is left paused and unread past that point.
 */
export function readBodyWithin(req: IncomingMessage, maxBytes: number): Promise<BodyReading> {
  const declared = declaredLength(req);
  if (typeof declared === 'number' && declared > maxBytes) return Promise.resolve({ ok: false });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: BodyReading) => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.pause();
        finish({ ok: false });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish({ ok: true, body: Buffer.concat(chunks, size) });
    const onError = (error: Error) => {
      req.off('data', onData).off('end', onEnd).off('close', onClose);
      reject(error);
    };
    // A client that goes away mid-body: no 'end' will come.
    const onClose = () => {
      if (!req.complete) onError(new Error('The client closed the connection before the body ended'));
    };
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onClose);
  });
}

/** True for the store API's addresses (/api, /api/..., /api?...): they answer in the envelope. */
export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/') || path.startsWith('/api?');

/** The API's envelope, also for pages: a 405 or 413 is about the request, not about a page. */
function answer(res: ServerResponse, status: number, message: string, headers: Record<string, string>, json: boolean) {
  res.writeHead(status, {
    'Content-Type': json ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(json ? JSON.stringify({ success: false, message }) : message);
}

/** How long a refused connection stays half-closed, unread, before it is dropped. */
const LINGER_MS = 2000;

/**
 * 413 with `Connection: close`, and the rest of the body is never read. The
 * body stream is marked consumed and paused (else Node would pull the rest
 * off the wire and discard it after the answer), so Node stops reading the
 * socket once its small buffer is full. Node destroys a closing socket the
 * moment the answer is flushed; with the client still sending, the kernel
 * then resets the connection and the client can lose the 413 it has not read
 * yet. So this socket only half-closes, and is dropped a little later (what
 * web servers call a lingering close, here without reading on).
 */
function refuseBody(req: IncomingMessage, res: ServerResponse): void {
  req.read(0);
  req.pause();
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  answer(res, 413, REQUEST_MESSAGES.bodyTooLarge, { Connection: 'close' }, isApiPath(req.url ?? '/'));
}

/**
 * True when the request may be routed (its body, if any, is on `req.body`);
 * false when the gate has answered it.
 */
export async function admitRequest(req: BufferedRequest, res: ServerResponse): Promise<boolean> {
  if (!isAllowedMethod(req.method)) {
    answer(res, 405, REQUEST_MESSAGES.methodNotAllowed, { Allow: ALLOW_HEADER }, true);
    return false;
  }
  const declared = declaredLength(req);
  // GET and HEAD carry no body unless they say so; nothing to wait for then.
  if (declared === undefined && (req.method === 'GET' || req.method === 'HEAD')) return true;
  let reading: BodyReading;
  try {
    reading = await readBodyWithin(req, MAX_BODY_BYTES);
  } catch {
    // The client left mid-body: nobody is there to answer.
    req.socket.destroy();
    return false;
  }
  if (!reading.ok) {
    refuseBody(req, res);
    return false;
  }
  req.body = reading.body;
  return true;
}
