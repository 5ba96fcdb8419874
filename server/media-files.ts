import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MediaHead, MediaStore } from '../api/media/media.repository.ts';
import { createStaticHandler } from './static-files.ts';

/**
 * `/media/`: files under MEDIA_DIR first (the demo images, as before), then the
 * media store (imported and uploaded images, decision 066), so every process
 * behind a load balancer serves what any one of them stored. Without a store
 * (proxy mode: no local database) it is the folder alone, as before.
 */
const PREFIX = '/media/';
// Stored paths are content-addressed: what a path names never changes.
const STORED_CACHE_CONTROL = 'public, max-age=31536000, immutable';
// No stored path is this long; a longer one is not worth a query.
const MAX_PATH_LENGTH = 512;

export function createMediaHandler(options: { dir: string; store?: MediaStore | undefined }) {
  const serveFolder = createStaticHandler([{ prefix: PREFIX, dir: options.dir, cacheControl: () => 'public, max-age=86400' }]);
  const store = options.store;
  return async function serveMedia(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (await serveFolder(req, res)) return true;
    if (!store || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const path = storedPath(req.url ?? '/');
    if (!path) return false;
    const ifNoneMatch = req.headers['if-none-match'];
    if (ifNoneMatch !== undefined) {
      // The bytes are not read for a 304.
      const head = await store.head(path);
      if (!head) return false;
      if (matches(ifNoneMatch, head.etag)) {
        setHeaders(res, head);
        res.statusCode = 304;
        res.end();
        return true;
      }
    }
    const file = await store.get(path);
    if (!file) return false;
    setHeaders(res, file);
    res.setHeader('Content-Length', file.bytes.length);
    res.statusCode = 200;
    res.end(req.method === 'HEAD' ? undefined : file.bytes);
    return true;
  };
}

/** The stored path a request names (as stored: decoded), or undefined for anything no stored file can be. */
function storedPath(url: string): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://x').pathname);
  } catch {
    return undefined;
  }
  if (!pathname.startsWith(PREFIX) || pathname.length > MAX_PATH_LENGTH || pathname.includes('\0')) return undefined;
  return pathname;
}

/** If-None-Match compares weakly (RFC 9110 13.1.2): W/ is ignored; `*` matches any stored file. */
function matches(header: string, etag: string): boolean {
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === etag;
  });
}

function setHeaders(res: ServerResponse, head: Pick<MediaHead, 'content_type' | 'etag'>): void {
  res.setHeader('ETag', head.etag);
  res.setHeader('Content-Type', head.content_type);
  res.setHeader('Cache-Control', STORED_CACHE_CONTROL);
  res.setHeader('X-Content-Type-Options', 'nosniff');
}
