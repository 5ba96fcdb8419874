/**
 * Reads a store's product CSV (Shopify, old or current, or WooCommerce) as a
 * stream of import items: each product as soon as its last row has been read,
 * its errors instead when it has any, and the products the store does not sell
 * as skips. Bad input never throws; only a failing input stream does.
 *
 * Memory stays flat however long the file: one input chunk is parsed at a
 * time (the next is pulled only once its products have been taken), the
 * current product's rows are the only rows kept, and across products only the
 * SKUs and handles seen so far.
 */
import { CsvError, parse, type Options } from 'csv-parse';
import { columnKeys, detectFormat, shopifyColumnsOf, skuColumnOf, type CsvRow, type ProductOutcome, type RowGrouper } from './csv-formats.ts';
import { IMPORT_MESSAGES } from './import-messages.ts';
import type { ImportFormat, ImportItem, ImportProduct, ImportRowError } from './import-model.ts';
import { shopifyGrouper } from './shopify.reader.ts';
import { wooGrouper } from './woocommerce.reader.ts';

/** Past this a record is a quote left open swallowing the file, not a product (the longest real descriptions are far shorter). */
const MAX_RECORD_CHARACTERS = 2_000_000;

interface FileState {
  grouper: RowGrouper;
  /** Our column name for each header cell, by position. */
  keys: string[];
  /** Our column name → the file's, so errors name the column as the file does. */
  fileNames: Map<string, string>;
  skuColumn: string;
  /** SKU → the line that first used it, for products read so far. */
  skus: Map<string, number>;
}

function grouperFor(format: ImportFormat): RowGrouper {
  return format === 'woocommerce' ? wooGrouper() : shopifyGrouper(shopifyColumnsOf(format));
}

function fileState(format: ImportFormat, header: string[]): FileState {
  const keys = columnKeys(format, header);
  const fileNames = new Map<string, string>();
  keys.forEach((key, i) => {
    if (!fileNames.has(key)) fileNames.set(key, (header[i] ?? key).replace(/^(?:\uFEFF|ï»¿)+/, '').trim());
  });
  return { grouper: grouperFor(format), keys, fileNames, skuColumn: skuColumnOf(format), skus: new Map() };
}

function rowOf(keys: string[], record: string[], line: number): CsvRow {
  const cells: Record<string, string> = {};
  keys.forEach((key, i) => {
    if (!(key in cells)) cells[key] = record[i] ?? '';
  });
  return { line, cells };
}

/**
 * Line breaks inside a record's quoted fields. csv-parse's own count (info.lines)
 * is where a record ends, not where it starts, and counts a CRLF inside quotes
 * twice, so the reader counts itself: a CRLF, a lone CR or a LF is one line.
 */
function lineBreaks(record: string[]): number {
  let breaks = 0;
  for (const field of record) breaks += field.match(/\r\n|\r|\n/g)?.length ?? 0;
  return breaks;
}

/** A product whose SKUs another product of the file already uses becomes errors (the later product loses). */
function skuErrors(product: ImportProduct, state: FileState): ImportRowError[] {
  const errors: ImportRowError[] = [];
  const own = new Map<string, number>();
  const error = (line: number, message: string) => errors.push({ line, column: state.skuColumn, message, handle: product.handle });
  const entries = [
    ...(product.sku === null ? [] : [{ sku: product.sku, line: product.line, variant: false }]),
    ...product.variants.flatMap((variant) => (variant.sku === null ? [] : [{ sku: variant.sku, line: variant.line, variant: true }])),
  ];
  for (const { sku, line, variant } of entries) {
    const other = state.skus.get(sku);
    const sibling = own.get(sku);
    if (other !== undefined) error(line, IMPORT_MESSAGES.skuTaken(sku, other));
    else if (variant && sibling !== undefined) error(line, IMPORT_MESSAGES.skuRepeated(sku, sibling));
    else if (variant) own.set(sku, line);
  }
  if (errors.length === 0) for (const { sku, line } of entries) if (!state.skus.has(sku)) state.skus.set(sku, line);
  return errors;
}

function* itemsOf(outcome: ProductOutcome, state: FileState): Generator<ImportItem> {
  if (outcome.kind === 'skipped') {
    yield { kind: 'skipped', skip: outcome.skip };
    return;
  }
  const errors = outcome.kind === 'product' ? skuErrors(outcome.product, state) : outcome.errors;
  if (outcome.kind === 'product' && errors.length === 0) {
    yield { kind: 'product', product: outcome.product };
    return;
  }
  for (const error of errors) {
    const column = error.column === null ? null : (state.fileNames.get(error.column) ?? error.column);
    yield { kind: 'error', error: { ...error, column } };
  }
}

async function* chunksOf(input: NodeJS.ReadableStream | AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
  }
}

/** A parser failure that is the file's (a CsvError) settles as a value; anything else rejects. */
function settle(resolve: (failure: CsvError | null) => void, reject: (error: unknown) => void) {
  return (error?: Error | null) => (!error ? resolve(null) : error instanceof CsvError ? resolve(error) : reject(error));
}

/**
 * Each input chunk's records, in order, then the CsvError that ended them, if
 * one did. Records are taken in csv-parse's on_record as it parses, because
 * its stream iterator drops the records it holds when a later one fails (an
 * unclosed quote). Invalid UTF-8 is decoded to U+FFFD, never a throw.
 */
async function* recordsOf(input: NodeJS.ReadableStream | AsyncIterable<Buffer | string>): AsyncGenerator<string[] | CsvError> {
  const parsed: string[][] = [];
  const options: Options = {
    bom: true,
    relax_column_count: true,
    relax_quotes: true,
    max_record_size: MAX_RECORD_CHARACTERS,
    on_record: (record: string[]) => {
      parsed.push(record);
      return null;
    },
  };
  const parser = parse(options);
  // Failures are read from the write and end callbacks; without a listener the 'error' event would crash the process.
  parser.on('error', () => {});
  try {
    for await (const chunk of chunksOf(input)) {
      const failed = await new Promise<CsvError | null>((resolve, reject) => parser.write(chunk, settle(resolve, reject)));
      yield* parsed.splice(0);
      if (failed) {
        yield failed;
        return;
      }
    }
    const failed = await new Promise<CsvError | null>((resolve, reject) => {
      const done = settle(resolve, reject);
      parser.once('error', done);
      parser.once('finish', () => done(null));
      parser.end();
    });
    yield* parsed.splice(0);
    if (failed) yield failed;
  } finally {
    parser.destroy();
  }
}

export async function* readCatalogCsv(input: NodeJS.ReadableStream | AsyncIterable<Buffer | string>): AsyncGenerator<ImportItem> {
  let state: FileState | null = null;
  let line = 1;
  for await (const record of recordsOf(input)) {
    if (record instanceof CsvError) {
      // The rest of the file cannot be read: the product being gathered may be cut short, so it is not imported.
      const cut = state ? state.grouper.end() : [];
      const pending = cut.find((outcome) => outcome.kind === 'product');
      if (state) for (const outcome of cut) if (outcome !== pending) yield* itemsOf(outcome, state);
      const handle = pending?.kind === 'product' ? pending.product.handle : null;
      yield { kind: 'error', error: { line, column: null, message: IMPORT_MESSAGES.unreadableFile, handle } };
      return;
    }
    const start = line;
    line += 1 + lineBreaks(record);
    if (!state) {
      const format = detectFormat(record);
      if (!format) break;
      state = fileState(format, record);
      continue;
    }
    // Spreadsheets leave rows of empty cells behind; they are nobody's row.
    if (record.every((field) => field.trim() === '')) continue;
    for (const outcome of state.grouper.push(rowOf(state.keys, record, start))) yield* itemsOf(outcome, state);
  }
  if (!state) {
    yield { kind: 'error', error: { line: 1, column: null, message: IMPORT_MESSAGES.unknownFile, handle: null } };
    return;
  }
  for (const outcome of state.grouper.end()) yield* itemsOf(outcome, state);
}
