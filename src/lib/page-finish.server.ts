/**
 * The server's finishing of a page on its bytes as Astro encoded them, in one
 * pass with native searches (decoding a 150 KB page to a string and encoding
 * it again cost more than the work itself):
 * - the layout's STYLESHEET_SLOT becomes the stylesheet (decision 046);
 * - every external module script becomes a placeholder naming its address, to
 *   be started after the first paint (decision 039, src/lib/page-scripts.ts).
 */
import { STYLESHEET_SLOT, type PageParts } from './page-parts.ts';
import { PAGE_SCRIPT_TYPE } from './page-scripts.ts';

// Exactly what Astro renders for a component script (astro/dist/runtime/server/render/script.js).
const OPEN = Buffer.from('<script type="module" src="');
const CLOSE = Buffer.from('"></script>');
const PLACEHOLDER_OPEN = Buffer.from(`<script type="${PAGE_SCRIPT_TYPE}" data-src="`);
const SLOT = Buffer.from(STYLESHEET_SLOT);
const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;

/** The finished page; the same bytes when there is nothing to do. */
export function finishPage(html: Uint8Array, parts: PageParts = {}): Uint8Array {
  const source = Buffer.from(html.buffer, html.byteOffset, html.byteLength);
  const pieces: Uint8Array[] = [];
  let copied = 0;
  // The slot's first occurrence is the layout's: it comes before anything a store or shopper wrote.
  const { stylesheet } = parts;
  const slot = stylesheet ? source.indexOf(SLOT) : -1;
  if (stylesheet && slot !== -1) {
    pieces.push(source.subarray(0, slot), stylesheet);
    copied = slot + SLOT.length;
  }
  let searchFrom = copied;
  for (let at = source.indexOf(OPEN, searchFrom); at !== -1; at = source.indexOf(OPEN, searchFrom)) {
    const address = at + OPEN.length;
    const end = source.indexOf(CLOSE, address);
    if (end === -1) break;
    searchFrom = address;
    const src = source.subarray(address, end);
    // Not one tag (text that only looks like the start of one): left as it is.
    if (src.includes(LESS_THAN) || src.includes(GREATER_THAN)) continue;
    pieces.push(source.subarray(copied, at), PLACEHOLDER_OPEN, src, CLOSE);
    copied = end + CLOSE.length;
    searchFrom = copied;
  }
  if (pieces.length === 0) return html;
  pieces.push(source.subarray(copied));
  return Buffer.concat(pieces);
}
