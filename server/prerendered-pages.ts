import { readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { dirname, join, sep } from 'node:path';
import { readPrerenderedPage, type PrerenderedPage } from '../src/lib/prerendered-page.ts';

/**
 * The pages Astro prerendered at build: `<clientDir>/<path>/index.html`
 * (decision 013). They are never sent as files, because their head, header
 * and footer were built without the store; server.ts hands their content to
 * the storefront, which serves it inside the live layout. The build does not
 * change under a running server, so the files are read once, at start-up.
 */
export interface PrerenderedPages {
  /** A GET or HEAD of a prerendered page's address: that address and the page's built content. */
  find(req: IncomingMessage): (PrerenderedPage & { path: string }) | undefined;
  /** The addresses found in the build, for the start-up log. */
  paths: string[];
}

export function createPrerenderedPages(clientDir: string): PrerenderedPages {
  const pages = new Map<string, PrerenderedPage>();
  for (const entry of readdirSync(clientDir, { recursive: true, encoding: 'utf8' })) {
    if (entry !== 'index.html' && !entry.endsWith(`${sep}index.html`)) continue;
    const folder = dirname(entry);
    const path = folder === '.' ? '/' : `/${folder.split(sep).join('/')}`;
    const page = readPrerenderedPage(readFileSync(join(clientDir, entry), 'utf8'));
    // A page not built with the layout cannot be dressed: better to refuse to start than to serve it wrong.
    if (!page) throw new Error(`${join(clientDir, entry)} is not a page built with src/layouts/Base.astro`);
    pages.set(path, page);
  }
  return {
    paths: [...pages.keys()].sort(),
    find(req) {
      if ((req.method !== 'GET' && req.method !== 'HEAD') || pages.size === 0) return undefined;
      let pathname: string;
      try {
        pathname = new URL(req.url ?? '/', 'http://x').pathname;
      } catch {
        return undefined;
      }
      // /faq and /faq/ are one page, as they are for pages rendered on demand.
      const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
      const page = pages.get(path);
      return page ? { ...page, path } : undefined;
    },
  };
}
