/**
 * Reading a page Astro prerendered at build (decision 013). Only its content
 * is kept: the inside of `<main id="main">`, with the title and description
 * the layout wrote on that element. The rest of the file (head, header,
 * footer) was built without a store, so the live layout replaces it.
 */

export interface PrerenderedPage {
  title: string;
  description: string | undefined;
  /** The HTML inside `<main id="main">`, as built. */
  content: string;
}

// An opening <main> tag; quoted attribute values may hold '>'.
const MAIN_OPEN_TAG = /<main\b((?:[^>"']|"[^"]*"|'[^']*')*)>/i;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the character references an attribute value may hold. */
export function decodeAttribute(value: string): string {
  return value.replace(/&(?:#(\d+)|#x([\da-f]+)|(amp|lt|gt|quot|apos));/gi, (whole, dec, hex, name) => {
    if (name) return NAMED_ENTITIES[String(name).toLowerCase()] ?? whole;
    const code = dec ? Number.parseInt(dec, 10) : Number.parseInt(hex, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function attributesOf(tagBody: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, doubleQuoted, singleQuoted, bare] of tagBody.matchAll(ATTRIBUTE)) {
    if (name) attributes.set(name.toLowerCase(), decodeAttribute(doubleQuoted ?? singleQuoted ?? bare ?? ''));
  }
  return attributes;
}

/** The page's content and metadata, or undefined when the HTML is not a prerendered page of ours. */
export function readPrerenderedPage(html: string): PrerenderedPage | undefined {
  const open = MAIN_OPEN_TAG.exec(html);
  if (!open) return undefined;
  const attributes = attributesOf(open[1] ?? '');
  const title = attributes.get('data-page-title')?.trim();
  if (attributes.get('id') !== 'main' || !title) return undefined;
  const start = open.index + open[0].length;
  // The last </main>: the content itself (editor HTML) may mention the tag.
  const end = html.toLowerCase().lastIndexOf('</main>');
  if (end < start) return undefined;
  return {
    title,
    description: attributes.get('data-page-description')?.trim() || undefined,
    content: html.slice(start, end),
  };
}
