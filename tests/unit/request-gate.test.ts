import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../api/http/request-rules.ts';
import { readBodyWithin } from '../../server/request-gate.ts';

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
