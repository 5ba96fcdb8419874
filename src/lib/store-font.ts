/**
 * The store's font (SPEC §3 fontFamily, decision 024): one of a shipped set,
 * self-hosted from its npm package through Astro's Fonts API
 * (astro.config.mjs), preloaded in the one weight the first paint needs,
 * with a fallback metric-matched to it so nothing shifts when it arrives.
 * Any other family is left to the system (src/lib/theme.ts keeps it first in
 * the stack, so a shopper who has it installed sees it).
 */

/** The shipped families: name as stores write it, and the @fontsource package that holds it. */
export const SHIPPED_FONTS = [
  { name: 'Instrument Sans', slug: 'instrument-sans' },
  { name: 'Inter', slug: 'inter' },
  { name: 'Poppins', slug: 'poppins' },
  { name: 'Roboto', slug: 'roboto' },
  { name: 'DM Sans', slug: 'dm-sans' },
  { name: 'Raleway', slug: 'raleway' },
] as const;

export type ShippedFont = (typeof SHIPPED_FONTS)[number];

/**
 * Weights shipped: body text and semibold labels and headings (decision 032).
 * Text set `font-medium` (500) is drawn in 400 and `font-bold` (700) in 600,
 * by CSS font matching: two files instead of four on a first visit, about
 * 36 KB less competing with the largest image on a slow connection.
 */
export const SHIPPED_WEIGHTS = [400, 600] as const;
/** The weight the first paint needs (body text): the only one preloaded. */
export const PRELOADED_WEIGHT = 400;

/**
 * How each weight's @font-face displays. The preloaded weight swaps in over
 * its metric-matched fallback. A weight not preloaded is `optional`: if it is
 * not there for the first paint, that page keeps the fallback (the file is
 * still fetched and cached for the next page), so nothing moves when it
 * arrives; with `swap` the semibold headings reflowed on a slow first visit
 * (CLS 0.001 on /, decision 035).
 */
export function fontDisplayOf(weight: number): 'swap' | 'optional' {
  return weight === PRELOADED_WEIGHT ? 'swap' : 'optional';
}

export const fontCssVariable = (font: ShippedFont) => `--font-shipped-${font.slug}` as const;

/** The shipped font a store-info fontFamily names first, if it is one of the set. */
export function shippedFont(fontFamily: unknown): ShippedFont | undefined {
  const first = (typeof fontFamily === 'string' ? fontFamily : '').split(',')[0]?.replace(/["']/g, '').trim().toLowerCase();
  return SHIPPED_FONTS.find((font) => font.name.toLowerCase() === first);
}
