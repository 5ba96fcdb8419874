/**
 * Hashes of the stylesheets libraries inject at run time, for the CSP's
 * style-src (astro.config.mjs). sonner (toasts) appends its stylesheet as a
 * <style> element on first load; without its hash the browser refuses it and
 * toasts lose their layout. Read from the installed package, so an upgrade
 * keeps the hash right; a package that no longer injects simply adds none.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The string literals passed to `__insertCSS("...")` in a bundled module. */
export function injectedStylesheets(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/__insertCSS\(("(?:[^"\\]|\\.)*")\)/g)) {
    found.push(JSON.parse(match[1]!) as string);
  }
  return found;
}

export function styleHash(css: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(css).digest('base64')}`;
}

/**
 * `__insertCSS` appends an empty <style> to the head first and fills it after,
 * and the browser checks the element against style-src at each step: the empty
 * one needs the hash of '' (an empty sheet applies nothing, so allowing it
 * opens nothing). That hash used to reach the policy by chance: Astro hashed an
 * empty head style per render while the stylesheets were links; with them
 * inline (decision 028) it no longer does, and toasts were refused.
 */
export function sonnerStyleHashes(): `sha256-${string}`[] {
  const entry = require.resolve('sonner');
  const esm = entry.replace(/index\.js$/, 'index.mjs');
  const hashes = [...new Set([entry, esm])].flatMap((file) => injectedStylesheets(readFileSync(file, 'utf8')).map(styleHash));
  return hashes.length === 0 ? [] : [...new Set([...hashes, styleHash('')])];
}
