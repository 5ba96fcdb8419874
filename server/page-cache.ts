/**
 * The page cache (decision 023): shared catalogue HTML kept in the process,
 * the way a CDN would keep it, and sent with the same rules so one in front
 * does the same at scale.
 *
 * - Only catalogue pages (isCataloguePath) answered 200 to a GET, with no
 *   Set-Cookie and no private or no-store Cache-Control, are kept; anything
 *   personal never is (those routes are not catalogue paths anyway).
 * - An entry serves for PAGE_MAX_AGE_S; after that, for PAGE_STALE_S more,
 *   one request renders it again while the others still get the old copy.
 * - Each entry carries the catalogue version it was rendered under; when the
 *   database's version has moved (a trigger bumps it on every catalogue
 *   write, from any process) the entry is dropped, never served.
 * - Kept compressed (brotli and gzip, once per entry), so a hit costs no render
 *   and no compression.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { answerCoding } from './answer-compression.ts';
import { bodyChunk, wholeBody } from './body-chunk.ts';
import { PAGE_MAX_AGE_S, PAGE_STALE_S, PUBLIC_PAGE_CACHE_CONTROL } from '../src/lib/page-cache-control.ts';
import type { VersionReader } from './catalogue-version.ts';

const MAX_ENTRIES = 1000;
const MAX_BYTES = 64 * 1024 * 1024;
/** Headers that belong to one transfer, not to the page. */
const TRANSFER_HEADERS = ['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'vary', 'etag', 'age', 'x-page-cache'];

/** Shared catalogue pages: the same for every shopper (their pages never read the session cookie). */
export function isCataloguePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (['/', '/shop', '/categories', '/faq', '/privacy-policy', '/terms-use'].includes(path)) return true;
  return /^\/products\/[^/]+$/.test(path);
}

/** A response anyone may share: no cookie set, not marked private or no-store. */
export function isShareable(status: number, headers: OutgoingHttpHeaders): boolean {
  if (status !== 200 || headers['set-cookie'] !== undefined) return false;
  const cacheControl = String(headers['cache-control'] ?? '').toLowerCase();
  return !/\b(private|no-store|no-cache)\b/.test(cacheControl);
}

/** The compressed copies an entry keeps (makeEntry), brotli first. */
const KEPT_CODINGS = ['br', 'gzip'] as const;

interface Entry {
  headers: OutgoingHttpHeaders;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  storedAt: number;
  version: string;
  revalidating: boolean;
}

export interface PageCacheOptions {
  enabled: boolean;
  /** The database's catalogue version (server/catalogue-version.ts); in proxy mode it never moves and entries live by age alone. */
  currentVersion: VersionReader;
  now?: () => number;
}

export interface PageCache {
  /** Answers from the cache (true), or prepares `res` so the render is kept when shareable (false). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  readonly size: number;
}

export function createPageCache(options: PageCacheOptions): PageCache {
  const entries = new Map<string, Entry>();
  const now = options.now ?? Date.now;
  let bytes = 0;
  const { currentVersion } = options;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.identity.length + entry.br.length + entry.gzip.length;
    entries.delete(key);
  };
  const store = (key: string, entry: Entry) => {
    drop(key);
    entries.set(key, entry);
    bytes += entry.identity.length + entry.br.length + entry.gzip.length;
    for (const oldest of entries.keys()) {
      if (entries.size <= MAX_ENTRIES && bytes <= MAX_BYTES) break;
      drop(oldest);
    }
  };

  return {
    get size() {
      return entries.size;
    },
    async handle(req, res) {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || !isCataloguePath(pathOf(req.url))) return false;
      const key = req.url ?? '/';
      const version = options.enabled ? await currentVersion() : '';
      const entry = options.enabled ? entries.get(key) : undefined;
      if (entry && entry.version !== version) drop(key);
      else if (entry) {
        const age = (now() - entry.storedAt) / 1000;
        if (age < PAGE_MAX_AGE_S || (age < PAGE_MAX_AGE_S + PAGE_STALE_S && entry.revalidating)) {
          // Most recently used last: the oldest is the first to go.
          entries.delete(key);
          entries.set(key, entry);
          send(req, res, entry, age < PAGE_MAX_AGE_S ? 'hit' : 'stale', age);
          return true;
        }
        // Stale: this request renders it again; the others get the old copy meanwhile.
        if (age < PAGE_MAX_AGE_S + PAGE_STALE_S) entry.revalidating = true;
        else drop(key);
      }
      capture(req, res, options.enabled && req.method === 'GET', (captured) => {
        const current = entries.get(key);
        if (current) current.revalidating = false;
        if (!captured) return;
        store(key, makeEntry(captured.headers, captured.body, version, now()));
      });
      return false;
    },
  };
}

function pathOf(url: string | undefined): string {
  const end = (url ?? '/').search(/[?#]/);
  return end === -1 ? (url ?? '/') : (url ?? '/').slice(0, end);
}

function makeEntry(headers: OutgoingHttpHeaders, identity: Buffer, version: string, storedAt: number): Entry {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!TRANSFER_HEADERS.includes(name)) kept[name] = value;
  return {
    headers: kept,
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
    gzip: gzipSync(identity, { level: 6 }),
    etag: `W/"${createHash('sha1').update(identity).digest('base64url')}"`,
    storedAt,
    version,
    revalidating: false,
  };
}

function send(req: IncomingMessage, res: ServerResponse, entry: Entry, state: 'hit' | 'stale', age: number): void {
  const encoding = answerCoding(req.headers['accept-encoding'], KEPT_CODINGS);
  // Uncompressed, the copy may still be compressed on the way out (a client taking zstd alone), and
  // compression may move what it is given to its thread (decision 044): it gets a copy of its own.
  const body = encoding ? entry[encoding] : Buffer.from(entry.identity);
  for (const [name, value] of Object.entries(entry.headers)) if (value !== undefined) res.setHeader(name, value);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', entry.etag);
  res.setHeader('Age', String(Math.floor(age)));
  res.setHeader('X-Page-Cache', state);
  if (req.headers['if-none-match'] === entry.etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', body.length);
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Watches the render as it is written to `res`: a shareable answer gets the
 * public Cache-Control, and, when `keepBody`, its headers and body go to
 * `done`; anything else goes through untouched, and `done` gets undefined.
 * The body is copied as it is written: compression may move the written
 * buffer to its thread (decision 044).
 */
function capture(
  req: IncomingMessage,
  res: ServerResponse,
  keepBody: boolean,
  done: (captured: { headers: OutgoingHttpHeaders; body: Buffer } | undefined) => void,
): void {
  let headers: OutgoingHttpHeaders | undefined;
  const chunks: Buffer[] = [];
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const given = rest.find((arg) => typeof arg === 'object' && arg !== null && !Array.isArray(arg)) as OutgoingHttpHeaders | undefined;
    const all: OutgoingHttpHeaders = { ...res.getHeaders(), ...lowerCased(given) };
    if (isShareable(status, all)) {
      if (given) for (const name of Object.keys(given)) if (name.toLowerCase() === 'cache-control') delete given[name];
      res.setHeader('Cache-Control', PUBLIC_PAGE_CACHE_CONTROL);
      all['cache-control'] = PUBLIC_PAGE_CACHE_CONTROL;
      headers = all;
      res.setHeader('X-Page-Cache', 'miss');
    }
    return writeHead(status, ...rest);
  }) as ServerResponse['writeHead'];
  const keep = (chunk: unknown, encoding?: unknown) => {
    const bytes = headers && keepBody ? bodyChunk(chunk, encoding) : undefined;
    if (bytes) chunks.push(Buffer.from(bytes));
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as ServerResponse['write'];
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    keep(chunk, rest[0]);
    return end(chunk, ...rest);
  }) as ServerResponse['end'];
  let settled = false;
  const settle = (complete: boolean) => {
    if (settled) return;
    settled = true;
    done(complete && headers && keepBody ? { headers, body: wholeBody(chunks) } : undefined);
  };
  res.once('finish', () => settle(true));
  res.once('close', () => settle(false));
}

function lowerCased(headers: OutgoingHttpHeaders | undefined): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}
