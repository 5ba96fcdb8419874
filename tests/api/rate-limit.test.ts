import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/db/connect.ts';
import { findWindow } from '../../api/security/rate-limit.repository.ts';
import { forgive, hit, hitAll, pruneEndedWindows, rateLimitBuckets, reset } from '../../api/security/rate-limit.service.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

const MINUTE = 60_000;
const start = new Date('2026-11-21T10:00:00.000Z');
const at = (ms: number) => new Date(start.getTime() + ms);

describe('rate limits in the database', () => {
  let store: StoreDatabase;
  beforeAll(async () => {
    store = await createTestDatabase();
  });
  afterAll(() => store.close());

  it('allows hits under the limit and counts the remaining ones down', async () => {
    const rule = { limit: 3, windowMs: MINUTE, now: start };
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await hit(store.db, 'test:countdown', rule));
    expect(results).toEqual([
      { allowed: true, remaining: 2, retryAfterSeconds: 0 },
      { allowed: true, remaining: 1, retryAfterSeconds: 0 },
      { allowed: true, remaining: 0, retryAfterSeconds: 0 },
    ]);
  });

  it('refuses a hit over the limit with a Retry-After within the window', async () => {
    const rule = { limit: 2, windowMs: MINUTE };
    await hit(store.db, 'test:refuse', { ...rule, now: start });
    await hit(store.db, 'test:refuse', { ...rule, now: at(10_000) });
    const refused = await hit(store.db, 'test:refuse', { ...rule, now: at(20_500) });
    expect(refused.allowed).toBe(false);
    expect(refused.remaining).toBe(0);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // The window is fixed from the first hit: 60 s after it, 39.5 s after this one.
    expect(refused.retryAfterSeconds).toBe(40);
  });

  it('starts a new window once the old one has ended', async () => {
    const rule = { limit: 1, windowMs: MINUTE };
    expect((await hit(store.db, 'test:window', { ...rule, now: start })).allowed).toBe(true);
    expect((await hit(store.db, 'test:window', { ...rule, now: at(59_999) })).allowed).toBe(false);
    const next = await hit(store.db, 'test:window', { ...rule, now: at(MINUTE) });
    expect(next).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
    expect(await findWindow(store.db, 'test:window')).toEqual({
      hits: 1,
      windowEndsAt: at(2 * MINUTE).toISOString(),
    });
  });

  it('counts a try in every bucket at once, refuses with the longest wait, and a reset clears a bucket', async () => {
    const rule = { limit: 2, windowMs: MINUTE, now: start };
    const account = rateLimitBuckets.loginAccount(' Shopper@Example.com ');
    expect(account).toBe('login:account:shopper@example.com');
    const address = rateLimitBuckets.loginIp('198.51.100.9');
    const longer = { limit: 5, windowMs: 10 * MINUTE, now: start };
    expect(await hitAll(store.db, [[account, rule], [address, longer]])).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
    await hitAll(store.db, [[account, rule], [address, longer]]);
    const blocked = await hitAll(store.db, [[account, rule], [address, longer]]);
    expect(blocked).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 60 });
    expect((await findWindow(store.db, address))?.hits).toBe(3);

    await reset(store.db, account);
    expect(await findWindow(store.db, account)).toBeUndefined();
    expect(await hit(store.db, account, rule)).toEqual({ allowed: true, remaining: 1, retryAfterSeconds: 0 });
  });

  it('forgives one hit at a time and never counts below zero', async () => {
    const rule = { limit: 3, windowMs: MINUTE, now: start };
    await hit(store.db, 'test:forgive', rule);
    await hit(store.db, 'test:forgive', rule);
    await forgive(store.db, 'test:forgive');
    expect((await findWindow(store.db, 'test:forgive'))?.hits).toBe(1);
    await forgive(store.db, 'test:forgive');
    await forgive(store.db, 'test:forgive');
    expect((await findWindow(store.db, 'test:forgive'))?.hits).toBe(0);
  });

  it('counts concurrent hits exactly: 20 at once with a limit of 10 allow 10', async () => {
    const rule = { limit: 10, windowMs: MINUTE };
    const bucket = rateLimitBuckets.otpSendPhone('+91 98765 43210');
    const results = await Promise.all(Array.from({ length: 20 }, () => hit(store.db, bucket, rule)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterSeconds > 0)).toBe(true);
    expect((await findWindow(store.db, bucket))?.hits).toBe(20);
  });

  it('prunes only the windows that have ended', async () => {
    await hit(store.db, 'test:prune-old', { limit: 1, windowMs: MINUTE, now: at(-10 * MINUTE) });
    await hit(store.db, 'test:prune-live', { limit: 1, windowMs: MINUTE, now: at(10 * MINUTE) });
    await pruneEndedWindows(store.db, at(5 * MINUTE));
    expect(await findWindow(store.db, 'test:prune-old')).toBeUndefined();
    expect(await findWindow(store.db, 'test:prune-live')).toBeDefined();
  });
});
