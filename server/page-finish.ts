/**
 * Astro's HTML answers, finished on their bytes on the way out (decision 043):
 * the storefront's `finish` (today the page-script placeholders of decision
 * 039) runs on the page Astro wrote, before the page cache keeps it and
 * compression sends it. Done in a middleware of the storefront, the page was
 * read out of Astro's Response and put into a new one: two more passes through
 * web streams and three more copies, 0.4-0.6 ms of a cold page's CPU. Here it
 * is the one buffer Astro writes. Anything that is not HTML goes through as it
 * came.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { bodyChunk, wholeBody } from './body-chunk.ts';

type Callback = (error?: Error | null) => void;
export type PageFinish = (html: Uint8Array) => Uint8Array;

const HTML_TYPE = /^\s*text\/html\s*(;|$)/i;

/** Wraps `res` for one render: an HTML answer is held whole, finished, and sent on with its new length. */
export function finishPages(res: ServerResponse, finish: PageFinish): void {
  const writeHead = res.writeHead.bind(res) as (status: number, reason?: string) => ServerResponse;
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  let state: 'undecided' | 'holding' | 'passing' = 'undecided';
  let status: number | undefined;
  let reason: string | undefined;
  const chunks: Buffer[] = [];
  const decide = (): 'holding' | 'passing' =>
    state === 'undecided' ? (state = HTML_TYPE.test(String(res.getHeader('content-type') ?? '')) ? 'holding' : 'passing') : state;

  // Headers given here join the response's own (as `res.setHeader`), so the length can change once the page is finished.
  res.writeHead = ((code: number, ...rest: unknown[]) => {
    if (state !== 'undecided' || rest.some(Array.isArray)) {
      state = state === 'holding' ? state : 'passing';
      return (writeHead as (...args: unknown[]) => ServerResponse)(code, ...rest);
    }
    const given = rest.find((arg): arg is OutgoingHttpHeaders => typeof arg === 'object' && arg !== null);
    for (const [name, value] of Object.entries(given ?? {})) if (value !== undefined) res.setHeader(name, value);
    status = code;
    reason = typeof rest[0] === 'string' ? rest[0] : undefined;
    return decide() === 'holding' ? res : writeHead(status, reason);
  }) as ServerResponse['writeHead'];

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (decide() === 'passing') return write(chunk, ...rest);
    const bytes = bodyChunk(chunk, typeof rest[0] === 'string' ? rest[0] : undefined);
    if (bytes) chunks.push(bytes);
    const callback = rest.find((arg): arg is Callback => typeof arg === 'function');
    if (callback) process.nextTick(callback);
    return true;
  }) as ServerResponse['write'];

  res.end = ((...args: unknown[]) => {
    if (decide() === 'passing') return end(...args);
    const callback = args.find((arg): arg is Callback => typeof arg === 'function');
    const [chunk, encoding] = args.filter((arg) => typeof arg !== 'function');
    const bytes = bodyChunk(chunk, encoding);
    if (bytes) chunks.push(bytes);
    const page = finish(wholeBody(chunks));
    res.setHeader('Content-Length', page.byteLength);
    if (!res.headersSent) writeHead(status ?? res.statusCode, reason);
    return callback ? end(page, callback) : end(page);
  }) as ServerResponse['end'];
}
