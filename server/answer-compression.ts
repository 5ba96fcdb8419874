/**
 * Pages and API answers, compressed whole (decision 037). `compression`
 * compressed them as a stream: every chunk Astro writes went to the thread
 * pool as a job of its own. Here such an answer is held until it is complete
 * (pages render whole, answers are built whole), compressed at once and
 * sent with its length: side by side, a cold product page's CPU went from
 * 10.8-12.4 ms to 7.2-8.5 ms.
 *
 * The coding is the one the client rates highest, zstd first when it rates
 * several alike (Chrome and Firefox list it): on /shop's 149 KB page, zstd at
 * level 3 takes 0.28 ms for 24.0 KB where brotli at quality 4 takes 1.19 ms for
 * 23.1 KB. Anything else (static files, HEAD, 204/304, an answer already
 * encoded such as a page-cache copy, `no-transform`) goes through untouched,
 * on to `compression`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as zlib from 'node:zlib';
import { availableParallelism } from 'node:os';
import { createCompressionWorker, type CompressionWorker } from './compression-worker.ts';
import { holdBody } from './held-body.ts';
import { createKeptFrames } from './kept-frames.ts';

/** zstd's level for answers compressed as they are sent (1-19; 3 is its own default). */
const ZSTD_LEVEL = 3;
/**
 * zstd's level for a kept run (decision 061), compressed once per process: the
 * 55 KB stylesheet takes about 25 ms and comes to 9.8 KB, where level 3 made
 * 11.3 KB.
 */
const ZSTD_KEPT_RUN_LEVEL = 19;

/** The types held and compressed here: what the server renders or builds on each request. */
const HELD_TYPE = /^\s*(text\/html|application\/json)\s*(;|$)/i;

type Compressed = (error: Error | null, result: Buffer) => void;
interface ZstdOptions { pledgedSrcSize: number; params: Record<number, number> }
type ZstdCompress = (buffer: Buffer, options: ZstdOptions, done: Compressed) => void;
type ZstdCompressSync = (buffer: Buffer, options: ZstdOptions) => Buffer;
// Present from Node 22.15; on an older runtime answers keep brotli and gzip.
const { zstdCompress, zstdCompressSync } = zlib as unknown as { zstdCompress?: ZstdCompress; zstdCompressSync?: ZstdCompressSync };
// zstd's own number for its level parameter, where the runtime has zstd.
const ZSTD_LEVEL_PARAM = (zlib.constants as Record<string, number | undefined>).ZSTD_c_compressionLevel ?? 100;
/**
 * Without the worker, answers up to this size are zstd-compressed on the main
 * thread, larger ones in the thread pool. A 115 KB product page takes about
 * 0.33 ms either way, but a pool job adds as much again in hand-over and
 * garbage (decision 040); past this size the wait would hold other requests
 * too long.
 */
const ZSTD_IN_PLACE_BYTES = 256 * 1024;

/** The quality values of an Accept-Encoding header by coding (lower-cased); absent codings are missing. */
function qualities(header: string): Map<string, number> {
  const found = new Map<string, number>();
  for (const part of header.split(',')) {
    const [coding, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!coding) continue;
    const q = params.find((param) => param.startsWith('q='));
    const value = q === undefined ? 1 : Number(q.slice(2));
    found.set(coding, Number.isFinite(value) ? value : 0);
  }
  return found;
}

/** The codings an answer can be sent in, cheapest to compress first (the order breaks ties in the client's ratings). */
const CODINGS = ['zstd', 'br', 'gzip'] as const;
export type AnswerCoding = (typeof CODINGS)[number];
/** What this runtime can compress to. */
const OFFERED: readonly AnswerCoding[] = CODINGS.filter((coding) => zstdCompress !== undefined || coding !== 'zstd');

/**
 * The coding to send an answer in, of those `offered` (in order of preference):
 * the one the client rates highest, the earlier when it rates several alike;
 * undefined when it names none of them (or refuses them with q=0). A `*` is
 * not read as any of them. The page cache asks it too, offering its copies.
 */
export function answerCoding<T extends AnswerCoding>(
  header: string | string[] | undefined,
  offered: readonly T[] = OFFERED as readonly T[],
): T | undefined {
  const q = qualities(Array.isArray(header) ? header.join(',') : (header ?? ''));
  let best: T | undefined;
  for (const coding of offered) if ((q.get(coding) ?? 0) > (best ? (q.get(best) ?? 0) : 0)) best = coding;
  return best;
}

/** Brotli's quality and gzip's level for answers compressed as they are sent: the `compression` package's own. */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

/**
 * Answers from this size on are compressed on the compression worker's thread
 * (decision 043), smaller ones where they are: handing a few kilobytes over
 * costs about what compressing them does.
 */
const OFFLOADED_BYTES = 16 * 1024;
/** A second thread only helps where there is a second core. */
const offloading = availableParallelism() > 1;
let worker: CompressionWorker | undefined;

/**
 * Compresses on the worker's thread where it can; else in place: zstd on this
 * thread up to ZSTD_IN_PLACE_BYTES (told the size, it sizes its tables to the
 * answer), anything else as one job in the thread pool, so the main thread
 * renders the next page meanwhile. `body` may move to the worker (decision
 * 044): use it no more. On an error `done` gets the body back to send as it
 * is, or nothing when the worker stopped with it.
 */
export function compressAnswer(body: Buffer, coding: AnswerCoding, done: (error: Error | null, result: Buffer | undefined) => void): void {
  if (!offloading || body.length < OFFLOADED_BYTES) return compressInPlace(body, coding, done);
  // The callback may run before `compress` returns (a stopped worker): `moved` must exist by then.
  let moved = false;
  moved = (worker ??= createCompressionWorker()).compress(body, coding, (error, result) => {
    if (!error && result) done(null, result);
    else if (!error) compressInPlace(body, coding, done);
    else done(error, result ?? (moved ? undefined : body));
  });
}

function compressInPlace(body: Buffer, coding: AnswerCoding, done: Compressed): void {
  // On an error the body goes back, to be sent as it is.
  const settle: Compressed = (error, result) => (error ? done(error, body) : done(null, result));
  if (coding === 'zstd') {
    if (body.length > ZSTD_IN_PLACE_BYTES) return zstdCompress!(body, zstdOptions(body), settle);
    let compressed: Buffer;
    try {
      compressed = compressNow(body, coding);
    } catch (error) {
      return done(error as Error, body);
    }
    done(null, compressed);
  } else if (coding === 'br') zlib.brotliCompress(body, { params: brotliParams(body) }, settle);
  else zlib.gzip(body, { level: GZIP_LEVEL }, settle);
}

/** The answer compressed now, on the calling thread: the compression worker's work (server/compression.worker.ts). */
export function compressNow(body: Buffer, coding: AnswerCoding): Buffer {
  if (coding === 'zstd') return keptFrames.compress(body) ?? zstdCompressSync!(body, zstdOptions(body));
  if (coding === 'br') return zlib.brotliCompressSync(body, { params: brotliParams(body) });
  return zlib.gzipSync(body, { level: GZIP_LEVEL });
}

const zstdOptions = (body: Buffer, level = ZSTD_LEVEL): ZstdOptions => ({ pledgedSrcSize: body.length, params: { [ZSTD_LEVEL_PARAM]: level } });
// This thread's kept runs: the main thread's for answers compressed in place, the worker's own there.
const keptFrames = createKeptFrames(
  (run) => zstdCompressSync!(run, zstdOptions(run, ZSTD_KEPT_RUN_LEVEL)),
  (part) => zstdCompressSync!(part, zstdOptions(part)),
);

/**
 * A run of bytes that many answers repeat (the stylesheet every page holds),
 * to be sent in zstd as a frame of its own, compressed once (decision 061):
 * kept on this thread and on the compression worker's. Runs are few and live
 * as long as the process; keeping one already kept does nothing.
 */
export function keepRepeatedRun(bytes: Uint8Array): void {
  if (zstdCompressSync === undefined || !keptFrames.keep(bytes)) return;
  if (offloading) (worker ??= createCompressionWorker()).keep(bytes);
}

/** Kept on this thread (the compression worker's, server/compression.worker.ts): it compresses answers itself. */
export function keepRunHere(bytes: Uint8Array): void {
  if (zstdCompressSync !== undefined) keptFrames.keep(bytes);
}
const brotliParams = (body: Buffer) => ({ [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length });

function held(res: ServerResponse): boolean {
  const type = String(res.getHeader('content-type') ?? '');
  const encoding = String(res.getHeader('content-encoding') ?? 'identity').toLowerCase();
  return (
    res.statusCode !== 204 &&
    res.statusCode !== 304 &&
    encoding === 'identity' &&
    HELD_TYPE.test(type) &&
    !/\bno-transform\b/i.test(String(res.getHeader('cache-control') ?? ''))
  );
}

function addVary(res: ServerResponse): void {
  const vary = String(res.getHeader('vary') ?? '');
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) res.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}


/**
 * The middleware: pages and API answers of at least `threshold` bytes go out
 * compressed whole in the client's coding; `next` always runs (the route
 * renders as before).
 */
export function answerCompression({ threshold }: { threshold: number }) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const coding = req.method === 'HEAD' ? undefined : answerCoding(req.headers['accept-encoding']);
    if (coding) hold(res, coding, threshold);
    next();
  };
}

function hold(res: ServerResponse, coding: AnswerCoding, threshold: number): void {
  holdBody(res, held, (identity, send) => {
    addVary(res);
    if (identity.length < threshold) return send(identity);
    compressAnswer(identity, coding, (error, result) => {
      if (!result) {
        // The worker stopped with the answer: nothing is left to send.
        console.error('[storefront] An answer was lost with the compression worker:', error?.message);
        res.destroy();
        return;
      }
      if (!error) res.setHeader('Content-Encoding', coding);
      send(result);
    });
  });
}
