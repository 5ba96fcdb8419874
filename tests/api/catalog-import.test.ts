import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCatalog } from '../../api/catalog-import/catalog-export.service.ts';
import { importCatalog, type ImportOptions } from '../../api/catalog-import/catalog-import.service.ts';
import { importImageStore } from '../../api/catalog-import/import-images.ts';
import { readCatalogueVersion } from '../../api/db/catalogue-version.repository.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

/**
 * A Shopify export into the store and out again (decision 066), on both
 * databases: the same file twice changes nothing, a changed price updates
 * one variant, a bad row leaves its product out and the rest in, a dry run
 * writes nothing, and an export imported into an empty store gives the same
 * catalogue.
 */
const HEADER =
  'Title,URL handle,Description,Vendor,Product category,Type,Tags,Published on online store,Status,SKU,Barcode,Option1 name,Option1 value,Option2 name,Option2 value,Option3 name,Option3 value,Price,Compare-at price,Cost per item,Charge tax,Inventory tracker,Inventory quantity,Continue selling when out of stock,Weight value (grams),Weight unit for display,Requires shipping,Fulfillment service,Product image URL,Image position,Image alt text,Variant image URL,Gift card,SEO title,SEO description';
const COLUMNS = HEADER.split(',');

/** A row of the current Shopify export from the columns it sets. */
function row(values: Record<string, string>): string {
  return COLUMNS.map((column) => {
    const value = values[column] ?? '';
    return /[",\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
  }).join(',');
}

function shopifyFile({ shirtMPrice = '1299.00' } = {}): string {
  return [
    HEADER,
    row({
      Title: 'Oxford Shirt',
      'URL handle': 'oxford-shirt',
      Description: '<p>Cotton, "button-down", <em>crisp</em></p>',
      Vendor: 'House of Loom',
      'Product category': 'Men > Shirts',
      Tags: 'cotton, office',
      'Published on online store': 'TRUE',
      Status: 'active',
      SKU: 'OX-M',
      'Option1 name': 'Size',
      'Option1 value': 'M',
      Price: shirtMPrice,
      'Compare-at price': '1599.00',
      'Inventory quantity': '5',
    }),
    row({ 'URL handle': 'oxford-shirt', SKU: 'OX-L', 'Option1 value': 'L', Price: '1349.50', 'Inventory quantity': '0' }),
    row({
      Title: 'Canvas Cap',
      'URL handle': 'canvas-cap',
      Description: 'A cap',
      Vendor: 'House of Loom',
      Type: 'Caps',
      'Published on online store': 'TRUE',
      Status: 'active',
      SKU: 'CAP-1',
      'Option1 name': 'Title',
      'Option1 value': 'Default Title',
      Price: '499',
      'Inventory quantity': '12',
    }),
  ].join('\n');
}

const BAD_ROW = row({ Title: 'Broken Belt', 'URL handle': 'broken-belt', Status: 'active', SKU: 'BELT-1', 'Option1 name': 'Title', 'Option1 value': 'Default Title', Price: 'cheap', 'Inventory quantity': '3' });

describe('importing and exporting a catalogue', () => {
  let store: TestDatabase;
  beforeAll(async () => {
    store = await createTestDatabase();
  });
  afterAll(() => store.close());

  const run = (text: string, options: ImportOptions = {}) => importCatalog(store.db, Readable.from([Buffer.from(text)]), options);
  const catalogue = async (db = store.db) => {
    const products = await db.selectFrom('products').select(['id', 'slug', 'name', 'status', 'description', 'tags', 'sub_category_id', 'min_final_price', 'old_price', 'total_stock']).orderBy('slug').execute();
    const variants = await db.selectFrom('product_variants').innerJoin('products', 'products.id', 'product_variants.product_id').select(['products.slug', 'product_variants.sku', 'product_variants.product_variation', 'product_variants.old_price', 'product_variants.final_price', 'product_variants.stock']).orderBy('products.slug').orderBy('product_variants.position').execute();
    const categories = await db.selectFrom('categories').select(['name', 'parent_id']).orderBy('name').execute();
    return { products, variants, categories };
  };

  it('creates the products of a Shopify export, then the same file again changes nothing and leaves the catalogue version where it was', async () => {
    const first = await run(shopifyFile());
    expect(first).toMatchObject({ dryRun: false, products: 2, created: 2, updated: 0, unchanged: 0, errors: [], skipped: [] });
    expect(new Set(first.createdPlaces)).toEqual(new Set(['category Men', 'category Shirts', 'category Caps', 'seller Store']));
    const before = { catalogue: await catalogue(), version: await readCatalogueVersion(store.db) };
    expect(before.catalogue.products.map((p) => [p.slug, p.name, p.min_final_price, p.old_price, p.total_stock])).toEqual([
      ['canvas-cap', 'Canvas Cap', 499_00, 499_00, 12],
      ['oxford-shirt', 'Oxford Shirt', 1299_00, 1599_00, 5],
    ]);
    const second = await run(shopifyFile());
    expect(second).toMatchObject({ products: 2, created: 0, updated: 0, unchanged: 2, errors: [] });
    expect(await catalogue()).toEqual(before.catalogue);
    expect(await readCatalogueVersion(store.db)).toBe(before.version);
  });

  it('a changed price updates that variant only', async () => {
    const before = await catalogue();
    const report = await run(shopifyFile({ shirtMPrice: '1199.00' }));
    expect(report).toMatchObject({ created: 0, updated: 1, unchanged: 1 });
    const after = await catalogue();
    const changed = after.variants.filter((v, i) => JSON.stringify(v) !== JSON.stringify(before.variants[i]));
    expect(changed).toEqual([expect.objectContaining({ sku: 'OX-M', final_price: 1199_00, stock: 5 })]);
    await run(shopifyFile());
  });

  it('a bad row is reported with its line and column, its product is left out whole, and the rest goes in', async () => {
    const report = await run(`${shopifyFile()}\n${BAD_ROW}`);
    expect(report.errors).toEqual([expect.objectContaining({ line: 5, column: 'Price', handle: 'broken-belt' })]);
    expect(report).toMatchObject({ products: 2, unchanged: 2 });
    expect(await store.db.selectFrom('products').select('id').where('slug', '=', 'broken-belt').execute()).toEqual([]);
  });

  it('a dry run reports what a real run would do and writes nothing; --status draft and --archive-missing do what they say', async () => {
    const before = { catalogue: await catalogue(), version: await readCatalogueVersion(store.db) };
    const onlyCap = [HEADER, ...shopifyFile().split('\n').slice(3)].join('\n');
    const dry = await run(onlyCap, { dryRun: true, status: 'draft', archiveMissing: true });
    expect(dry).toMatchObject({ dryRun: true, products: 1, created: 0, updated: 1, unchanged: 0, archived: 1 });
    expect(await catalogue()).toEqual(before.catalogue);
    expect(await readCatalogueVersion(store.db)).toBe(before.version);

    const real = await run(onlyCap, { status: 'draft', archiveMissing: true });
    expect(real).toMatchObject({ dryRun: false, products: 1, updated: 1, archived: 1 });
    const statuses = await store.db.selectFrom('products').select(['slug', 'status']).orderBy('slug').execute();
    expect(statuses).toEqual([
      { slug: 'canvas-cap', status: 'draft' },
      { slug: 'oxford-shirt', status: 'archived' },
    ]);
    await run(shopifyFile());
  });

  it('an export imported into an empty store gives the same catalogue', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    expect(await exportCatalog(store.db, out, { mediaBaseUrl: 'https://shop.example/media' })).toBe(2);
    const exported = Buffer.concat(chunks).toString('utf8');
    expect(exported.split('\n')[0]).toContain('Title,URL handle,Description');

    const empty = await createTestDatabase();
    try {
      const report = await importCatalog(empty.db, Readable.from([Buffer.from(exported)]));
      expect(report).toMatchObject({ products: 2, created: 2, errors: [], skipped: [] });
      const strip = (c: Awaited<ReturnType<typeof catalogue>>) => ({
        products: c.products.map(({ id: _id, sub_category_id: _category, ...rest }) => rest),
        variants: c.variants,
        categories: c.categories.map((category) => ({ name: category.name, hasParent: category.parent_id !== null })),
      });
      expect(strip(await catalogue(empty.db))).toEqual(strip(await catalogue()));
    } finally {
      await empty.close();
    }
  });
});

describe('importing a catalogue with its images', () => {
  let store: TestDatabase;
  let server: Server;
  let origin: string;
  let dir: string;
  let png: Buffer;
  beforeAll(async () => {
    store = await createTestDatabase();
    png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c0392b' } }).png().toBuffer();
    server = createServer((req, res) => {
      if (req.url === '/shirt.png') {
        res.writeHead(200, { 'Content-Type': 'image/png' });
        res.end(png);
      } else if (req.url === '/page.html') {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.end('<p>not an image</p>');
      } else {
        res.writeHead(404);
        res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), 'import-images-'));
    writeFileSync(join(dir, 'cap.png'), png);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
    await store.close();
  });

  it('stores each image in the database as the storefront’s WebP sizes; one that cannot be had is reported with its line and the product still goes in', async () => {
    const text = [
      HEADER,
      row({ Title: 'Oxford Shirt', 'URL handle': 'oxford-shirt', Status: 'active', 'Option1 name': 'Title', 'Option1 value': 'Default Title', Price: '999', 'Inventory quantity': '3', 'Product image URL': `${origin}/shirt.png`, 'Image position': '1' }),
      row({ 'URL handle': 'oxford-shirt', 'Product image URL': `${origin}/missing.png`, 'Image position': '2' }),
      row({ 'URL handle': 'oxford-shirt', 'Product image URL': `${origin}/page.html`, 'Image position': '3' }),
      row({ Title: 'Canvas Cap', 'URL handle': 'canvas-cap', Status: 'active', 'Option1 name': 'Title', 'Option1 value': 'Default Title', Price: '499', 'Inventory quantity': '3', 'Product image URL': 'cap.png', 'Image position': '1' }),
    ].join('\n');
    const images = importImageStore(store.db, { dir, allowedHosts: [new URL(origin).host] });
    const report = await importCatalog(store.db, Readable.from([Buffer.from(text)]), { images });
    expect(report).toMatchObject({ created: 2, errors: [] });
    expect(report.imageProblems).toEqual([
      { line: 2, handle: 'oxford-shirt', src: `${origin}/missing.png`, reason: 'HTTP 404' },
      { line: 2, handle: 'oxford-shirt', src: `${origin}/page.html`, reason: 'not an image (text/html)' },
    ]);
    const rows = await store.db.selectFrom('products').select(['slug', 'cover_image', 'product_images']).orderBy('slug').execute();
    expect(rows).toEqual([
      { slug: 'canvas-cap', cover_image: expect.stringMatching(/^\/media\/products\/[0-9a-f]{16}-canvas-cap-640\.webp$/), product_images: expect.any(String) },
      { slug: 'oxford-shirt', cover_image: expect.stringMatching(/^\/media\/products\/[0-9a-f]{16}-oxford-shirt-640\.webp$/), product_images: expect.any(String) },
    ]);
    const stored = await store.db.selectFrom('media').select(['path', 'content_type']).where('path', '=', rows[1]!.cover_image).executeTakeFirstOrThrow();
    expect(stored.content_type).toBe('image/webp');
    // The same file again: the same images, nothing changed.
    const again = await importCatalog(store.db, Readable.from([Buffer.from(text)]), { images });
    expect(again).toMatchObject({ unchanged: 2, created: 0, updated: 0 });
  });

  it('fetches nothing from a host the store does not allow, and says so', async () => {
    const text = [HEADER, row({ Title: 'Linen Scarf', 'URL handle': 'linen-scarf', Status: 'active', 'Option1 name': 'Title', 'Option1 value': 'Default Title', Price: '299', 'Inventory quantity': '1', 'Product image URL': `${origin}/shirt.png`, 'Image position': '1' })].join('\n');
    const report = await importCatalog(store.db, Readable.from([Buffer.from(text)]), { images: importImageStore(store.db, { dir: null, allowedHosts: 'any-public' }) });
    expect(report.created).toBe(1);
    expect(report.imageProblems).toEqual([expect.objectContaining({ handle: 'linen-scarf', reason: expect.stringMatching(/not allowed|private|loopback/) })]);
    expect((await store.db.selectFrom('products').select('cover_image').where('slug', '=', 'linen-scarf').executeTakeFirstOrThrow()).cover_image).toBe('');
  });
});
