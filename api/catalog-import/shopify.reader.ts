/**
 * Shopify's product CSV (both exports) to the import model. A product is the
 * run of rows sharing its handle: the first carries the product and its first
 * variant, each later row one more variant or only one more image.
 */
import { cell, type CsvRow, type ProductOutcome, type RowGrouper, type ShopifyColumns } from './csv-formats.ts';
import { IMPORT_MESSAGES } from './import-messages.ts';
import type { ImportImage, ImportProduct, ImportVariant } from './import-model.ts';
import { isYes, priceAndMrp, ProductErrors, slugify, splitList, splitPath } from './import-values.ts';

/** The handle a row names; a row with a title but no handle starts a product whose handle Shopify would make from the title. */
function rowHandle(row: CsvRow, c: ShopifyColumns): string {
  return cell(row, c.handle) || slugify(cell(row, c.title));
}

/** Later rows are variants when they set any variant value; otherwise they only add an image. */
function isVariantRow(row: CsvRow, c: ShopifyColumns): boolean {
  return [...c.optionValues, c.sku, c.price, c.compareAtPrice, c.stock].some((column) => cell(row, column) !== '');
}

/** The option values a row sets, by the first row's option names; a product without options ('Title' / 'Default Title') has none. */
export function shopifyOptions(row: CsvRow, names: readonly string[], c: ShopifyColumns): ImportVariant['options'] {
  const options: ImportVariant['options'] = [];
  c.optionValues.forEach((column, i) => {
    const value = cell(row, column);
    if (value === '') return;
    const name = cell(row, c.optionNames[i] ?? '') || names[i] || `Option${i + 1}`;
    options.push({ name, value });
  });
  const only = options.length === 1 ? options[0] : undefined;
  if (only && only.name.toLowerCase() === 'title' && only.value.toLowerCase() === 'default title') return [];
  return options;
}

/** The storefront's one variation: the only option's value (a size, usually), else all values joined in option order ("Red / M"). */
export function variantLabel(options: ImportVariant['options']): string | null {
  return options.length === 0 ? null : options.map((option) => option.value).join(' / ');
}

/**
 * Status column when the file has one ('active' / 'draft' / 'archived');
 * otherwise Published: FALSE is a draft, TRUE or empty (Shopify publishes a
 * product whose Published is blank) is active. Shopify's newer 'unlisted'
 * (reachable by link only) has no place here, so it stays out of sight as a draft.
 */
export function shopifyStatus(row: CsvRow, c: ShopifyColumns, errors: ProductErrors): ImportProduct['status'] {
  const status = cell(row, c.status).toLowerCase();
  if (status === 'active' || status === 'draft' || status === 'archived') return status;
  if (status === 'unlisted') return 'draft';
  if (status !== '') {
    errors.add(row.line, c.status, IMPORT_MESSAGES.statusUnknown);
    return 'draft';
  }
  return cell(row, c.published).toLowerCase() === 'false' ? 'draft' : 'active';
}

/**
 * Images in the order Shopify gives them (Image Position, else file order),
 * numbered from 1 and each once; a variant image the product's own list
 * lacks comes after them.
 */
export function shopifyImages(rows: CsvRow[], c: ShopifyColumns): ImportImage[] {
  const listed = rows
    .filter((row) => cell(row, c.imageSrc) !== '')
    .map((row, order) => {
      const position = Number(cell(row, c.imagePosition));
      return { row, order, position: Number.isInteger(position) && position > 0 ? position : Number.POSITIVE_INFINITY };
    })
    .sort((a, b) => a.position - b.position || a.order - b.order);
  const images: ImportImage[] = [];
  const seen = new Set<string>();
  const add = (src: string, alt: string) => {
    if (seen.has(src)) return;
    seen.add(src);
    images.push({ src, position: images.length + 1, alt: alt || null });
  };
  for (const { row } of listed) add(cell(row, c.imageSrc), cell(row, c.imageAlt));
  for (const row of rows) {
    const src = cell(row, c.variantImage);
    if (src !== '') add(src, '');
  }
  return images;
}

function variantOf(row: CsvRow, names: readonly string[], c: ShopifyColumns, errors: ProductErrors): ImportVariant | null {
  const price = errors.price(row, c.price, true);
  const compareAt = errors.price(row, c.compareAtPrice, false);
  const stock = errors.stock(row, c.stock);
  const money = priceAndMrp(price, compareAt);
  if (!money) return null;
  const options = shopifyOptions(row, names, c);
  return { sku: cell(row, c.sku) || null, label: variantLabel(options), options, ...money, stock, line: row.line };
}

/** One product from the rows of its handle, in file order: the product, a skip (gift cards) or its errors. */
export function shopifyProduct(rows: readonly [CsvRow, ...CsvRow[]], c: ShopifyColumns): ProductOutcome {
  const [first, ...rest] = rows;
  const handle = rowHandle(first, c);
  if (handle !== '' && isYes(cell(first, c.giftCard))) {
    return { kind: 'skipped', skip: { line: first.line, handle, reason: IMPORT_MESSAGES.giftCardSkipped } };
  }
  const errors = new ProductErrors(handle || null);
  if (handle === '') errors.add(first.line, c.handle, IMPORT_MESSAGES.handleMissing);
  const title = cell(first, c.title);
  if (title === '') errors.add(first.line, c.title, IMPORT_MESSAGES.titleMissing);
  const status = shopifyStatus(first, c, errors);
  const names = c.optionNames.map((column) => cell(first, column));
  const variants: ImportVariant[] = [];
  for (const row of [first, ...rest.filter((later) => isVariantRow(later, c))]) {
    const variant = variantOf(row, names, c, errors);
    if (variant) variants.push(variant);
  }
  if (errors.list.length > 0) return { kind: 'errors', errors: errors.list };
  const categoryPath = splitPath(cell(first, c.category));
  const type = cell(first, c.type);
  const product: ImportProduct = {
    handle,
    sku: null,
    title,
    description: first.cells[c.description] ?? '',
    vendor: cell(first, c.vendor) || null,
    category: categoryPath.length > 0 ? categoryPath : type ? [type] : [],
    tags: splitList(cell(first, c.tags)),
    status,
    variants,
    images: shopifyImages([...rows], c),
    line: first.line,
  };
  return { kind: 'product', product };
}

/**
 * Groups rows by handle as they stream: a row with a new handle (or a title
 * and no handle) ends the product before it; a row without either continues
 * it. A handle that comes back after another product is an error, as the
 * store's products are keyed by it.
 */
export function shopifyGrouper(c: ShopifyColumns): RowGrouper {
  let rows: CsvRow[] = [];
  let handle = '';
  const firstLines = new Map<string, number>();

  const finish = (): ProductOutcome[] => {
    const [first, ...rest] = rows;
    rows = [];
    if (!first) return [];
    const earlier = firstLines.get(handle);
    if (earlier !== undefined) {
      return [{ kind: 'errors', errors: [{ line: first.line, column: c.handle, message: IMPORT_MESSAGES.handleTaken(handle, earlier), handle }] }];
    }
    if (handle !== '') firstLines.set(handle, first.line);
    return [shopifyProduct([first, ...rest], c)];
  };

  return {
    push(row) {
      const named = rowHandle(row, c);
      if (rows.length > 0 && (named === '' || named === handle)) {
        rows.push(row);
        return [];
      }
      const done = finish();
      handle = named;
      rows = [row];
      return done;
    },
    end: finish,
  };
}
