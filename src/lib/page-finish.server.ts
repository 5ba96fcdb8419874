/**
 * The server's half of decision 039 (src/lib/page-scripts.ts): every external
 * module script of an HTML answer becomes a placeholder naming its address.
 * Works on the answer's bytes as Astro encoded them, with native searches:
 * decoding a 150 KB page to a string and encoding it again cost more than the
 * rewrite itself.
 */
import { PAGE_SCRIPT_TYPE } from './page-scripts.ts';

// Exactly what Astro renders for a component script (astro/dist/runtime/server/render/script.js).
const OPEN = Buffer.from('<script type="module" src="');
const CLOSE = Buffer.from('"></script>');
const PLACEHOLDER_OPEN = Buffer.from(`<script type="${PAGE_SCRIPT_TYPE}" data-src="`);
const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;

/** The HTML with every external module script left as a placeholder that names its address; the same bytes when there is none. */
export function deferPageScripts(html: Uint8Array): Uint8Array {
  const source = Buffer.from(html.buffer, html.byteOffset, html.byteLength);
  const parts: Buffer[] = [];
  let copied = 0;
  let searchFrom = 0;
  for (let at = source.indexOf(OPEN, searchFrom); at !== -1; at = source.indexOf(OPEN, searchFrom)) {
    const address = at + OPEN.length;
    const end = source.indexOf(CLOSE, address);
    if (end === -1) break;
    searchFrom = address;
    const src = source.subarray(address, end);
    // Not one tag (text that only looks like the start of one): left as it is.
    if (src.includes(LESS_THAN) || src.includes(GREATER_THAN)) continue;
    parts.push(source.subarray(copied, at), PLACEHOLDER_OPEN, src, CLOSE);
    copied = end + CLOSE.length;
    searchFrom = copied;
  }
  if (parts.length === 0) return html;
  parts.push(source.subarray(copied));
  return Buffer.concat(parts);
}
