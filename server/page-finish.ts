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
import type { ServerResponse } from 'node:http';
import { holdBody } from './held-body.ts';

export type PageFinish = (html: Uint8Array) => Uint8Array;

const HTML_TYPE = /^\s*text\/html\s*(;|$)/i;
const isHtml = (res: ServerResponse) => HTML_TYPE.test(String(res.getHeader('content-type') ?? ''));

/** Wraps `res` for one render: an HTML answer is held whole, finished, and sent on with its new length. */
export function finishPages(res: ServerResponse, finish: PageFinish): void {
  holdBody(res, isHtml, (page, send) => send(finish(page)));
}
