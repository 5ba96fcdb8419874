import { describe, expect, it } from 'vitest';
import { readCatalogCsv } from '../../api/catalog-import/catalog-csv.reader.ts';
import { detectFormat, SHOPIFY_COLUMNS, SHOPIFY_LEGACY_COLUMNS, type CsvRow } from '../../api/catalog-import/csv-formats.ts';
import { IMPORT_MESSAGES as M } from '../../api/catalog-import/import-messages.ts';
import type { ImportItem } from '../../api/catalog-import/import-model.ts';
import { parsePaise, ProductErrors, slugify } from '../../api/catalog-import/import-values.ts';
import { shopifyGrouper, shopifyOptions, shopifyStatus, variantLabel } from '../../api/catalog-import/shopify.reader.ts';
import { wooCell, wooDescription, wooList, wooOptions, wooProduct } from '../../api/catalog-import/woocommerce.reader.ts';
import { chunks, collect, error, product, variant } from '../helpers/catalog-csv.ts';

const row = (cells: Record<string, string>, line = 2): CsvRow => ({ line, cells });

describe('parsePaise', () => {
  it('reads rupees with or without decimals as integer paise', () => {
    expect(parsePaise('499')).toBe(49900);
    expect(parsePaise('499.5')).toBe(49950);
    expect(parsePaise('499.50')).toBe(49950);
    expect(parsePaise(' 0.99 ')).toBe(99);
    expect(parsePaise('0')).toBe(0);
    expect(parsePaise('499.500')).toBe(49950);
    expect(parsePaise('-5')).toBe(-500);
  });

  it('refuses thousands separators, fractions of a paisa and anything not a plain number', () => {
    for (const text of ['1,299.00', '1,299', '499.999', '499.', '.5', 'abc', '', '₹499', 'Rs. 499', '1e3', '12.5O', '499 50']) {
      expect(parsePaise(text), text).toBeNull();
    }
  });
});

describe('detectFormat', () => {
  it('tells the three exports apart by their header', () => {
    expect(detectFormat(['Handle', 'Title', 'Body (HTML)', 'Variant SKU', 'Variant Price', 'Status'])).toBe('shopify-legacy');
    expect(detectFormat(['Title', 'URL handle', 'Description', 'SKU', 'Price', 'Status'])).toBe('shopify');
    expect(detectFormat(['ID', 'Type', 'SKU', 'Name', 'Published', 'Sale price', 'Regular price', 'Parent'])).toBe('woocommerce');
    expect(detectFormat(['\uFEFFHandle', ' title ', 'variant  price'])).toBe('shopify-legacy');
  });

  it('answers null for anything else', () => {
    expect(detectFormat(['Product', 'Price', 'Qty'])).toBeNull();
    expect(detectFormat(['Handle', 'Title'])).toBeNull();
    expect(detectFormat([])).toBeNull();
  });
});

describe('Shopify rules on rows', () => {
  const c = SHOPIFY_LEGACY_COLUMNS;

  it('reads no options for Title / Default Title, else the values set in option order', () => {
    const names = ['Title', '', ''];
    expect(shopifyOptions(row({ 'Option1 Value': 'Default Title' }), names, c)).toEqual([]);
    const colorSize = shopifyOptions(row({ 'Option1 Value': 'Red', 'Option2 Value': 'M' }), ['Color', 'Size', ''], c);
    expect(colorSize).toEqual([
      { name: 'Color', value: 'Red' },
      { name: 'Size', value: 'M' },
    ]);
    expect(variantLabel(colorSize)).toBe('Red / M');
    expect(variantLabel(shopifyOptions(row({ 'Option1 Value': 'XL' }), ['SIZE', '', ''], c))).toBe('XL');
    expect(variantLabel([])).toBeNull();
  });

  it('takes Status when given, else Published (blank publishes)', () => {
    const status = (cells: Record<string, string>) => shopifyStatus(row(cells), c, new ProductErrors('x'));
    expect(status({ Status: 'Archived', Published: 'TRUE' })).toBe('archived');
    expect(status({ Status: 'unlisted' })).toBe('draft');
    expect(status({ Published: 'FALSE' })).toBe('draft');
    expect(status({ Published: 'TRUE' })).toBe('active');
    expect(status({})).toBe('active');
    const errors = new ProductErrors('x');
    expect(shopifyStatus(row({ Status: 'live' }, 7), c, errors)).toBe('draft');
    expect(errors.list).toEqual([{ line: 7, column: 'Status', message: M.statusUnknown, handle: 'x' }]);
  });

  it('starts a product at a row with a title and no handle, its handle made from the title', () => {
    const grouper = shopifyGrouper(SHOPIFY_COLUMNS);
    const first = { Title: 'Wool Socks', Price: '199', 'Option1 name': 'Size', 'Option1 value': 'S' };
    expect(grouper.push(row(first, 2))).toEqual([]);
    // No handle and no title: the next variant of the same product.
    expect(grouper.push(row({ 'Option1 value': 'M', Price: '199' }, 3))).toEqual([]);
    const [done] = grouper.end();
    expect(done).toMatchObject({ kind: 'product', product: { handle: 'wool-socks', variants: [{ label: 'S', line: 2 }, { label: 'M', line: 3 }] } });
  });
});

describe('WooCommerce rules on rows', () => {
  it('undoes the exporter escapes: line breaks as "\\n", commas in lists as "\\,", a leading \' before =+-@', () => {
    expect(wooDescription('<p>One</p>\\n<p>Two</p>')).toBe('<p>One</p>\n<p>Two</p>');
    expect(wooDescription('C:\\\\new\\nline')).toBe('C:\\new\nline');
    expect(wooList('Red, Blue\\, navy,, Green')).toEqual(['Red', 'Blue, navy', 'Green']);
    expect(wooCell(row({ Stock: "'-5" }), 'Stock')).toBe('-5');
    expect(wooCell(row({ Name: "'Tis the season" }), 'Name')).toBe("'Tis the season");
  });

  it('takes attribute names from the parent where the variation leaves them out, and drops open values', () => {
    const parent = row({ 'Attribute 1 name': 'Color', 'Attribute 2 name': 'Size' });
    expect(wooOptions(row({ 'Attribute 1 value(s)': 'Red', 'Attribute 2 value(s)': 'any size' }), parent)).toEqual([{ name: 'Color', value: 'Red' }]);
    expect(wooOptions(row({ 'Attribute 1 value(s)': '', 'Attribute 2 value(s)': 'M' }), parent)).toEqual([{ name: 'Size', value: 'M' }]);
  });

  it('needs a Regular price unless there is a Sale price, and keeps an MRP only above the price', () => {
    const simple = (cells: Record<string, string>) => wooProduct(row({ Type: 'simple', Name: 'Cap', Published: '1', ...cells }), [], 'cap');
    expect(simple({ 'Sale price': '', 'Regular price': '' })).toEqual({
      kind: 'errors',
      errors: [{ line: 2, column: 'Regular price', message: M.priceMissing, handle: 'cap' }],
    });
    expect(simple({ 'Sale price': '300' })).toMatchObject({ kind: 'product', product: { variants: [{ price: 30000, mrp: null }] } });
    expect(simple({ 'Sale price': '300', 'Regular price': '250' })).toMatchObject({ kind: 'product', product: { variants: [{ price: 30000, mrp: null }] } });
    expect(simple({ Stock: '1.5', 'Regular price': '250' })).toEqual({
      kind: 'errors',
      errors: [{ line: 2, column: 'Stock', message: M.stockNotWhole, handle: 'cap' }],
    });
  });

  it('slugs names the way the catalogue does', () => {
    expect(slugify("Men's Linen Shirt")).toBe('men-s-linen-shirt');
    expect(slugify('  Café — Crème ')).toBe('cafe-creme');
    expect(slugify('कुर्ता')).toBe('');
  });
});

describe('SKUs across and within products', () => {
  async function read(text: string): Promise<ImportItem[]> {
    const items: ImportItem[] = [];
    async function* input() {
      yield text;
    }
    for await (const item of readCatalogCsv(input())) items.push(item);
    return items;
  }

  it('refuses a SKU two variants of one product share, and one a WooCommerce variation takes from another product', async () => {
    const shopify = await read('Handle,Title,Option1 Name,Option1 Value,Variant SKU,Variant Price\ntee,Tee,Size,S,T-1,10\ntee,,,M,T-1,10\n');
    expect(shopify).toEqual([{ kind: 'error', error: { line: 3, column: 'Variant SKU', message: M.skuRepeated('T-1', 2), handle: 'tee' } }]);
    const woo = await read(
      [
        'ID,Type,SKU,Name,Regular price,Parent,Attribute 1 name,Attribute 1 value(s)',
        '1,simple,CAP,Cap,10,,,',
        '2,variable,SH,Shirt,,,Size,S',
        '3,variation,CAP,Shirt S,10,id:2,Size,S',
      ].join('\n'),
    );
    expect(woo.map((item) => item.kind)).toEqual(['product', 'error']);
    expect(woo[1]).toEqual({ kind: 'error', error: { line: 4, column: 'SKU', message: M.skuTaken('CAP', 2), handle: 'shirt' } });
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
      chunks(
        LEGACY_HEADER,
        'mug,Mug,,Title,Default Title,M-1,1,99,FALSE,active\n',
        'tee,Tee,,Size,S,T-S,1,99,FALSE,active\n',
        'tee,,"<p>open,,Size,M,T-M,1,99,,\n',
        'more,rows\n',
      ),
    );
    expect(items).toEqual([
      product({
        handle: 'mug',
        sku: null,
        title: 'Mug',
        description: '',
        vendor: null,
        category: [],
        tags: [],
        status: 'active',
        variants: [variant(2, 'M-1', null, [], 9900, null, 1)],
        images: [],
        line: 2,
      }),
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
