/**
 * WooCommerce's product CSV (its built-in exporter, 3.1+) to the import model.
 * Each row is a product, except 'variation' rows, which follow their variable
 * product and point at it in Parent ("id:<ID>" or its SKU).
 */
import {
  cell,
  WOOCOMMERCE_COLUMNS as W,
  wooAttributeName,
  wooAttributeValue,
  type CsvRow,
  type ProductOutcome,
  type RowGrouper,
} from './csv-formats.ts';
import { IMPORT_MESSAGES } from './import-messages.ts';
import type { ImportImage, ImportProduct, ImportVariant } from './import-model.ts';
import { priceAndMrp, ProductErrors, slugify, splitPath } from './import-values.ts';

/** The exporter puts a ' before a value that starts with =, +, - or @ (so spreadsheets do not run it); WooCommerce's importer takes it off, so do we. */
export function wooCell(row: CsvRow, column: string): string {
  const text = cell(row, column);
  return /^'[=+\-@]/.test(text) ? text.slice(1) : text;
}

/** A list as the exporter writes it: ", " between entries, a comma inside an entry escaped as "\,". */
export function wooList(text: string): string[] {
  return text
    .split(/(?<!\\),/)
    .map((entry) => entry.replace(/\\,/g, ',').trim())
    .filter((entry) => entry !== '');
}

/**
 * Descriptions as the exporter writes them: line breaks as the two characters
 * "\n" and a "\n" that was in the text as "\\n". Undone as WooCommerce's
 * importer does; real line breaks (a hand-made file) stay as they are.
 */
export function wooDescription(text: string): string {
  return text
    .split('\\\\n')
    .map((part) => part.replace(/\\n/g, '\n'))
    .join('\\n');
}

/** The product types a Type cell lists ("simple, downloadable, virtual"), lower-case. */
export function wooTypes(row: CsvRow): string[] {
  return wooList(wooCell(row, W.type)).map((type) => type.toLowerCase());
}

/** Why a product is left out, by its own type and its variations'; null when it is sold here. */
function skipReason(types: string[], variationTypes: string[]): string | null {
  const all = new Set([...types, ...variationTypes]);
  if (all.has('grouped')) return IMPORT_MESSAGES.groupedSkipped;
  if (all.has('external')) return IMPORT_MESSAGES.externalSkipped;
  if (all.has('downloadable')) return IMPORT_MESSAGES.downloadableSkipped;
  if (all.has('virtual')) return IMPORT_MESSAGES.virtualSkipped;
  const other = types.find((type) => type !== 'simple' && type !== 'variable');
  return other === undefined ? null : IMPORT_MESSAGES.typeSkipped(other);
}

/**
 * The attribute values a variation sets, with the parent's attribute names
 * where the row leaves a name out. A value left open (empty, or "Any Size" as
 * the admin shows it) is not set, so it stays out of the label.
 */
export function wooOptions(variation: CsvRow, parent: CsvRow): ImportVariant['options'] {
  const options: ImportVariant['options'] = [];
  for (let n = 1; wooAttributeName(n) in variation.cells || wooAttributeName(n) in parent.cells; n += 1) {
    const value = wooCell(variation, wooAttributeValue(n));
    const name = wooCell(variation, wooAttributeName(n)) || wooCell(parent, wooAttributeName(n));
    if (value === '' || /^any\b/i.test(value)) continue;
    options.push({ name: name || `Attribute ${n}`, value });
  }
  return options;
}

/**
 * Stock: the Stock count; with no count, 0 when 'In stock?' says sold out and
 * null (not tracked) otherwise. "parent" (the variation shares its parent's
 * stock) has no per-variant count, so it is not tracked either.
 */
function wooStock(row: CsvRow, errors: ProductErrors): number | null {
  const stock = wooCell(row, W.stock);
  if (stock.toLowerCase() === 'parent') return null;
  if (stock === '') return wooCell(row, W.inStock) === '0' ? 0 : null;
  return errors.stock(row, W.stock, stock);
}

/** A sale price sells at the sale price with the regular price as MRP; otherwise the regular price is the price. */
function wooVariant(row: CsvRow, options: ImportVariant['options'], errors: ProductErrors): ImportVariant | null {
  const onSale = wooCell(row, W.salePrice) !== '';
  const sale = errors.price(row, W.salePrice, false);
  const regular = errors.price(row, W.regularPrice, !onSale);
  const stock = wooStock(row, errors);
  const money = onSale ? priceAndMrp(sale, regular) : priceAndMrp(regular, null);
  if (!money) return null;
  const label = options.length === 0 ? null : options.map((option) => option.value).join(' / ');
  return { sku: wooCell(row, W.sku) || null, label, options, ...money, stock, line: row.line };
}

/** The gallery in order (the first is the cover), then variation images it lacks. */
function wooImages(rows: CsvRow[]): ImportImage[] {
  const sources = [...new Set(rows.flatMap((row) => wooList(wooCell(row, W.images))))];
  return sources.map((src, i) => ({ src, position: i + 1, alt: null }));
}

/** One product from its row and its variations' rows: the product, a skip, or its errors. */
export function wooProduct(row: CsvRow, variations: CsvRow[], handle: string): ProductOutcome {
  const types = wooTypes(row);
  const reason = skipReason(types, variations.flatMap(wooTypes));
  if (reason !== null) return { kind: 'skipped', skip: { line: row.line, handle, reason } };
  const errors = new ProductErrors(handle);
  if (types.length === 0) errors.add(row.line, W.type, IMPORT_MESSAGES.typeMissing);
  const title = wooCell(row, W.name);
  if (title === '') errors.add(row.line, W.name, IMPORT_MESSAGES.nameMissing);
  const variants: ImportVariant[] = [];
  if (types.includes('variable')) {
    if (variations.length === 0) errors.add(row.line, null, IMPORT_MESSAGES.noVariations);
    for (const variation of variations) {
      const variant = wooVariant(variation, wooOptions(variation, row), errors);
      if (variant) variants.push(variant);
    }
  } else {
    const variant = wooVariant(row, [], errors);
    if (variant) variants.push(variant);
    // Only a variable product has variations; one under a simple product is misplaced.
    for (const variation of variations) {
      errors.add(variation.line, W.parent, IMPORT_MESSAGES.variationWithoutParent(wooCell(variation, W.parent)));
    }
  }
  if (errors.list.length > 0) return { kind: 'errors', errors: errors.list };
  const product: ImportProduct = {
    handle,
    sku: wooCell(row, W.sku) || null,
    title,
    description: wooDescription(wooCell(row, W.description) || wooCell(row, W.shortDescription)),
    vendor: null,
    category: splitPath(wooList(wooCell(row, W.categories))[0] ?? ''),
    tags: wooList(wooCell(row, W.tags)),
    // 1 is published; 0 (private) and -1 (draft) are not shown.
    status: wooCell(row, W.published) === '1' ? 'active' : 'draft',
    variants,
    images: wooImages([row, ...variations]),
    line: row.line,
  };
  return { kind: 'product', product };
}

/** Whether a variation's Parent ("id:<ID>" or a SKU) names this product. */
function isParent(product: CsvRow, parent: string): boolean {
  if (parent === '') return false;
  const id = /^id:\s*(.+)$/i.exec(parent);
  if (id) return id[1]?.trim() === wooCell(product, W.id);
  return parent === wooCell(product, W.sku);
}

/**
 * Gathers each product with the variation rows that follow it. A variation
 * whose parent is not the product just before it is an error of its own (it
 * is reported after that product, in file order). Handles are slugs of the
 * names, made unique as WordPress does ("tee", "tee-2").
 */
export function wooGrouper(): RowGrouper {
  let current: { row: CsvRow; variations: CsvRow[]; strays: ProductOutcome[] } | null = null;
  const handles = new Set<string>();

  const handleOf = (row: CsvRow): string => {
    const id = wooCell(row, W.id);
    const base = slugify(wooCell(row, W.name)) || slugify(wooCell(row, W.sku)) || (id ? `product-${slugify(id)}` : 'product');
    let handle = base;
    for (let n = 2; handles.has(handle); n += 1) handle = `${base}-${n}`;
    handles.add(handle);
    return handle;
  };

  const finish = (): ProductOutcome[] => {
    if (!current) return [];
    const { row, variations, strays } = current;
    current = null;
    return [wooProduct(row, variations, handleOf(row)), ...strays];
  };

  return {
    push(row) {
      if (!wooTypes(row).includes('variation')) {
        const done = finish();
        current = { row, variations: [], strays: [] };
        return done;
      }
      const parent = wooCell(row, W.parent);
      if (current && isParent(current.row, parent)) {
        current.variations.push(row);
        return [];
      }
      const stray: ProductOutcome = {
        kind: 'errors',
        errors: [{ line: row.line, column: W.parent, message: IMPORT_MESSAGES.variationWithoutParent(parent), handle: null }],
      };
      if (!current) return [stray];
      current.strays.push(stray);
      return [];
    },
    end: finish,
  };
}
