/** Reading import fixtures and writing the ImportItems a test expects, for the catalogue CSV reader's tests. */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { readCatalogCsv } from '../../api/catalog-import/catalog-csv.reader.ts';
import type { ImportImage, ImportItem, ImportProduct, ImportRowError, ImportVariant } from '../../api/catalog-import/import-model.ts';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/catalog-import');
export const CDN = 'https://cdn.example.com/products/';

export async function collect(input: NodeJS.ReadableStream | AsyncIterable<Buffer | string>): Promise<ImportItem[]> {
  const items: ImportItem[] = [];
  for await (const item of readCatalogCsv(input)) items.push(item);
  return items;
}

/** A fixture read whole-chunked and in 7-byte chunks, which split quoted fields, CRLFs and multi-byte characters (₹, Ã): both must read the same. */
export async function readFixture(name: string): Promise<ImportItem[]> {
  const file = path.join(FIXTURES, name);
  const whole = await collect(createReadStream(file));
  expect(await collect(createReadStream(file, { highWaterMark: 7 }))).toEqual(whole);
  return whole;
}

export async function* chunks(...parts: Array<string | Buffer>): AsyncGenerator<Buffer | string> {
  yield* parts;
}

export const image = (name: string, position: number, alt: string | null = null): ImportImage => ({ src: `${CDN}${name}`, position, alt });

export function variant(
  line: number,
  sku: string | null,
  label: string | null,
  options: Array<[string, string]>,
  price: number,
  mrp: number | null,
  stock: number | null,
): ImportVariant {
  return { sku, label, options: options.map(([name, value]) => ({ name, value })), price, mrp, stock, line };
}

export const product = (fields: ImportProduct): ImportItem => ({ kind: 'product', product: fields });
export const skipped = (line: number, handle: string, reason: string): ImportItem => ({ kind: 'skipped', skip: { line, handle, reason } });
export const error = (line: number, column: string | null, message: string, handle: string | null): ImportItem => ({
  kind: 'error',
  error: { line, column, message, handle } satisfies ImportRowError,
});
