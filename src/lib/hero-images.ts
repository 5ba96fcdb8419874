/**
 * Right-sized hero pictures (decision 028). The hero spans the whole width, so
 * a phone needs far fewer pixels than a desktop: when a slide's URL ends in
 * `-1600.webp`, a `-800.webp` copy is expected beside it and the browser picks
 * by width. Any other URL is used as it is (no srcset), as for product images
 * without their `-640.webp` variants (src/lib/product-images.ts).
 */

/** Widths written for each hero picture, the largest being the one the URL names. */
const HERO_VARIANT_WIDTHS = [800, 1600] as const;

/** The hero is as wide as the viewport at every size. */
export const HERO_SIZES = '100vw';

/** A srcset of the -800/-1600 variants when the URL ends in -1600.webp; else undefined. */
export function heroSrcset(url: string): string | undefined {
  const suffix = `-${HERO_VARIANT_WIDTHS.at(-1)}.webp`;
  if (!url.endsWith(suffix)) return undefined;
  const stem = url.slice(0, -suffix.length);
  return HERO_VARIANT_WIDTHS.map((width) => `${stem}-${width}.webp ${width}w`).join(', ');
}
