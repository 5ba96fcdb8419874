/**
 * HTML written as text by the markup functions of this folder (decision 042):
 * pieces that repeat on catalogue pages (product cards, their images, prices,
 * hearts and add-to-cart forms) are built as one string each instead of a tree
 * of Astro components, which cost about 0.25 ms of server time per card.
 * Every value goes through escapeHtml; attribute and element names are the
 * callers' own, never data.
 */

const NEEDS_ESCAPE = /[&<>"'\u0080-\uffff]/;

/**
 * Text safe as element content, inside a quoted attribute value, and inside a
 * raw-text element such as `<noscript>` (no `<` or `>` survives, so a value
 * cannot close it).
 *
 * A character past U+007F (a dash or an accent in a name) is written as a
 * numeric reference, so the markup is ASCII. V8 keeps a page a two-byte
 * string once any piece of it was one, and such a page took five times as
 * long to encode for sending (180 against 35 µs for /shop's 150 KB, decision
 * 042); Astro's TextEncoder takes twice as long again for one-byte text with a
 * single `©` as for ASCII (97 against 50 µs, decision 043). Text we write
 * ourselves is written ASCII from the start (formatPaiseHtml, entities in
 * templates); a value that arrives otherwise through Astro keeps its page so.
 * Most values need nothing: they are tested first and returned as they are.
 * The others are walked once by character code: a replace calling back for
 * each quote of a card's JSON data attributes was a sixth of a card (decision 062).
 */
export function escapeHtml(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  let out = '';
  let copied = 0;
  for (let at = 0; at < value.length; at++) {
    const code = value.charCodeAt(at);
    let entity: string;
    if (code === 0x26) entity = '&amp;';
    else if (code === 0x3c) entity = '&lt;';
    else if (code === 0x3e) entity = '&gt;';
    else if (code === 0x22) entity = '&quot;';
    else if (code === 0x27) entity = '&#39;';
    else if (code < 0x80) continue;
    else {
      // A whole code point: a surrogate pair is one reference (a lone surrogate is a reference of its own).
      const point = value.codePointAt(at)!;
      entity = `&#${point};`;
      if (point > 0xffff) {
        out += value.slice(copied, at) + entity;
        copied = ++at + 1;
        continue;
      }
    }
    out += value.slice(copied, at) + entity;
    copied = at + 1;
  }
  return out + value.slice(copied);
}

export type AttributeValue = string | number | boolean | null | undefined;

/** ` name="value"` per attribute, in order: false, null and undefined are left out, true writes the bare name. */
export function attributes(record: Readonly<Record<string, AttributeValue>>): string {
  let out = '';
  // `for...in` over an object literal: Object.entries built an array per attribute, on every card (decision 062).
  for (const name in record) {
    const value = record[name];
    if (value === undefined || value === null || value === false) continue;
    if (value === true) out += ` ${name}`;
    // A number's text is digits, a sign, a point, an exponent, Infinity or NaN: nothing to escape.
    else if (typeof value === 'number') out += ` ${name}="${value}"`;
    else out += ` ${name}="${escapeHtml(value)}"`;
  }
  return out;
}

/** A class attribute's value from optional parts (Astro's class:list for plain strings). */
export function classNames(...parts: ReadonlyArray<string | false | null | undefined>): string {
  return parts.filter((part): part is string => typeof part === 'string' && part.trim() !== '').join(' ');
}

/** A short random suffix for ids that must be unique on a page where one product may show twice. */
export function uniqueSuffix(): string {
  return crypto.randomUUID().slice(0, 8);
}
