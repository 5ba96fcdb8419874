import { createReadStream, readdirSync, statSync, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

export interface StaticRoot {
  /** URL prefix, e.g. "/" or "/media/". */
  prefix: string;
  dir: string;
  /** Cache-Control for a file under this root, by its URL path. */
  cacheControl: (pathname: string) => string;
  /**
   * The build's own folders do not change under a running server: their files
   * are listed once at start, so a page request (which matches no file) costs
   * no stat() in the thread pool, shared with compression and hashing.
   */
  fixed?: boolean;
}

/**
 * Serves files under the given roots; answers false when no file matches so
 * the request falls through to page rendering. Paths cannot escape a root.
 * HTML files are left to page rendering too.
 */
export function createStaticHandler(roots: StaticRoot[]) {
  const resolved = roots.map((root) => {
    const dir = resolve(root.dir);
    return { ...root, dir, files: root.fixed ? listFiles(dir) : undefined };
  });
  return async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      return false;
    }
    if (pathname.includes('\0') || pathname.endsWith('/')) return false;
    for (const root of resolved) {
      if (!pathname.startsWith(root.prefix)) continue;
      const file = join(root.dir, pathname.slice(root.prefix.length));
      // HTML files are prerendered pages: served dressed by the storefront, never as files (decision 013).
      if (!file.startsWith(root.dir + sep) || extname(file).toLowerCase() === '.html') continue;
      if (root.files && !root.files.has(file)) continue;
      const info = root.files ? root.files.get(file) : await stat(file).catch(() => undefined);
      if (!info?.isFile()) continue;
      send(req, res, file, info, root.cacheControl(pathname));
      return true;
    }
    return false;
  };
}

/** Every file under `dir`, by absolute path, with its stats (for ETag and length). */
function listFiles(dir: string): Map<string, Stats> {
  const files = new Map<string, Stats>();
  let entries: string[];
  try {
    entries = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    return files; // no such folder: nothing to serve from it
  }
  for (const entry of entries) {
    const file = join(dir, entry);
    const info = statSync(file);
    if (info.isFile()) files.set(file, info);
  }
  return files;
}

function send(req: IncomingMessage, res: ServerResponse, file: string, info: Stats, cacheControl: string): void {
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', info.mtime.toUTCString());
  res.setHeader('Cache-Control', cacheControl);
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  res.setHeader('Content-Type', type);
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Length', info.size);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
