/**
 * Shared catalogue reads of the in-process API, kept per catalogue version
 * (decisions 022, 023). Every page render asks for store-info (settings and
 * the category list), the home page for its sections and /shop for the sizes
 * of the categories it lists: the same answer for every shopper until the
 * catalogue changes, so it is computed once per version instead of once per
 * render. Only calls without a shopper's token, and only 200 answers, are kept.
 */
import type { VersionReader } from './catalogue-version.ts';

const SHARED_READS = new Set(['/api/store-info', '/api/home-page-sections']);
/** Shared reads whose answer depends on the body (the categories asked for): kept per body (decision 056). */
const SHARED_READS_BY_BODY = new Set(['/api/subcategory-variations']);
/** Answers kept at most: bodies are few (the store's categories, or those a shopper filters by), but any may be sent. */
export const SHARED_READS_KEPT = 64;

interface Kept {
  version: string;
  status: number;
  headers: [string, string][];
  body: string;
}

export function cacheSharedReads(apiFetch: (request: Request) => Promise<Response>, currentVersion: VersionReader) {
  const kept = new Map<string, Kept>();
  return async function cachedApiFetch(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    const byBody = SHARED_READS_BY_BODY.has(path);
    if ((!byBody && !SHARED_READS.has(path)) || request.headers.has('authorization') || (request.method !== 'GET' && request.method !== 'POST')) {
      return apiFetch(request);
    }
    let key = `${request.method} ${path}`;
    let sent = request;
    if (byBody && request.body) {
      const text = await request.text();
      key += ` ${text}`;
      sent = new Request(request.url, { method: request.method, headers: request.headers, body: text });
    }
    const version = await currentVersion();
    const hit = kept.get(key);
    if (hit && hit.version === version) return new Response(hit.body, { status: hit.status, headers: hit.headers });
    const response = await apiFetch(sent);
    if (response.status !== 200) return response;
    const body = await response.text();
    const headers = [...response.headers.entries()];
    kept.delete(key);
    kept.set(key, { version, status: response.status, headers, body });
    // The oldest kept answer goes first.
    if (kept.size > SHARED_READS_KEPT) kept.delete(kept.keys().next().value!);
    return new Response(body, { status: response.status, headers });
  };
}
