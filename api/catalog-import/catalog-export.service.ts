import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';
import { paiseToRupeesString } from '../../src/lib/money.ts';
import { findVariantsOf, listProductsForExport } from '../catalog/catalog-write.repository.ts';
import type { Database } from '../db/schema.ts';

/**
 * The store's catalogue as Shopify's current product CSV (decision 066), read
 * a page at a time and streamed out, so exporting and importing into an empty
 * store gives the same catalogue: the first row of a product carries its
 * fields, its first variant and its cover; each further variant and image has
 * a row of its own under the same URL handle. The category goes out as its
 * path ("Men > Shirts") in Product category, which the import reads back.
 */
type Db = Kysely<Database>;

export const SHOPIFY_EXPORT_COLUMNS = [
  'Title',
  'URL handle',
  'Description',
  'Vendor',
  'Product category',
  'Type',
  'Tags',
  'Published on online store',
  'Status',
  'SKU',
  'Barcode',
  'Option1 name',
  'Option1 value',
  'Option2 name',
  'Option2 value',
  'Option3 name',
  'Option3 value',
  'Price',
  'Compare-at price',
  'Cost per item',
  'Charge tax',
  'Inventory tracker',
  'Inventory quantity',
  'Continue selling when out of stock',
  'Weight value (grams)',
  'Weight unit for display',
  'Requires shipping',
  'Fulfillment service',
  'Product image URL',
  'Image position',
  'Image alt text',
  'Variant image URL',
  'Gift card',
  'SEO title',
  'SEO description',
] as const;
type Column = (typeof SHOPIFY_EXPORT_COLUMNS)[number];
type Row = Partial<Record<Column, string>>;

const PAGE = 500;

/** Writes every product to `out`; answers how many. */
export async function exportCatalog(db: Db, out: Writable, options: { mediaBaseUrl: string }): Promise<number> {
  const csv = stringify({ header: true, columns: [...SHOPIFY_EXPORT_COLUMNS], bom: true });
  csv.pipe(out);
  const write = async (row: Row) => {
    if (!csv.write(row)) await once(csv, 'drain');
  };
  let count = 0;
  for (let afterId = 0; ; ) {
    const products = await listProductsForExport(db, afterId, PAGE);
    if (products.length === 0) break;
    const variants = await findVariantsOf(db, products.map((p) => Number(p.id)));
    for (const product of products) {
      const own = variants.filter((v) => Number(v.product_id) === Number(product.id));
      // Stored as /media/... paths: written out absolute (MEDIA_BASE_URL), as API answers name them.
      const images = (product.product_images || product.cover_image)
        .split(',')
        .filter(Boolean)
        .map((path) => (path.startsWith('/media/') ? `${options.mediaBaseUrl}/${path.slice('/media/'.length)}` : path));
      const handle = product.slug;
      const sized = own.some((v) => v.product_variation !== null);
      const lines = Math.max(own.length, images.length);
      for (let i = 0; i < lines; i += 1) {
        const variant = own[i];
        const image = images[i];
        await write({
          'URL handle': handle,
          ...(i === 0
            ? {
                Title: product.name,
                Description: product.description,
                Vendor: product.seller_name ?? '',
                'Product category': [product.parent_category_name, product.sub_category_name].filter(Boolean).join(' > '),
                Type: product.sub_category_name ?? '',
                Tags: product.tags,
                'Published on online store': product.status === 'active' ? 'TRUE' : 'FALSE',
                Status: product.status,
                'Gift card': 'FALSE',
              }
            : {}),
          ...(variant
            ? {
                SKU: variant.sku ?? '',
                'Option1 name': i === 0 ? (sized ? 'Size' : 'Title') : '',
                'Option1 value': sized ? (variant.product_variation ?? '') : 'Default Title',
                Price: paiseToRupeesString(Number(variant.final_price)),
                'Compare-at price': Number(variant.old_price) > Number(variant.final_price) ? paiseToRupeesString(Number(variant.old_price)) : '',
                'Inventory tracker': 'shopify',
                'Inventory quantity': String(variant.stock),
                'Continue selling when out of stock': 'DENY',
                'Requires shipping': 'TRUE',
                'Fulfillment service': 'manual',
              }
            : {}),
          ...(image ? { 'Product image URL': image, 'Image position': String(i + 1), 'Image alt text': product.name } : {}),
        });
      }
      count += 1;
    }
    afterId = Number(products.at(-1)!.id);
  }
  csv.end();
  await once(out, 'finish');
  return count;
}
