/**
 * Shared catalogue reads of the in-process API, kept per catalogue version
 * (decisions 022, 023). Every page render asks for store-info (settings and
 * the category list), the home page for its sections and /shop for the sizes
 * of the categories it lists: the same answer for every shopper until the
 * catalogue changes, so it is computed once per version instead of once per
 * render. Only calls without a shopper's token, and only 200 answers, are kept.
 */
import type { CallApi, InProcessAnswer } from '../src/lib/api/in-process-call.server.ts';
import type { VersionReader } from './catalogue-version.ts';

const SHARED_READS = new Set(['/api/store-info', '/api/home-page-sections']);
/** Shared reads whose answer depends on the body (the categories asked for): kept per body (decision 056). */
const SHARED_READS_BY_BODY = new Set(['/api/subcategory-variations']);
/** Answers kept at most: bodies are few (the store's categories, or those a shopper filters by), but any may be sent. */
export const SHARED_READS_KEPT = 64;

interface Kept {
  version: string;
  answer: InProcessAnswer;
}

/** The path of an absolute URL, without its query. */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return '/';
  const end = url.search(/[?#]/);
  return url.slice(start, end === -1 ? undefined : end);
}

export function cacheSharedReads(callApi: CallApi, currentVersion: VersionReader): CallApi {
  const kept = new Map<string, Kept>();
  return async function cachedCall(call) {
    const path = pathOf(call.url);
    const byBody = SHARED_READS_BY_BODY.has(path);
    const personal = call.headers.some(([name]) => name.toLowerCase() === 'authorization');
    if ((!byBody && !SHARED_READS.has(path)) || personal || (call.method !== 'GET' && call.method !== 'POST')) return callApi(call);
    const key = `${call.method} ${path}${byBody ? ` ${call.body ?? ''}` : ''}`;
    const version = await currentVersion();
    const hit = kept.get(key);
    // Answers are plain data, never changed once made: every caller may share one.
    if (hit && hit.version === version) return hit.answer;
    const answer = await callApi(call);
    if (answer.status !== 200) return answer;
    kept.delete(key);
    kept.set(key, { version, answer });
    // The oldest kept answer goes first.
    if (kept.size > SHARED_READS_KEPT) kept.delete(kept.keys().next().value!);
    return answer;
  };
}
