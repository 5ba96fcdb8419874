/**
 * Shared catalogue reads of the in-process API, kept per catalogue version
 * (decisions 022, 023). Every page render asks for store-info (settings and
 * the category list) and the home page for its sections: the same answer for
 * every shopper until the catalogue changes, so it is computed once per
 * version instead of once per render. Only calls without a shopper's token,
 * and only 200 answers, are kept.
 */
import type { VersionReader } from './catalogue-version.ts';

const SHARED_READS = new Set(['/api/store-info', '/api/home-page-sections']);

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
    if (!SHARED_READS.has(path) || request.headers.has('authorization') || (request.method !== 'GET' && request.method !== 'POST')) {
      return apiFetch(request);
    }
    const key = `${request.method} ${path}`;
    const version = await currentVersion();
    const hit = kept.get(key);
    if (hit && hit.version === version) return new Response(hit.body, { status: hit.status, headers: hit.headers });
    const response = await apiFetch(request);
    if (response.status !== 200) return response;
    const body = await response.text();
    const headers = [...response.headers.entries()];
    kept.set(key, { version, status: response.status, headers, body });
    return new Response(body, { status: response.status, headers });
  };
}
