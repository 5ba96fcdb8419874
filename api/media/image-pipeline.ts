import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { IMAGE_VARIANT_WIDTHS } from '../../src/lib/constants.ts';
import type { Database } from '../db/schema.ts';
import { databaseMediaStore, type MediaStore } from './media.repository.ts';

/**
 * Imported and uploaded product images (SECURITY 40, decision 066): decoded,
 * stripped of metadata and re-encoded as WebP at the widths the storefront's
 * srcset names (`…-640.webp` and its siblings, as the demo images are), so
 * the bytes that are served were all written here, never the upload itself.
 */

/**
 * Decompression-bomb guard, checked on the header before any pixel is
 * decoded: 40 megapixels is above any product photo (a 48 MP phone camera
 * writes 12 MP by default) and below the ~160 MB a decode of it takes.
 */
const MAX_INPUT_PIXELS = 40_000_000;
/** What sharp may decode for us; AVIF is sharp's `heif` with AV1 inside. SVG, TIFF and the rest are refused. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
const ACCEPTED_NAMES = 'JPEG, PNG, WebP, GIF or AVIF';
/** The width whose URL a product names; srcset finds the others from its `-640.webp` ending (src/lib/product-images.ts). */
const MAIN_WIDTH = 640;
/**
 * Height over width is kept as it is within these bounds and cropped (centred)
 * outside them: cards and the gallery show a square with object-cover anyway,
 * and a 1:20 strip would otherwise make a 1024 x 20480 file.
 */
const MIN_RATIO = 0.5;
const MAX_RATIO = 2;
// The demo images' settings (decision 035): effort above 2 barely shrinks the files and takes twice as long.
const WEBP = { quality: 78, effort: 2 } as const;
const HASH_HEX = 16;
const SLUG_MAX = 60;

/**
 * Stores a product image and answers the path of its main image (what goes in
 * `cover_image` / `product_images`). Throws an Error whose message says why
 * the input is refused (not an image, a damaged one, too many pixels); then
 * nothing is stored.
 */
export async function storeProductImage(db: Kysely<Database>, input: Buffer, options: { name: string }): Promise<{ url: string }> {
  return storeImage(databaseMediaStore(db), input, options);
}

async function storeImage(store: MediaStore, input: Buffer, options: { name: string }): Promise<{ url: string }> {
  const stem = `/media/products/${createHash('sha256').update(input).digest('hex').slice(0, HASH_HEX)}-${slugOf(options.name)}`;
  const pathOf = (width: number) => `${stem}-${width}.webp`;
  // Content-addressed: the same input was stored whole before (put is all or none), so there is nothing to do.
  if (await store.head(pathOf(MAIN_WIDTH))) return { url: pathOf(MAIN_WIDTH) };
  const encoded = await encodeWidths(input);
  const files = encoded.map(({ width, bytes }) => ({
    path: pathOf(width),
    content_type: 'image/webp',
    bytes,
    size: bytes.length,
    etag: `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`,
  }));
  await store.put(files, new Date().toISOString());
  return { url: pathOf(MAIN_WIDTH) };
}

/** The input decoded once (at the largest width), then each width encoded from those pixels. */
async function encodeWidths(input: Buffer): Promise<Array<{ width: number; bytes: Buffer }>> {
  const meta = await readHeader(input);
  const { width, height } = meta.autoOrient;
  const ratio = Math.min(MAX_RATIO, Math.max(MIN_RATIO, height / width));
  const largest = Math.max(...IMAGE_VARIANT_WIDTHS);
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    // Only the first frame of an animation. Raw pixels carry no EXIF, ICC or XMP: nothing of the input's metadata can survive.
    pixels = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true })
      .resize({ width: largest, height: Math.round(largest * ratio), fit: 'cover' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw refusal(error);
  }
  const raw = { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels };
  return Promise.all(
    IMAGE_VARIANT_WIDTHS.map(async (w) => ({
      width: w,
      bytes: await sharp(pixels.data, { raw })
        .resize({ width: w, height: Math.round(w * ratio), fit: 'fill' })
        .webp(WEBP)
        .toBuffer(),
    })),
  );
}

/** The header only: what the input says it is, checked before a pixel is decoded. */
async function readHeader(input: Buffer): Promise<Metadata> {
  let meta: Metadata;
  try {
    // Header parsing decodes no pixels: unlimited here, so a bomb is refused below with its size in the message.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new Error(`not an image (${ACCEPTED_NAMES} expected)`);
  }
  const format = meta.format === 'heif' && meta.compression !== 'av1' ? 'heic' : meta.format;
  if (!ACCEPTED_FORMATS.has(format)) throw new Error(`not a supported image (${format}; ${ACCEPTED_NAMES} expected)`);
  const { width, height } = meta.autoOrient;
  if (!(width > 0 && height > 0)) throw new Error('a damaged image (no size)');
  if (width * height > MAX_INPUT_PIXELS) {
    throw new Error(`too large an image (${width} x ${height} pixels; at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels)`);
  }
  return meta;
}

function refusal(error: unknown): Error {
  const detail = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(detail)) return new Error(`too large an image (at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels)`);
  return new Error('a damaged image (it could not be decoded)');
}

/** Lower-case ASCII words joined by dashes, as the catalogue's slugs; a name with none of them gives 'image'. */
function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return slug || 'image';
}
