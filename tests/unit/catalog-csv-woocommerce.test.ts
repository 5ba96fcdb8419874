import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES as M } from '../../api/catalog-import/import-messages.ts';
import { chunks, collect, error, image, product, readFixture, skipped, variant } from '../helpers/catalog-csv.ts';

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
        variants: [variant(2, 'DUP-01', null, [], 44900, 59900, 20)],
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
          variant(5, 'LSHIRT-S', 'S', [['Size', 'S']], 149900, null, 4),
          variant(6, 'LSHIRT-M', 'M', [['Size', 'M']], 119900, 149900, 0),
          variant(7, 'LSHIRT-L', 'L', [['Size', 'L']], 154950, null, null),
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
          variant(9, 'BPK-RED-M', 'Red / M', [['Color', 'Red'], ['Size', 'M']], 99900, null, 6),
          variant(10, 'BPK-BLUE-L', 'Blue / L', [['Color', 'Blue'], ['Size', 'L']], 99900, null, 0),
          variant(11, 'BPK-RED', 'Red', [['Color', 'Red']], 94900, null, 2),
          variant(12, 'BPK-L', 'L', [['Size', 'L']], 94900, null, 1),
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
        variants: [variant(13, 'TOWEL-01', null, [], 29900, null, 0)],
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
        variants: [variant(21, 'DUP-02', null, [], 64900, null, 5)],
        images: [image('dupatta-3.jpg', 1)],
        line: 21,
      }),
    ]);
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
