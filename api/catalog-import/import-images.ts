import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { fetchImage } from '../media/image-fetch.ts';
import { storeProductImage } from '../media/image-pipeline.ts';
import type { ImageProblem, ImageStore } from './catalog-import.service.ts';
import type { ImportImage, ImportProduct } from './import-model.ts';

/**
 * An import's images (decision 066; SECURITY 40): a URL is fetched (a
 * timeout, a size cap, an image content type, only hosts the store allows),
 * a bare file name is read from `--images DIR`; either is decoded and
 * re-encoded to the storefront's WebP sizes and stored in the database, so
 * every process serves it. A few at a time; one that cannot be had is
 * reported, and the product goes in without it. The same source twice in a
 * run is fetched once.
 */
export const IMAGE_CONCURRENCY = 4;

export interface ImportImageOptions {
  /** `--images DIR`: where bare file names are looked up. */
  dir: string | null;
  allowedHosts: readonly string[] | 'any-public';
}

export function importImageStore(db: Kysely<Database>, options: ImportImageOptions): ImageStore {
  const done = new Map<string, Promise<{ ok: true; path: string } | { ok: false; reason: string }>>();
  const one = (product: ImportProduct, image: ImportImage) => {
    let stored = done.get(image.src);
    if (!stored) {
      stored = storeOne(db, product, image, options);
      done.set(image.src, stored);
    }
    return stored;
  };
  return async (product) => {
    const images = [...product.images].sort((a, b) => a.position - b.position);
    const results = new Array<{ ok: true; path: string } | { ok: false; reason: string }>(images.length);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < images.length; i = next++) results[i] = await one(product, images[i]!);
    };
    await Promise.all(Array.from({ length: Math.min(IMAGE_CONCURRENCY, images.length) }, worker));
    const paths: string[] = [];
    const problems: ImageProblem[] = [];
    results.forEach((result, i) => {
      if (result.ok) paths.push(result.path);
      else problems.push({ line: product.line, handle: product.handle, src: images[i]!.src, reason: result.reason });
    });
    return { paths: [...new Set(paths)], problems };
  };
}

async function storeOne(db: Kysely<Database>, product: ImportProduct, image: ImportImage, options: ImportImageOptions) {
  let bytes: Buffer;
  if (/^https?:\/\//i.test(image.src)) {
    const fetched = await fetchImage(image.src, { allowedHosts: options.allowedHosts });
    if (!fetched.ok) return { ok: false as const, reason: fetched.reason };
    bytes = fetched.bytes;
  } else {
    if (!options.dir) return { ok: false as const, reason: 'a file name, and no --images folder was given' };
    try {
      // The name only: a path in the file never reaches outside the folder.
      bytes = await readFile(join(options.dir, basename(image.src)));
    } catch {
      return { ok: false as const, reason: `not found in ${options.dir}` };
    }
  }
  try {
    const { url } = await storeProductImage(db, bytes, { name: product.handle });
    return { ok: true as const, path: url };
  } catch (error) {
    return { ok: false as const, reason: error instanceof Error ? error.message : 'not an image' };
  }
}
