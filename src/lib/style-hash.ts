/**
 * The CSP hash of an inline stylesheet that is the same on every page of a
 * store (its theme): worked out when the stylesheet changes, not on every
 * render. The last stylesheet and its hash are kept.
 */
import { createHash } from 'node:crypto';

let last: { css: string; hash: `sha256-${string}` } | undefined;

export function styleHash(css: string): `sha256-${string}` {
  if (last?.css !== css) last = { css, hash: `sha256-${createHash('sha256').update(css).digest('base64')}` };
  return last.hash;
}
