import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeProductImage } from '../../api/media/image-pipeline.ts';
import { deleteMedia, findMedia, findMediaHead, saveMedia } from '../../api/media/media.repository.ts';
import { IMAGE_VARIANT_WIDTHS } from '../../src/lib/constants.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

/**
 * Product images in the database (SECURITY 40, decision 066), on SQLite and
 * PostgreSQL: inputs made here with sharp go through the pipeline, and what is
 * stored is read back and decoded again.
 */
let store: TestDatabase;
beforeAll(async () => {
  store = await createTestDatabase();
});
afterAll(() => store.close());

const rows = async () => (await store.db.selectFrom('media').select(['path', 'created_at']).orderBy('path').execute()).map((r) => ({ ...r }));
const variantsOf = (url: string) => IMAGE_VARIANT_WIDTHS.map((w) => url.replace(/-640\.webp$/, `-${w}.webp`));

/** A photo-like picture (a gradient with noise-free shapes) of the given size. */
function picture(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#c33"/><stop offset="1" stop-color="#36c"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="50%" r="30%" fill="#fc0"/></svg>`;
  return sharp(Buffer.from(svg));
}

describe('storeProductImage', () => {
  it('stores a PNG and a JPEG as WebPs at every srcset width, with no EXIF, ICC or XMP left', async () => {
    const png = await picture(1200, 1500).withIccProfile('p3').withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"/>').png().toBuffer();
    const jpeg = await picture(900, 900).withExif({ IFD0: { Copyright: 'Someone', Artist: 'Camera owner' } }).jpeg().toBuffer();
    expect((await sharp(png).metadata()).icc).toBeDefined();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const fromPng = await storeProductImage(store.db, png, { name: 'Blue Kurta — Set of 2!' });
    const fromJpeg = await storeProductImage(store.db, jpeg, { name: 'Saree' });
    expect(fromPng.url).toMatch(/^\/media\/products\/[0-9a-f]{16}-blue-kurta-set-of-2-640\.webp$/);
    expect(fromJpeg.url).toMatch(/^\/media\/products\/[0-9a-f]{16}-saree-640\.webp$/);

    for (const [url, ratio] of [[fromPng.url, 1.25], [fromJpeg.url, 1]] as const) {
      for (const [i, path] of variantsOf(url).entries()) {
        const file = await findMedia(store.db, path);
        expect(file, path).toBeDefined();
        expect(file!.bytes).toBeInstanceOf(Uint8Array);
        expect(file!.content_type).toBe('image/webp');
        expect(file!.size).toBe(file!.bytes.length);
        expect(file!.etag).toMatch(/^"[0-9a-f]{32}"$/);
        const meta = await sharp(file!.bytes).metadata();
        expect(meta.format).toBe('webp');
        expect([meta.width, meta.height]).toEqual([IMAGE_VARIANT_WIDTHS[i], Math.round(IMAGE_VARIANT_WIDTHS[i]! * ratio)]);
        expect({ exif: meta.exif, icc: meta.icc, xmp: meta.xmp, iptc: meta.iptc }).toEqual({ exif: undefined, icc: undefined, xmp: undefined, iptc: undefined });
      }
    }
  });

  it('turns a photo by its EXIF orientation before the metadata goes', async () => {
    const sideways = await picture(800, 600).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const { url } = await storeProductImage(store.db, sideways, { name: 'Turned' });
    const meta = await sharp((await findMedia(store.db, url))!.bytes).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([640, Math.round((640 * 800) / 600), undefined]);
  });

  it('takes WebP, GIF and AVIF too', async () => {
    for (const [format, input] of [
      ['webp', await picture(500, 500).webp().toBuffer()],
      ['gif', await picture(500, 500).gif().toBuffer()],
      ['avif', await picture(500, 500).avif({ effort: 0 }).toBuffer()],
    ] as const) {
      const { url } = await storeProductImage(store.db, input, { name: format });
      expect((await findMediaHead(store.db, url))?.content_type, format).toBe('image/webp');
    }
  });

  it('stores nothing new for the same input twice', async () => {
    const input = await picture(700, 700).png().toBuffer();
    const first = await storeProductImage(store.db, input, { name: 'Twice' });
    const before = await rows();
    const second = await storeProductImage(store.db, input, { name: 'Twice' });
    expect(second).toEqual(first);
    expect(await rows()).toEqual(before);
  });

  it('refuses what is not a supported, whole image with a clear error, and stores nothing', async () => {
    const png = await picture(600, 600).png().toBuffer();
    const jpeg = await picture(600, 600).jpeg().toBuffer();
    const before = await rows();
    const refusals: Array<[string, Buffer, RegExp]> = [
      ['a text file', Buffer.from('name,price\nKurta,499\n'), /^not an image \(JPEG, PNG, WebP, GIF or AVIF expected\)$/],
      ['an empty file', Buffer.alloc(0), /^not an image/],
      ['a truncated PNG', png.subarray(0, Math.floor(png.length / 2)), /^a damaged image/],
      ['a truncated JPEG', jpeg.subarray(0, Math.floor(jpeg.length / 2)), /^a damaged image/],
      ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), /^not a supported image \(svg;/],
      ['a TIFF', await picture(50, 50).tiff().toBuffer(), /^not a supported image \(tiff;/],
      ['a PNG claiming 30000 x 30000 pixels', withPngSize(png, 30000, 30000), /^too large an image \(30000 x 30000 pixels; at most 40 megapixels\)$/],
    ];
    for (const [what, input, message] of refusals) {
      await expect(storeProductImage(store.db, input, { name: what }), what).rejects.toThrow(message);
    }
    expect(await rows()).toEqual(before);
  });
});

describe('the media repository', () => {
  const row = (path: string, bytes: Buffer, etag = '"e1"') => ({
    path,
    content_type: 'image/webp',
    bytes,
    size: bytes.length,
    etag,
    created_at: '2026-11-30T00:00:00.000Z',
  });
  const bytes = Buffer.from([0, 1, 2, 253, 254, 255, 0, 0]);

  it('keeps bytes exactly, answers them as a Uint8Array, and keeps the first of a path', async () => {
    expect(await saveMedia(store.db, row('/media/test/a.webp', bytes))).toBe(true);
    expect(await saveMedia(store.db, row('/media/test/a.webp', Buffer.from('other'), '"e2"'))).toBe(false);
    const file = await findMedia(store.db, '/media/test/a.webp');
    expect(file!.bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(file!.bytes).equals(bytes)).toBe(true);
    expect(file!.etag).toBe('"e1"');
    expect(await findMediaHead(store.db, '/media/test/a.webp')).toEqual({ path: '/media/test/a.webp', content_type: 'image/webp', size: 8, etag: '"e1"' });
    expect(await findMedia(store.db, '/media/test/missing.webp')).toBeUndefined();
    expect(await findMediaHead(store.db, '/media/test/missing.webp')).toBeUndefined();
  });

  it('deletes the paths given', async () => {
    await saveMedia(store.db, row('/media/test/b.webp', bytes));
    await saveMedia(store.db, row('/media/test/c.webp', bytes));
    expect(await deleteMedia(store.db, [])).toBe(0);
    expect(await deleteMedia(store.db, ['/media/test/b.webp', '/media/test/none.webp'])).toBe(1);
    expect(await findMediaHead(store.db, '/media/test/b.webp')).toBeUndefined();
    expect(await findMediaHead(store.db, '/media/test/c.webp')).toBeDefined();
  });
});

/** The same PNG with other dimensions in its header (and the header's CRC fixed): a bomb's header on a small file. */
function withPngSize(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  // Signature (8), IHDR length (4), 'IHDR' (4), then width and height; the CRC covers type and data (17 bytes).
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29);
  return copy;
}
