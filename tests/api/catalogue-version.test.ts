import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockProducts, refreshListingColumns, takeStock } from '../../api/checkout/stock.repository.ts';
import { readCatalogueVersion } from '../../api/db/catalogue-version.repository.ts';
import { connect, type StoreDatabase } from '../../api/db/connect.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import type { TestApi } from '../fixtures/customer.fixtures.ts';
import { checkoutBody, createProduct, createShopper, orderLine, stockOf, type TestVariant } from '../fixtures/order.fixtures.ts';

/**
 * The catalogue version the page cache trusts (decisions 023, 026), as another
 * connection sees it: how often a transaction that takes stock moves it, and
 * when the move becomes visible. PostgreSQL bumps it once per transaction, at
 * the commit; SQLite per catalogue row written, inside the transaction (writes
 * are serialised there, and the measurement found no cost to save).
 */
describe('the catalogue version', () => {
  let store: TestDatabase;
  let other: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase({ shared: true });
    other = connect({ url: store.url });
    api = createTestApi(store);
  });
  afterAll(async () => {
    await other.close();
    await store.close();
  });

  const postgres = () => store.dialect === 'postgres';
  /** The version as a second connection (another request, another process) reads it. */
  const seen = async () => Number(await readCatalogueVersion(other.db));
  /** The moves a checkout of `lines` one-unit lines of distinct products makes: SQLite counts each product lock, stock take and listing rewrite. */
  const bumpsOfCheckout = (lines: number) => (postgres() ? 1 : 3 * lines);

  /** The writes a checkout makes to take stock, in its order, inside `trx`. */
  const takeOne = async (trx: Parameters<typeof takeStock>[0], v: TestVariant) => {
    await lockProducts(trx, [v.productId], new Date().toISOString());
    expect(await takeStock(trx, v.variantId, 1)).toBe(true);
    await refreshListingColumns(trx, [v.productId]);
  };

  it('a checkout taking stock of two products moves the version exactly once on PostgreSQL (once per row written on SQLite)', async () => {
    const [a] = await createProduct(store.db, { price: 500_00, stock: 5 });
    const [b] = await createProduct(store.db, { price: 700_00, stock: 5 });
    const shopper = await createShopper(store.db);
    const before = await seen();
    const answer = await api.post('/checkout', checkoutBody(shopper, [orderLine(a!), orderLine(b!)]), shopper.headers);
    expect(answer.status).toBe(200);
    expect(await seen()).toBe(before + bumpsOfCheckout(2));
  });

  it('fifty parallel checkouts of ten units move the version by exactly the ten placed orders; the refused ones leave no bump', { timeout: 60_000 }, async () => {
    const [v] = await createProduct(store.db, { price: 899_00, stock: 10 });
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => createShopper(store.db)));
    const before = await seen();
    const answers = await Promise.all(shoppers.map((s) => api.post('/checkout', checkoutBody(s, [orderLine(v!)]), s.headers)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(40);
    expect(await seen()).toBe(before + 10 * bumpsOfCheckout(1));
  });

  it('the bump is not visible to another connection while the stock-taking transaction is open, and is once it commits', async () => {
    const [v] = await createProduct(store.db, { price: 300_00, stock: 3 });
    const before = await seen();
    let seenInside: number | undefined;
    await store.db.transaction().execute(async (trx) => {
      await takeOne(trx, v!);
      seenInside = await seen();
    });
    expect(seenInside).toBe(before);
    expect(await seen()).toBe(before + bumpsOfCheckout(1));
  });

  it('a transaction that took stock and then rolled back leaves neither the stock nor the version moved', async () => {
    const [v] = await createProduct(store.db, { price: 300_00, stock: 3 });
    const before = await seen();
    const refused = store.db.transaction().execute(async (trx) => {
      await takeOne(trx, v!);
      throw new Error('refused after taking stock');
    });
    await expect(refused).rejects.toThrow('refused after taking stock');
    expect(await stockOf(store.db, v!.variantId)).toBe(3);
    expect(await seen()).toBe(before);
  });

  it('a checkout refused for stock leaves the version where it was', async () => {
    const [v] = await createProduct(store.db, { price: 300_00, stock: 1 });
    const shopper = await createShopper(store.db);
    const before = await seen();
    const answer = await api.post('/checkout', checkoutBody(shopper, [orderLine(v!, 2)]), shopper.headers);
    expect(answer.status).toBe(409);
    expect(await seen()).toBe(before);
  });

  // SQLite lets one writer at a time anyway; on PostgreSQL this is what lets checkouts of different products commit side by side.
  if (process.env.TEST_DIALECT === 'postgres') {
    it('another catalogue change commits while a transaction that took stock is still open (the version row is not held until then)', async () => {
      const [v] = await createProduct(store.db, { price: 300_00, stock: 3 });
      const [w] = await createProduct(store.db, { price: 400_00, stock: 3 });
      const before = await seen();
      await store.db.transaction().execute(async (trx) => {
        await takeOne(trx, v!);
        // Fails (lock timeout) instead of waiting for this transaction, which would never end.
        await other.db.transaction().execute(async (otherTrx) => {
          await sql`set local lock_timeout = '2s'`.execute(otherTrx);
          await otherTrx.updateTable('product_variants').set({ stock: 7 }).where('id', '=', w!.variantId).execute();
        });
        expect(await seen()).toBe(before + 1);
      });
      expect(await seen()).toBe(before + 2);
    });
  }
});
