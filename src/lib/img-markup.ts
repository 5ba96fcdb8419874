/**
 * An `<img>` tag as HTML text, every attribute value escaped, for places
 * where markup must be written as a string: the `<noscript>` copy of a lazy
 * image (src/components/LazyImage.astro). With scripting on, the parser reads
 * a `<noscript>` as raw text up to the first `</noscript>`, and Astro escapes
 * only `&` and `"` in attribute values, so a product name holding
 * `</noscript>` in an alt would end the element early and inject markup.
 * Here `<` and `>` never appear unescaped, so nothing can close it.
 */

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside a quoted attribute value, and inside a raw-text element. */
export function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

export type ImgAttributes = Record<string, string | number | undefined>;

/** `<img name="value" ...>`; undefined values are left out. Names are the caller's own, never data. */
export function imgMarkup(attributes: ImgAttributes): string {
  const parts = Object.entries(attributes)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => `${name}="${escapeAttribute(String(value))}"`);
  return `<img ${parts.join(' ')}>`;
}
