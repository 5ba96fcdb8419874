import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_BODY_BYTES } from '../../api/http/request-rules.ts';
import { toFetchRequest } from '../../server/node-fetch.ts';
import { admitRequest, readBodyWithin } from '../../server/request-gate.ts';

/** A request body as Node hands it over: chunks, with the framing headers; counts the chunks pulled. */
function incoming(chunks: Buffer[], headers: Record<string, string>) {
  let pulled = 0;
  const stream = Readable.from(
    (function* () {
      for (const chunk of chunks) {
        pulled += 1;
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
  Object.assign(stream, { headers, complete: true });
  return { req: stream as unknown as IncomingMessage, pulled: () => pulled };
}

const bytes = (n: number) => Buffer.alloc(n, 'a');
const KIB = 1024;

describe('reading a body within the cap', () => {
  it('takes a body of exactly the cap, chunked or with its Content-Length', async () => {
    const chunked = incoming([bytes(40 * KIB), bytes(24 * KIB)], { 'transfer-encoding': 'chunked' });
    const result = await readBodyWithin(chunked.req, MAX_BODY_BYTES);
    expect(result.ok && result.body.length).toBe(MAX_BODY_BYTES);
    const sized = incoming([bytes(MAX_BODY_BYTES)], { 'content-length': String(MAX_BODY_BYTES) });
    expect((await readBodyWithin(sized.req, MAX_BODY_BYTES)).ok).toBe(true);
  });

  it('refuses a Content-Length over the cap before reading a byte', async () => {
    const body = incoming([bytes(10)], { 'content-length': String(MAX_BODY_BYTES + 1) });
    expect(await readBodyWithin(body.req, MAX_BODY_BYTES)).toEqual({ ok: false });
    expect(body.pulled()).toBe(0);
  });

  it('refuses a chunked body the moment it passes the cap, without reading the rest', async () => {
    const chunks = Array.from({ length: 100 }, () => bytes(16 * KIB));
    const body = incoming(chunks, { 'transfer-encoding': 'chunked' });
    expect(await readBodyWithin(body.req, MAX_BODY_BYTES)).toEqual({ ok: false });
    // 4 chunks fill the cap, the 5th passes it; the stream may have buffered a few more, not the rest.
    expect(body.pulled()).toBeLessThan(10);
  });

  it('reads an empty body as an empty buffer', async () => {
    const result = await readBodyWithin(incoming([], {}).req, MAX_BODY_BYTES);
    expect(result).toEqual({ ok: true, body: Buffer.alloc(0) });
  });
});

describe('methods the store does not serve', () => {
  // The gate in front of a stand-in router that builds the platform's Request, as the
  // API and Astro do (it throws for TRACE: that was the 500 with a stack in the log).
  let server: Server;
  let origin: string;
  const routed: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      void admitRequest(req, res).then((admitted) => {
        if (!admitted) return;
        try {
          const built = toFetchRequest(req, origin);
          routed.push(`${built.method} ${new URL(built.url).pathname}`);
          res.end('routed');
        } catch (error) {
          console.error(error);
          res.writeHead(500).end(error instanceof Error ? error.stack : String(error));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => {
    routed.length = 0;
    vi.restoreAllMocks();
  });

  /** Any method, as a raw request (fetch refuses TRACE). */
  function send(method: string, path: string) {
    return new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>((resolve, reject) => {
      const req = request(`${origin}${path}`, { method }, (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject).end();
    });
  }

  it('answer TRACE and other unknown methods 405 in the envelope with Allow, on pages and the API, and log nothing', async () => {
    const logged = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn'), vi.spyOn(console, 'log')];
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL', 'LINK']) {
      for (const path of ['/', '/shop', '/api/store-info']) {
        const answer = await send(method, path);
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
        expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(JSON.parse(answer.body)).toEqual({ success: false, message: 'Method not allowed' });
      }
    }
    expect(routed).toEqual([]);
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
  });

  it('let every method of the list through to the routes', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) expect((await send(method, '/shop')).status).toBe(200);
    expect((await send('HEAD', '/shop')).status).toBe(200);
    expect(routed).toEqual(['GET /shop', 'POST /shop', 'PUT /shop', 'PATCH /shop', 'DELETE /shop', 'OPTIONS /shop', 'HEAD /shop']);
  });
});
