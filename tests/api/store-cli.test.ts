import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findReturnWindowDays, findStoreSettings } from '../../api/store/store.repository.ts';
import { storeCommand } from '../helpers/store-command.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';

/** `npm run store -- ...`: the store's settings from the command line, on an empty store's database. */
describe('the store command', () => {
  let store: TestDatabase;
  beforeAll(async () => {
    store = await createTestDatabase({ shared: true });
  });
  afterAll(() => store.close());

  const settings = (...args: string[]) => storeCommand('store', store.url)(...args);

  it('names an empty store first, then changes its contact details and return window; refuses what is not valid and changes nothing then', async () => {
    expect((await settings('show')).out).toContain('No store settings yet');
    const unnamed = await settings('set', '--email', 'hello@indigoloom.in');
    expect(unnamed).toEqual({ code: 1, out: expect.stringContaining('A new store needs its name first') });
    expect(await findStoreSettings(store.db)).toBeUndefined();

    const named = await settings('set', '--name', 'Indigo Loom', '--email', 'hello@indigoloom.in', '--return-window-days', '10');
    expect(named.code).toBe(0);
    expect(named.out).toContain('Name: Indigo Loom');
    expect(named.out).toContain('Return window: 10 days from delivery');
    expect(await findReturnWindowDays(store.db)).toBe(10);

    for (const [flag, value, message] of [
      ['--return-window-days', '91', '--return-window-days is a whole number of days from 0 to 90'],
      ['--return-window-days', '1.5', '--return-window-days is a whole number of days from 0 to 90'],
      ['--email', 'not-an-email', '"not-an-email" is not an email address'],
      ['--name', '  ', 'The name cannot be empty'],
    ] as const) {
      expect(await settings('set', flag, value)).toEqual({ code: 1, out: expect.stringContaining(message) });
    }
    expect(await findStoreSettings(store.db)).toMatchObject({ store_name: 'Indigo Loom', email: 'hello@indigoloom.in', return_window_days: 10 });
  });
});
