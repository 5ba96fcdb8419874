import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCustomer } from '../../api/customer/customer.repository.ts';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { createTestApi } from '../helpers/api-harness.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { uniqueAddress } from '../fixtures/otp.fixtures.ts';
import { uniqueEmail, type TestApi } from '../fixtures/customer.fixtures.ts';

/**
 * Forgot-password must not tell by its timing whether an address has an
 * account (SECURITY 3): the request does the same work either way and the mail
 * is composed and sent after the answer (decision 015). Each request is timed
 * alone: the queue finishes the previous request's mail before the next starts.
 */
const SAMPLES = 50;
const WARM_UP = 10;
const MAX_MEDIAN_GAP_MS = 2;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

describe('forgot-password takes as long for a known address as for an unknown one', () => {
  let store: StoreDatabase;
  let api: TestApi;
  beforeAll(async () => {
    store = await createTestDatabase();
    api = createTestApi(store, { siteOrigin: 'https://shop.example' });
  });
  afterAll(() => store.close());

  /** Accounts written straight to the database (each address may ask 5 times an hour, so each sample has its own). */
  async function knownAddresses(count: number): Promise<string[]> {
    const stamp = new Date().toISOString();
    const emails = Array.from({ length: count }, () => uniqueEmail('known'));
    for (const email of emails) {
      await insertCustomer(store.db, { firstname: 'Asha', lastname: 'Rao', email, phone_number: null, password_hash: 'x', created_at: stamp, updated_at: stamp });
    }
    return emails;
  }

  async function timed(email: string): Promise<number> {
    await api.mailQueue.idle();
    const started = performance.now();
    const res = await api.post('/customer/forgot-password', { email }, uniqueAddress());
    const elapsed = performance.now() - started;
    expect(res.status).toBe(200);
    return elapsed;
  }

  it(`medians of ${SAMPLES} known and ${SAMPLES} unknown addresses are within ${MAX_MEDIAN_GAP_MS} ms`, { timeout: 120_000 }, async () => {
    const known = await knownAddresses(SAMPLES + WARM_UP);
    const unknown = Array.from({ length: SAMPLES + WARM_UP }, () => uniqueEmail('unknown'));
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < SAMPLES + WARM_UP; i += 1) {
      // Alternate which goes first, so neither side always follows the other's queue work.
      const order = i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
      for (const side of order) {
        const elapsed = await timed(side === 'known' ? known[i]! : unknown[i]!);
        if (i >= WARM_UP) times[side].push(elapsed);
      }
    }
    const gap = Math.abs(median(times.known) - median(times.unknown));
    console.log(
      `forgot-password median: known ${median(times.known).toFixed(2)} ms, unknown ${median(times.unknown).toFixed(2)} ms, gap ${gap.toFixed(2)} ms`,
    );
    expect(gap).toBeLessThan(MAX_MEDIAN_GAP_MS);
    // The known addresses did get their mail, the unknown ones none: the answers were not equal by doing nothing.
    await api.mailQueue.idle();
    expect(await api.mailTo(known[WARM_UP]!)).toHaveLength(1);
    expect(await api.mailTo(unknown[WARM_UP]!)).toEqual([]);
  });
});
