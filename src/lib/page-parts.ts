/**
 * Parts of a page the server puts in on the page's bytes (decision 046).
 * server.ts, which finishes every page it serves (decision 043), hands a
 * render an empty `PageParts` in `locals.pageParts`; the layout then writes
 * STYLESHEET_SLOT where the storefront's stylesheet goes and leaves the
 * stylesheet's element, encoded once per process, in `stylesheet`. A 55 KB
 * stylesheet in every page was otherwise joined into the page's text, encoded
 * and copied again on every render. Rendered without server.ts (a build's
 * prerendered pages, `astro dev`), the layout writes the stylesheet itself.
 */

/** Where the layout leaves the stylesheet: first in the head, so nothing a store or shopper wrote comes before it. */
export const STYLESHEET_SLOT = '<style data-stylesheet-slot></style>';

export interface PageParts {
  /** The `<style>` element that takes STYLESHEET_SLOT's place, as bytes. */
  stylesheet?: Uint8Array;
}
