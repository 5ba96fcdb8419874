import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeCommand } from '../helpers/store-command.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

/** `npm run catalog -- ...` as a store runs it: the real command in its own process, on the test's database (decision 066). */
describe('the catalog command', () => {
  let store: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    store = await createTestDatabase({ shared: true });
    dir = mkdtempSync(join(tmpdir(), 'catalog-cli-'));
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const catalog = (...args: string[]) => storeCommand('catalog', store.url)(...args);
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const WOO =
    'ID,Type,SKU,Name,Published,Description,In stock?,Stock,Sale price,Regular price,Categories,Tags,Images,Parent,Attribute 1 name,Attribute 1 value(s)\n' +
    '10,simple,MUG-1,Clay Mug,1,"A mug, glazed",1,8,,349,Home > Kitchen,clay,,,,\n' +
    '11,"simple, downloadable",EBOOK-1,Recipe E-book,1,PDF,1,,,199,Books,,,,,\n';

  it('imports a WooCommerce export after a dry run that wrote nothing, skips what the store does not sell, and exports Shopify’s format', async () => {
    const path = file('woo.csv', WOO);
    const dry = await catalog('import', path, '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/^Dry run: nothing was written\. It would have: 1 created, 0 updated, 0 unchanged, of 1 products, in [\d.]+ s\.$/m);
    expect(dry.out).toMatch(/line 3: recipe-e-book: /);
    expect(await store.db.selectFrom('products').select('id').execute()).toEqual([]);

    const real = await catalog('import', path);
    expect(real.code).toBe(0);
    expect(real.out).toMatch(/^Imported: 1 created, 0 updated, 0 unchanged, of 1 products/m);
    expect(real.out).toContain('Created category Kitchen.');
    const mug = await store.db.selectFrom('products').select(['name', 'min_final_price', 'total_stock', 'status']).executeTakeFirstOrThrow();
    expect(mug).toEqual({ name: 'Clay Mug', min_final_price: 349_00, total_stock: 8, status: 'active' });
    expect((await catalog('import', path)).out).toMatch(/^Imported: 0 created, 0 updated, 1 unchanged/m);

    const exported = join(dir, 'out.csv');
    expect((await catalog('export', exported)).out).toBe(`Exported 1 products to ${exported} (Shopify's product CSV).\n`);
    const lines = readFileSync(exported, 'utf8').replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Title,URL handle,Description,Vendor,Product category/);
    expect(lines[1]).toMatch(/^Clay Mug,clay-mug,"A mug, glazed",/);
  });

  it('exits 1 and names the line and column of a bad row; refuses an unknown --status', async () => {
    const bad = await catalog('import', file('bad.csv', `${WOO}12,simple,PLATE-1,Stone Plate,1,Flat,1,-2,,299,Home > Kitchen,,,,,\n`));
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/1 problems; those products were not imported:\n {2}line 4, Stock \(stone-plate\): /);
    const status = await catalog('import', file('ok.csv', WOO), '--status', 'hidden');
    expect(status.code).toBe(1);
    expect(status.out).toContain('--status is draft or active, not "hidden".');
  });
});
