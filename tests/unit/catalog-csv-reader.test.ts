import { describe, expect, it } from 'vitest';
import { readCatalogCsv } from '../../api/catalog-import/catalog-csv.reader.ts';
import { IMPORT_MESSAGES as M } from '../../api/catalog-import/import-messages.ts';
import type { ImportItem } from '../../api/catalog-import/import-model.ts';
import { CDN, error, image, product, readFixture, skipped, variant } from '../helpers/catalog-csv.ts';

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
        variants: [variant(2, 'KURTA-CL', null, [], 129900, 159900, 12)],
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
          variant(7, 'LIN-S', 'S', [['Size', 'S']], 89900, null, 5),
          variant(8, 'LIN-M', 'M', [['Size', 'M']], 89950, null, 0),
          variant(9, 'LIN-L', 'L', [['Size', 'L']], 89950, null, null),
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
          variant(10, 'TEE-RED-M', 'Red / M', [['Color', 'Red'], ['Size', 'M']], 49900, null, 3),
          variant(11, 'TEE-RED-L', 'Red / L', [['Color', 'Red'], ['Size', 'L']], 49900, null, 2),
          variant(12, 'TEE-BLUE-M', 'Blue / M', [['Color', 'Blue'], ['Size', 'M']], 54900, null, 0),
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
        variants: [variant(15, 'MUG-01', null, [], 34900, null, 7)],
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
        variants: [variant(2, 'SAREE-BS', null, [], 1249900, 1499900, 2)],
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
          variant(6, 'JEANS-28', '28', [['size', '28']], 199900, null, 3),
          variant(7, 'JEANS-30', '30', [['size', '30']], 199900, null, 0),
          variant(8, 'JEANS-32', '32', [['size', '32']], 209900, null, null),
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
          variant(9, 'KURTI-R-S', 'Red / S', [['Color', 'Red'], ['Size', 'S']], 79900, null, 4),
          variant(10, 'KURTI-R-M', 'Red / M', [['Color', 'Red'], ['Size', 'M']], 79900, null, 1),
          variant(11, 'KURTI-G-S', 'Green / S', [['Color', 'Green'], ['Size', 'S']], 84900, null, 6),
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
        variants: [variant(13, 'CHAI-250', null, [], 25000, null, 40)],
        images: [],
        line: 13,
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
        variants: [variant(2, 'SHAWL-01', null, [], 10000, null, 1)],
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
        variants: [variant(10, 'BELT-01', null, [], 10000, null, 1)],
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
        variants: [variant(18, 'BOX-01', null, [], 9990, null, 1)],
        images: [],
        line: 18,
      }),
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
