import { createReadStream } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCatalogCsv } from '../../api/catalog-import/catalog-csv.reader.ts';
import { IMPORT_MESSAGES as M } from '../../api/catalog-import/import-messages.ts';
import type { ImportImage, ImportItem, ImportProduct, ImportRowError, ImportVariant } from '../../api/catalog-import/import-model.ts';

const FIXTURES = path.join(import.meta.dirname, '../fixtures/catalog-import');
const CDN = 'https://cdn.example.com/products/';

async function collect(input: NodeJS.ReadableStream | AsyncIterable<Buffer | string>): Promise<ImportItem[]> {
  const items: ImportItem[] = [];
  for await (const item of readCatalogCsv(input)) items.push(item);
  return items;
}

/** A fixture read whole-chunked and in 7-byte chunks, which split quoted fields, CRLFs and multi-byte characters (₹, Ã): both must read the same. */
async function readFixture(name: string): Promise<ImportItem[]> {
  const file = path.join(FIXTURES, name);
  const whole = await collect(createReadStream(file));
  expect(await collect(createReadStream(file, { highWaterMark: 7 }))).toEqual(whole);
  return whole;
}

async function* chunks(...parts: Array<string | Buffer>): AsyncGenerator<Buffer | string> {
  yield* parts;
}

const image = (name: string, position: number, alt: string | null = null): ImportImage => ({ src: `${CDN}${name}`, position, alt });

function variant(line: number, sku: string | null, options: Array<[string, string]>, price: number, mrp: number | null, stock: number | null): ImportVariant {
  const label = options.length === 0 ? null : options.map(([, value]) => value).join(' / ');
  return { sku, label, options: options.map(([name, value]) => ({ name, value })), price, mrp, stock, line };
}

const product = (fields: ImportProduct): ImportItem => ({ kind: 'product', product: fields });
const skipped = (line: number, handle: string, reason: string): ImportItem => ({ kind: 'skipped', skip: { line, handle, reason } });
const error = (line: number, column: string | null, message: string, handle: string | null): ImportItem => ({
  kind: 'error',
  error: { line, column, message, handle } satisfies ImportRowError,
});

describe('readCatalogCsv: Shopify, older export (shopify-legacy.csv)', () => {
  it('groups rows by handle into products, skips the gift card, keeps mis-encoded text as given', async () => {
    expect(await readFixture('shopify-legacy.csv')).toEqual([
      product({
        handle: 'classic-cotton-kurta',
        sku: null,
        title: 'Classic Cotton Kurta',
        // Quoted: commas, doubled quotes and line breaks come through as written.
        description: '<p>Soft cotton, "breathable" weave.</p>\n<ul>\n<li>Hand wash, dry in shade</li>\n</ul>',
        vendor: 'Desi Threads',
        category: ['Apparel & Accessories', 'Clothing', 'Shirts & Tops'],
        tags: ['cotton', 'summer'],
        status: 'active',
        // 'Title' / 'Default Title': one variant without a label.
        variants: [variant(2, 'KURTA-CL', [], 129900, 159900, 12)],
        // The second image is on a row of its own (line 6) with Image Src and Image Position only.
        images: [image('kurta-front.jpg', 1, 'Kurta, front'), image('kurta-back.jpg', 2)],
        line: 2,
      }),
      product({
        handle: 'linen-shirt',
        sku: null,
        title: 'Linen Shirt',
        description: '<p>Pure linen.</p>',
        vendor: 'Desi Threads',
        category: ['Shirts'],
        tags: ['linen'],
        status: 'active',
        // Size is the only option: its value is the label. "899", "899.5", "899.50"; M sold out, L not tracked;
        // M's compare-at equals its price, so no MRP.
        variants: [
          variant(7, 'LIN-S', [['Size', 'S']], 89900, null, 5),
          variant(8, 'LIN-M', [['Size', 'M']], 89950, null, 0),
          variant(9, 'LIN-L', [['Size', 'L']], 89950, null, null),
        ],
        // Image Position, not row order, decides the cover.
        images: [image('linen-front.jpg', 1, 'Linen shirt'), image('linen-side.jpg', 2)],
        line: 7,
      }),
      product({
        handle: 'block-print-tee',
        sku: null,
        title: 'Block Print Tee',
        description: '',
        vendor: null,
        category: ['T-Shirt'],
        tags: [],
        status: 'draft',
        // Color and Size: one variant per row, the values joined in option order.
        variants: [
          variant(10, 'TEE-RED-M', [['Color', 'Red'], ['Size', 'M']], 49900, null, 3),
          variant(11, 'TEE-RED-L', [['Color', 'Red'], ['Size', 'L']], 49900, null, 2),
          variant(12, 'TEE-BLUE-M', [['Color', 'Blue'], ['Size', 'M']], 54900, null, 0),
        ],
        // A variant image the product's list lacks is kept after it.
        images: [image('tee-blue.jpg', 1)],
        line: 10,
      }),
      skipped(13, 'festive-gift-card', M.giftCardSkipped),
      product({
        handle: 'cafe-mug',
        sku: null,
        title: 'CafÃ© Mug',
        description: '<p>Stoneware.</p>',
        vendor: 'Clay Works',
        category: ['Mug'],
        tags: ['kitchen'],
        // No Status: Published FALSE is a draft.
        status: 'draft',
        variants: [variant(15, 'MUG-01', [], 34900, null, 7)],
        images: [],
        line: 15,
      }),
    ]);
  });
});

describe('readCatalogCsv: Shopify, current export saved by a spreadsheet (shopify.csv: BOM, CRLF)', () => {
  it('reads the BOM-led header, counts a CRLF inside quotes as one line, and maps Status', async () => {
    expect(await readFixture('shopify.csv')).toEqual([
      product({
        handle: 'banarasi-silk-saree',
        sku: null,
        title: 'Banarasi Silk Saree',
        description: '<p>Hand-woven silk, "zari" border, 5.5 m.</p>\r\n<p>Dry clean only.</p>',
        vendor: 'Kashi Looms',
        category: ['Apparel & Accessories', 'Clothing', 'Traditional & Ceremonial Clothing'],
        tags: ['silk', 'wedding', 'handloom'],
        status: 'active',
        variants: [variant(2, 'SAREE-BS', [], 1249900, 1499900, 2)],
        images: [image('saree-1.jpg', 1, 'Saree, draped'), image('saree-2.jpg', 2), image('saree-3.jpg', 3, 'Border detail')],
        line: 2,
      }),
      product({
        handle: 'straight-fit-jeans',
        sku: null,
        title: 'Straight Fit Jeans',
        description: '<p>Stretch denim.</p>',
        vendor: 'Indigo Co',
        // No Product category: the Type is the category.
        category: ['Jeans'],
        tags: ['denim'],
        status: 'active',
        // An option named "size" in lower case; 32's compare-at is below its price, so no MRP.
        variants: [
          variant(6, 'JEANS-28', [['size', '28']], 199900, null, 3),
          variant(7, 'JEANS-30', [['size', '30']], 199900, null, 0),
          variant(8, 'JEANS-32', [['size', '32']], 209900, null, null),
        ],
        images: [image('jeans.jpg', 1)],
        line: 6,
      }),
      product({
        handle: 'printed-kurti',
        sku: null,
        title: 'Printed Kurti',
        description: '<p>Rayon.</p>',
        vendor: 'Desi Threads',
        category: ['Kurti'],
        tags: [],
        // Status wins over 'Published on online store'.
        status: 'archived',
        variants: [
          variant(9, 'KURTI-R-S', [['Color', 'Red'], ['Size', 'S']], 79900, null, 4),
          variant(10, 'KURTI-R-M', [['Color', 'Red'], ['Size', 'M']], 79900, null, 1),
          variant(11, 'KURTI-G-S', [['Color', 'Green'], ['Size', 'S']], 84900, null, 6),
        ],
        images: [image('kurti-green.jpg', 1)],
        line: 9,
      }),
      skipped(12, 'e-gift-card', M.giftCardSkipped),
      product({
        handle: 'masala-chai-tin',
        sku: null,
        title: 'NaÃ¯ve Masala Chai Tin',
        description: '<p>Assam tea, spices.</p>',
        vendor: 'Chai Co',
        category: ['Tea'],
        tags: ['tea'],
        status: 'draft',
        variants: [variant(13, 'CHAI-250', [], 25000, null, 40)],
        images: [],
        line: 13,
      }),
    ]);
  });
});

describe('readCatalogCsv: WooCommerce exporter (woocommerce.csv)', () => {
  it('reads simple and variable products with their variations, and skips what is not sold here', async () => {
    expect(await readFixture('woocommerce.csv')).toEqual([
      product({
        handle: 'handloom-cotton-dupatta',
        sku: 'DUP-01',
        title: 'Handloom Cotton Dupatta',
        // The exporter writes line breaks as "\n".
        description: '<p>Light, "airy" cotton.</p>\n<p>Dry in shade.</p>',
        vendor: null,
        // "Women > Dupattas, Accessories": the first entry's path.
        category: ['Women', 'Dupattas'],
        tags: ['cotton', 'handloom'],
        status: 'active',
        // On sale: the sale price sells, the regular price is the MRP.
        variants: [variant(2, 'DUP-01', [], 44900, 59900, 20)],
        images: [image('dupatta-1.jpg', 1), image('dupatta-2.jpg', 2)],
        line: 2,
      }),
      product({
        handle: 'men-s-linen-shirt',
        sku: 'LSHIRT',
        title: "Men's Linen Shirt",
        // A real line break inside quotes (a hand-made file) stays.
        description: '<p>Linen, cut for\nIndian summers.</p>',
        vendor: null,
        category: ['Men', 'Shirts'],
        tags: ['linen'],
        status: 'active',
        // Parents by "id:20" and by the parent's SKU; M on sale and sold out; L's Stock empty with 'In stock?' 1: not tracked.
        variants: [
          variant(5, 'LSHIRT-S', [['Size', 'S']], 149900, null, 4),
          variant(6, 'LSHIRT-M', [['Size', 'M']], 119900, 149900, 0),
          variant(7, 'LSHIRT-L', [['Size', 'L']], 154950, null, null),
        ],
        images: [image('lshirt.jpg', 1), image('lshirt-l.jpg', 2)],
        line: 3,
      }),
      product({
        handle: 'block-print-kurta',
        sku: 'BPK',
        title: 'Block Print Kurta',
        description: '<p>Hand block printed.</p>',
        vendor: null,
        category: ['Men', 'Kurtas'],
        tags: [],
        // Published 0 (private).
        status: 'draft',
        // A variation leaving Size open ("Any Size") or Color empty keeps only the value it sets.
        // Blue / L: Stock empty and 'In stock?' 0, so 0.
        variants: [
          variant(9, 'BPK-RED-M', [['Color', 'Red'], ['Size', 'M']], 99900, null, 6),
          variant(10, 'BPK-BLUE-L', [['Color', 'Blue'], ['Size', 'L']], 99900, null, 0),
          variant(11, 'BPK-RED', [['Color', 'Red']], 94900, null, 2),
          variant(12, 'BPK-L', [['Size', 'L']], 94900, null, 1),
        ],
        images: [image('bpk-1.jpg', 1), image('bpk-2.jpg', 2)],
        line: 8,
      }),
      product({
        // The mis-encoded name is kept; its slug keeps what is ASCII of it.
        handle: 'paa-o-cotton-towel',
        sku: 'TOWEL-01',
        title: 'PaÃ±o Cotton Towel',
        description: '',
        vendor: null,
        category: ['Home'],
        tags: [],
        // Published -1 (draft).
        status: 'draft',
        variants: [variant(13, 'TOWEL-01', [], 29900, null, 0)],
        images: [],
        line: 13,
      }),
      skipped(14, 'block-print-pattern-pdf', M.downloadableSkipped),
      skipped(15, 'styling-session', M.virtualSkipped),
      skipped(16, 'festive-set', M.groupedSkipped),
      skipped(17, 'brass-diya', M.externalSkipped),
      // One virtual variation (line 20) leaves the variable product out, its variations with it.
      skipped(18, 'festive-hamper', M.virtualSkipped),
      product({
        // The same name again: the handle is made unique as WordPress makes slugs.
        handle: 'handloom-cotton-dupatta-2',
        sku: 'DUP-02',
        title: 'Handloom Cotton Dupatta',
        description: '',
        vendor: null,
        category: ['Women', 'Dupattas'],
        tags: [],
        status: 'active',
        variants: [variant(21, 'DUP-02', [], 64900, null, 5)],
        images: [image('dupatta-3.jpg', 1)],
        line: 21,
      }),
    ]);
  });
});

describe('readCatalogCsv: bad rows (bad-rows.csv, Shopify current format)', () => {
  it('yields each problem with its line and column, a product with any error as errors only, and reads on', async () => {
    const items = await readFixture('bad-rows.csv');
    expect(items).toEqual([
      // Lines 2–4: one row whose description spans three lines.
      product({
        handle: 'good-shawl',
        sku: null,
        title: 'Good Shawl',
        description: '<p>Warm wool,\n"hand" spun,\nsoft.</p>',
        vendor: null,
        category: [],
        tags: [],
        status: 'active',
        variants: [variant(2, 'SHAWL-01', [], 10000, null, 1)],
        images: [],
        line: 2,
      }),
      error(5, 'Price', M.priceMissing, 'no-price-scarf'),
      error(6, 'Inventory quantity', M.stockNegative, 'negative-stock-cap'),
      error(7, 'Price', M.priceNotNumber, 'text-price-bag'),
      error(8, 'Price', M.priceHasComma, 'comma-price-lamp'),
      error(9, 'Inventory quantity', M.stockNotWhole, 'half-stock-socks'),
      product({
        handle: 'first-belt',
        sku: null,
        title: 'Item',
        description: '',
        vendor: null,
        category: [],
        tags: [],
        status: 'active',
        variants: [variant(10, 'BELT-01', [], 10000, null, 1)],
        images: [],
        line: 10,
      }),
      error(11, 'SKU', 'SKU BELT-01 is used by another product (line 10)', 'second-belt'),
      error(12, 'Title', M.titleMissing, 'untitled-cushion'),
      // Every problem of a product, each on its own line.
      error(13, 'Price', M.priceNotNumber, 'mixed-errors-tee'),
      error(14, 'Price', M.priceMissing, 'mixed-errors-tee'),
      error(14, 'Inventory quantity', M.stockNegative, 'mixed-errors-tee'),
      error(15, 'Price', M.priceNegative, 'negative-price-pin'),
      error(16, 'URL handle', 'Handle good-shawl is used by another product (line 2)', 'good-shawl'),
      error(17, 'Status', M.statusUnknown, 'status-typo-mat'),
      // Line 19 is a row of empty cells: nobody's row.
      product({
        handle: 'last-good-box',
        sku: null,
        title: 'Last Good Box',
        description: '',
        vendor: null,
        category: [],
        tags: [],
        status: 'active',
        variants: [variant(18, 'BOX-01', [], 9990, null, 1)],
        images: [],
        line: 18,
      }),
    ]);
  });
});

const LEGACY_HEADER = 'Handle,Title,Body (HTML),Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Gift Card,Status\n';

describe('readCatalogCsv: the file as a whole', () => {
  it('answers one error for line 1 and no items when the header matches no format', async () => {
    const unknown = error(1, null, M.unknownFile, null);
    expect(await collect(chunks('Product,Cost,Qty\nShirt,499,3\n'))).toEqual([unknown]);
    expect(await collect(chunks(''))).toEqual([unknown]);
    // A header only: a known file with no products.
    expect(await collect(chunks(LEGACY_HEADER))).toEqual([]);
  });

  it('recognises a header whatever its case, and a BOM mis-decoded as "ï»¿", naming columns as the file does', async () => {
    const header = 'ï»¿HANDLE,title,Option1 Name,Option1 Value,VARIANT PRICE\n';
    expect(await collect(chunks(header, 'mug,Mug,Title,Default Title,12.5O\n'))).toEqual([error(2, 'VARIANT PRICE', M.priceNotNumber, 'mug')]);
  });

  it('reads strings and Buffers alike, with a multi-byte character split across chunks', async () => {
    const rupee = Buffer.from('₹', 'utf8');
    const items = await collect(
      chunks(LEGACY_HEADER, 'tin,Tea ', rupee.subarray(0, 1), rupee.subarray(1), ' Tin,,Title,Default Title,T-1,4,250,FALSE,active\n'),
    );
    expect(items).toMatchObject([{ kind: 'product', product: { handle: 'tin', title: 'Tea ₹ Tin', variants: [{ sku: 'T-1', price: 25000, stock: 4 }] } }]);
  });

  it('never throws on bytes that are not UTF-8: they read as U+FFFD', async () => {
    const latin1 = Buffer.from([0x43, 0x61, 0x66, 0xe9]); // "Café" in Latin-1
    const items = await collect(chunks(LEGACY_HEADER, 'cafe,', latin1, ',,Title,Default Title,C-1,1,99,FALSE,active\n'));
    expect(items).toMatchObject([{ kind: 'product', product: { handle: 'cafe', title: 'Caf\uFFFD' } }]);
  });

  it('a quote left open stops the reading with one error at its line; the product it cuts short is not imported', async () => {
    const items = await collect(
      chunks(LEGACY_HEADER, 'mug,Mug,,Title,Default Title,M-1,1,99,FALSE,active\n', 'tee,Tee,,Size,S,T-S,1,99,FALSE,active\n', 'tee,,"<p>open,,Size,M,T-M,1,99,,\n', 'more,rows\n'),
    );
    expect(items).toEqual([
      product({ handle: 'mug', sku: null, title: 'Mug', description: '', vendor: null, category: [], tags: [], status: 'active', variants: [variant(2, 'M-1', [], 9900, null, 1)], images: [], line: 2 }),
      error(4, null, M.unreadableFile, 'tee'),
    ]);
  });

  it('stops reading the input when the caller stops', async () => {
    let closed = false;
    async function* input() {
      try {
        yield LEGACY_HEADER;
        for (let i = 0; ; i += 1) yield `p${i},P${i},,Title,Default Title,SKU-${i},1,10,FALSE,active\n`;
      } finally {
        closed = true;
      }
    }
    for await (const item of readCatalogCsv(input())) {
      expect(item).toMatchObject({ kind: 'product', product: { handle: 'p0' } });
      break;
    }
    expect(closed).toBe(true);
  });
});

describe('readCatalogCsv: WooCommerce order of rows', () => {
  const WOO_HEADER = 'ID,Type,SKU,Name,Published,In stock?,Stock,Sale price,Regular price,Parent,Attribute 1 name,Attribute 1 value(s)\n';

  it('a variation not right after its variable product is an error of its own, reported after the product before it', async () => {
    const items = await collect(
      chunks(WOO_HEADER, '1,simple,S-1,Scarf,1,1,3,,299,,,\n', '2,variation,V-1,Shirt - M,1,1,2,,499,id:9,Size,M\n', '3,variable,SH,Shirt,1,1,,,,,Size,M\n'),
    );
    expect(items).toEqual([
      expect.objectContaining({ kind: 'product', product: expect.objectContaining({ handle: 'scarf' }) }),
      error(3, 'Parent', M.variationWithoutParent('id:9'), null),
      error(4, null, M.noVariations, 'shirt'),
    ]);
  });
});

describe('readCatalogCsv: a long file streams', () => {
  const PRODUCTS = 5_000;
  // 4 rows a product (3 sizes and an image-only row): 20,000 rows.
  function* rows(): Generator<string> {
    yield 'Handle,Title,Body (HTML),Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Image Src,Image Position\n';
    for (let p = 0; p < PRODUCTS; p += 1) {
      yield `tee-${p},Tee ${p},"<p>Cotton, ""soft"".</p>",Size,S,TEE-${p}-S,3,499.00,${CDN}tee-${p}.jpg,1\n`;
      yield `tee-${p},,,,M,TEE-${p}-M,0,499.00,,\n`;
      yield `tee-${p},,,,L,TEE-${p}-L,,549.00,,\n`;
      yield `tee-${p},,,,,,,,${CDN}tee-${p}-back.jpg,2\n`;
    }
  }

  it('reads 20,000 rows into 5,000 products, yielding the first long before the input has been read', async () => {
    let pulled = 0;
    async function* input() {
      for (const row of rows()) {
        pulled += 1;
        yield row;
      }
    }
    let count = 0;
    let pulledAtFirst = 0;
    let last: ImportItem | undefined;
    for await (const item of readCatalogCsv(input())) {
      if (count === 0) pulledAtFirst = pulled;
      count += 1;
      last = item;
      expect(item.kind).toBe('product');
    }
    expect(count).toBe(PRODUCTS);
    expect(pulled).toBe(PRODUCTS * 4 + 1);
    // The first product ends when the second's first row (the header, then 4 rows, then 1) has been read.
    expect(pulledAtFirst).toBeLessThanOrEqual(10);
    expect(last).toMatchObject({ kind: 'product', product: { handle: `tee-${PRODUCTS - 1}`, line: (PRODUCTS - 1) * 4 + 2 } });
  });
});
