/**
 * A response held until its body is complete, then sent whole with its
 * length: what compression (decision 037) and finishing a page (decision 043)
 * both need. Headers given to `writeHead` join the response's own, so the
 * length and encoding can still change once the body is known. A response
 * `shouldHold` turns down goes through as it is written.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { bodyChunk, wholeBody } from './body-chunk.ts';

type Callback = (error?: Error | null) => void;

/** Sends the finished body with its length, unless the client has gone. */
export type SendBody = (body: Uint8Array) => void;

export function holdBody(
  res: ServerResponse,
  shouldHold: (res: ServerResponse) => boolean,
  complete: (body: Buffer, send: SendBody) => void,
): void {
  const writeHead = res.writeHead.bind(res) as (status: number) => ServerResponse;
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let state: 'undecided' | 'holding' | 'passing' = 'undecided';
  const chunks: Buffer[] = [];
  const decide = (): 'holding' | 'passing' => (state === 'undecided' ? (state = shouldHold(res) ? 'holding' : 'passing') : state);

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (state !== 'undecided' || rest.some(Array.isArray)) {
      state = state === 'holding' ? state : 'passing';
      return (writeHead as (...args: unknown[]) => ServerResponse)(status, ...rest);
    }
    const reason = typeof rest[0] === 'string' ? rest[0] : undefined;
    const given = rest.find((arg): arg is OutgoingHttpHeaders => typeof arg === 'object' && arg !== null);
    for (const [name, value] of Object.entries(given ?? {})) if (value !== undefined) res.setHeader(name, value);
    res.statusCode = status;
    if (reason !== undefined) res.statusMessage = reason;
    return decide() === 'holding' ? res : writeHead(status);
  }) as ServerResponse['writeHead'];

  const collect = (chunk: unknown, encoding: unknown) => {
    const bytes = bodyChunk(chunk, encoding);
    if (bytes) chunks.push(bytes);
  };

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (decide() === 'passing') return write(chunk, ...rest);
    collect(chunk, typeof rest[0] === 'string' ? rest[0] : undefined);
    const callback = rest.find((arg): arg is Callback => typeof arg === 'function');
    if (callback) process.nextTick(callback);
    return true;
  }) as ServerResponse['write'];

  res.end = ((...args: unknown[]) => {
    if (decide() === 'passing') return end(...args);
    const callback = args.find((arg): arg is Callback => typeof arg === 'function');
    const [chunk, encoding] = args.filter((arg) => typeof arg !== 'function');
    collect(chunk, encoding);
    complete(wholeBody(chunks), (body) => {
      if (res.destroyed) return;
      res.setHeader('Content-Length', body.byteLength);
      if (!res.headersSent) writeHead(res.statusCode);
      if (callback) end(body, callback);
      else end(body);
    });
    return res;
  }) as ServerResponse['end'];
}
