import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { dirname, join, sep } from 'node:path';

/**
 * The pages Astro prerendered at build: `<clientDir>/<path>/index.html`
 * (decision 013). They are never sent as files, because their head, header
 * and footer were built without the store; server.ts hands the file to the
 * storefront, which serves the built content inside the live layout.
 */
export interface PrerenderedPages {
  /** A GET or HEAD of a prerendered page's address: that address and the built HTML. */
  find(req: IncomingMessage): Promise<{ path: string; html: string } | undefined>;
  /** The addresses found in the build, for the start-up log. */
  paths: string[];
}

export function createPrerenderedPages(clientDir: string): PrerenderedPages {
  const files = new Map<string, string>();
  for (const entry of readdirSync(clientDir, { recursive: true, encoding: 'utf8' })) {
    if (entry !== 'index.html' && !entry.endsWith(`${sep}index.html`)) continue;
    const folder = dirname(entry);
    files.set(folder === '.' ? '/' : `/${folder.split(sep).join('/')}`, join(clientDir, entry));
  }
  return {
    paths: [...files.keys()].sort(),
    async find(req) {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || files.size === 0) return undefined;
      let pathname: string;
      try {
        pathname = new URL(req.url ?? '/', 'http://x').pathname;
      } catch {
        return undefined;
      }
      // /faq and /faq/ are one page, as they are for pages rendered on demand.
      const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      const file = files.get(path);
      // Read per request (the page cache keeps it in memory), so a rebuild shows without a restart.
      return file ? { path, html: await readFile(file, 'utf8') } : undefined;
    },
  };
}
