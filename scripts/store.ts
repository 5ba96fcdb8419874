/**
 * The store's settings from the command line, until the back office sets
 * them (README: Run your own store):
 *
 *   npm run store -- show
 *   npm run store -- set --name "Kapda Bazaar" [--email E] [--phone P] [--address A]
 *                        [--meta-title T] [--meta-description D] [--return-window-days N]
 *
 * A store started empty (SEED_DEMO=0) has no settings: the first `set` names
 * it. Uses DATABASE_URL like the server; a running server shows the change
 * on its next page.
 */
import { parseArgs } from 'node:util';
import { readApiConfig } from '../api/config.ts';
import { connect } from '../api/db/connect.ts';
import { findStoreSettings, saveStoreSettings, type StoreSettingsChanges } from '../api/store/store.repository.ts';
import { DEFAULT_RETURN_WINDOW_DAYS } from '../src/lib/constants.ts';
import { EMAIL_PATTERN } from '../src/lib/schemas/fields.ts';
import { runCommand } from './command-runner.ts';

const USAGE = `Usage:
  npm run store -- show
  npm run store -- set [--name NAME] [--email EMAIL] [--phone PHONE] [--address ADDRESS] [--meta-title TEXT] [--meta-description TEXT] [--return-window-days N]`;
/** The longest return window a store may set (the database's CHECK says the same). */
const MAX_RETURN_WINDOW_DAYS = 90;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: 'string' },
    email: { type: 'string' },
    phone: { type: 'string' },
    address: { type: 'string' },
    'meta-title': { type: 'string' },
    'meta-description': { type: 'string' },
    'return-window-days': { type: 'string' },
  },
});

const config = readApiConfig();
const store = connect({ url: config.databaseUrl });
await runCommand(store, USAGE, async () => {
  if (positionals[0] === 'set') await saveStoreSettings(store.db, changesFromFlags(), new Date().toISOString());
  else if (positionals[0] !== 'show') return 'usage';
  await show();
  return 0;
});

function changesFromFlags(): StoreSettingsChanges {
  const changes: StoreSettingsChanges = {};
  const text = (flag: string | undefined, label: string, max: number) => {
    if (flag === undefined) return undefined;
    const value = flag.trim();
    if (value.length > max) throw new Error(`${label} can be at most ${max} characters`);
    return value;
  };
  const name = text(values.name, 'The name', 100);
  if (name !== undefined) {
    if (!name) throw new Error('The name cannot be empty');
    changes.store_name = name;
  }
  const email = text(values.email, 'The email', 254);
  if (email !== undefined) {
    if (email && !EMAIL_PATTERN.test(email)) throw new Error(`"${email}" is not an email address`);
    changes.email = email;
  }
  const phone = text(values.phone, 'The phone', 30);
  if (phone !== undefined) changes.phone = phone;
  const address = text(values.address, 'The address', 300);
  if (address !== undefined) changes.address = address;
  const title = text(values['meta-title'], 'The meta title', 120);
  if (title !== undefined) changes.meta_title = title;
  const description = text(values['meta-description'], 'The meta description', 300);
  if (description !== undefined) changes.meta_description = description;
  const days = values['return-window-days'];
  if (days !== undefined) {
    const n = /^\d{1,3}$/.test(days.trim()) ? Number(days) : NaN;
    if (!(n >= 0 && n <= MAX_RETURN_WINDOW_DAYS)) throw new Error(`--return-window-days is a whole number of days from 0 to ${MAX_RETURN_WINDOW_DAYS}`);
    changes.return_window_days = n;
  }
  if (Object.keys(changes).length === 0) throw new Error(`Nothing to set.\n${USAGE}`);
  return changes;
}

async function show(): Promise<void> {
  const s = await findStoreSettings(store.db);
  if (!s) {
    console.log('No store settings yet: name the store with npm run store -- set --name "Your Store".');
    return;
  }
  console.log(`Name: ${s.store_name}`);
  console.log(`Email: ${s.email || '-'}  |  Phone: ${s.phone || '-'}  |  Address: ${s.address || '-'}`);
  console.log(`Meta title: ${s.meta_title || '-'}  |  Meta description: ${s.meta_description || '-'}`);
  console.log(`Return window: ${s.return_window_days ?? DEFAULT_RETURN_WINDOW_DAYS} days from delivery`);
}
