import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { IMAGE_VARIANT_WIDTHS } from '../../../src/lib/constants.ts';
import type { Database } from '../schema.ts';
import {
  DEMO_CATEGORIES,
  DEMO_PARENT_CATEGORIES,
  PRODUCT_IMAGE_RATIO,
  categoryImageUrl,
  demoProducts,
  productImageUrl,
  type Shape,
} from './demo-catalog.ts';
import { bannerSvg, logoSvg, productSvg, tileSvg } from './demo-artwork.ts';
import { DEMO_HERO_SLIDES, DEMO_HERO_WIDTHS, DEMO_LOGO_URL, DEMO_SECONDARY_IMAGE, DEMO_STORE_NAME } from './demo-store.ts';
import { findStoreName } from './seed.repository.ts';

/**
 * Writes the image files the demo seed refers to (only the missing ones) by
 * rasterising generated SVGs with sharp. The list comes from the same
 * deterministic product list as the seed, so the two cannot drift apart.
 */

export interface ImageOutput {
  /** A /media/... URL; the file is `${mediaDir}/...`. */
  url: string;
  width: number;
  height: number;
}

export interface ImageJob {
  /** The SVG source, drawn at the largest output's size; every output is scaled from it. */
  svg: () => string;
  width: number;
  height: number;
  /** WebP files to write; empty for an SVG written as it is. */
  outputs: ImageOutput[];
  /** For jobs whose file is the SVG itself (the logo). */
  svgUrl?: string;
}

export interface ImageCounts {
  written: number;
  skipped: number;
}

export interface ImageOptions {
  concurrency?: number;
  log?: (message: string) => void;
}

const CATEGORY_TILE_SIZE = 400;

/** Everything the demo seed refers to: products x images x widths, category tiles, home images, logo. */
export function demoImageJobs(storeName: string = DEMO_STORE_NAME): ImageJob[] {
  const shapes = new Map(DEMO_CATEGORIES.map((c) => [c.slug, c]));
  const jobs: ImageJob[] = [{ svg: () => logoSvg(storeName), width: 0, height: 0, outputs: [], svgUrl: DEMO_LOGO_URL }];
  const largest = IMAGE_VARIANT_WIDTHS.at(-1)!;
  for (const product of demoProducts()) {
    const category = shapes.get(product.categorySlug)!;
    for (let n = 1; n <= product.imageCount; n++) {
      jobs.push({
        svg: () => productSvg({ ...category, colour: product.colour.hex, name: product.name, view: n }, largest),
        width: largest,
        height: Math.round(largest * PRODUCT_IMAGE_RATIO),
        outputs: IMAGE_VARIANT_WIDTHS.map((width) => ({
          url: productImageUrl(product.slug, n, width),
          width,
          height: Math.round(width * PRODUCT_IMAGE_RATIO),
        })),
      });
    }
  }
  const tiles: Array<{ slug: string; name: string; shapes: Shape[]; tint: string }> = [
    ...DEMO_CATEGORIES.map((c) => ({ slug: c.slug, name: c.name, shapes: [c.shape], tint: c.tint })),
    ...DEMO_PARENT_CATEGORIES.map((p) => {
      const children = DEMO_CATEGORIES.filter((c) => c.parent === p.slug);
      return { slug: p.slug, name: p.name, shapes: children.slice(0, 3).map((c) => c.shape), tint: children[0]!.tint };
    }),
  ];
  for (const tile of tiles) {
    const size = CATEGORY_TILE_SIZE;
    jobs.push({
      svg: () => tileSvg(tile, size),
      width: size,
      height: size,
      outputs: [{ url: categoryImageUrl(tile.slug), width: size, height: size }],
    });
  }
  const largestHero = DEMO_HERO_WIDTHS.at(-1)!;
  const heroHeight = (width: number) => Math.round((width * 600) / 1600);
  const banners = [
    ...DEMO_HERO_SLIDES.map((url, i) => ({
      width: largestHero,
      height: heroHeight(largestHero),
      variant: i,
      // slide-N-1600.webp and its narrower copies beside it (slide-N-800.webp).
      outputs: DEMO_HERO_WIDTHS.map((width) => ({ url: url.replace(`-${largestHero}.webp`, `-${width}.webp`), width, height: heroHeight(width) })),
    })),
    { width: 1200, height: 800, variant: 3, outputs: [{ url: DEMO_SECONDARY_IMAGE, width: 1200, height: 800 }] },
  ];
  for (const b of banners) {
    jobs.push({ svg: () => bannerSvg(b.variant, b.width, b.height), width: b.width, height: b.height, outputs: b.outputs });
  }
  return jobs;
}

/**
 * Generates the demo images into mediaDir, skipping files that already exist.
 * With a database, the logo shows the store's current name.
 */
export async function generateDemoImages(
  mediaDir: string,
  db?: Kysely<Database>,
  options: ImageOptions = {},
): Promise<ImageCounts> {
  const storeName = (db && (await findStoreName(db))) || DEMO_STORE_NAME;
  return generateImages(mediaDir, demoImageJobs(storeName), options);
}

/** Runs the given jobs with a small concurrency; returns how many files were written and skipped. */
export async function generateImages(mediaDir: string, jobs: ImageJob[], options: ImageOptions = {}): Promise<ImageCounts> {
  const counts: ImageCounts = { written: 0, skipped: 0 };
  const started = Date.now();
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const { written, skipped } = await runJob(mediaDir, job);
      counts.written += written;
      counts.skipped += skipped;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  options.log?.(`Demo images: ${counts.written} written, ${counts.skipped} already present (${Date.now() - started} ms)`);
  return counts;
}

// ---- Drawing: simple flat silhouettes in a 100 x 100 box, filled with the product colour.

export function mediaPath(mediaDir: string, url: string): string {
  const relative = url.replace(/^\/media\//, '');
  if (relative === url || relative.split('/').includes('..')) throw new Error(`Not a /media URL: ${url}`);
  return join(mediaDir, relative);
}

async function runJob(mediaDir: string, job: ImageJob): Promise<ImageCounts> {
  if (job.svgUrl) {
    const file = mediaPath(mediaDir, job.svgUrl);
    if (existsSync(file)) return { written: 0, skipped: 1 };
    await writeAtomically(file, Buffer.from(job.svg()));
    return { written: 1, skipped: 0 };
  }
  const missing = job.outputs.filter((o) => !existsSync(mediaPath(mediaDir, o.url)));
  if (missing.length === 0) return { written: 0, skipped: job.outputs.length };
  // Rasterise once at full size, then scale down for each missing width.
  const { data, info } = await sharp(Buffer.from(job.svg()))
    .resize(job.width, job.height)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // Effort 2 (of 0-6): about a third fewer bytes than 0 for the same quality, at about the same
  // time; above 2 the files barely shrink and take twice as long (decision 035).
  for (const output of missing) {
    const image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const webp = await image.resize(output.width, output.height).webp({ quality: 78, effort: 2 }).toBuffer();
    await writeAtomically(mediaPath(mediaDir, output.url), webp);
  }
  return { written: missing.length, skipped: job.outputs.length - missing.length };
}

/** Write then rename, so an interrupted run never leaves a half file that later runs would skip. */
async function writeAtomically(file: string, content: Buffer): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, file);
}
