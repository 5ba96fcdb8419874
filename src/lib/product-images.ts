/**
 * Which picture of a product to show and its responsive variants (SPEC §2). Kept apart from
 * the catalogue calls so islands that need it do not load the catalogue's parsers.
 */
import { IMAGE_VARIANT_WIDTHS } from './constants.ts';

/** SPEC §2: the cover_image when present, else the first of the comma-separated product_images; else null. */
export function coverImageOf(product: { cover_image?: string | null; product_images?: string | null }): string | null {
  const cover = product.cover_image?.trim();
  if (cover) return cover;
  const first = (product.product_images ?? '')
    .split(',')
    .map((url) => url.trim())
    .find((url) => url !== '');
  return first ?? null;
}

/** A srcset of the IMAGE_VARIANT_WIDTHS variants when the URL ends in -640.webp; else undefined. */
export function imageSrcset(url: string): string | undefined {
  const suffix = '-640.webp';
  if (!url.endsWith(suffix)) return undefined;
  const stem = url.slice(0, -suffix.length);
  return IMAGE_VARIANT_WIDTHS.map((width) => `${stem}-${width}.webp ${width}w`).join(', ');
}
