import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { nodeSqliteDialect } from './sqlite-dialect.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface StoreDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export const DEFAULT_SQLITE_FILE = './data/store.db';

// A committed order must survive a power cut, not only a process crash, so
// SQLite runs with synchronous=FULL; writes are few next to catalogue reads.
const SQLITE_PRAGMAS = {
  journal_mode: 'wal',
  foreign_keys: 1,
  busy_timeout: 5000,
  synchronous: 2, // FULL
} as const;

export interface ConnectOptions {
  /** `postgres://...` for PostgreSQL; a file path, `sqlite:PATH` or `:memory:` for SQLite. */
  url?: string;
  /** PostgreSQL only: the schema to use (tests give each run its own). */
  schema?: string;
  /** PostgreSQL only: pool size. */
  poolSize?: number;
  /** Called after every query (benchmarks count queries per request with it). */
  onQuery?: () => void;
}

export function connect(options: ConnectOptions = {}): StoreDatabase {
  const url = options.url?.trim() || DEFAULT_SQLITE_FILE;
  if (/^postgres(ql)?:\/\//.test(url)) return connectPostgres(url, options);
  return connectSqlite(url.replace(/^sqlite:/, '').replace(/^file:/, ''), options);
}

function connectSqlite(file: string, options: ConnectOptions): StoreDatabase {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const native = new DatabaseSync(file);
  for (const [name, value] of Object.entries(SQLITE_PRAGMAS)) {
    native.exec(`pragma ${name} = ${value}`);
  }
  assertSqlitePragmas(native, file === ':memory:');
  const db = new Kysely<Database>({ dialect: nodeSqliteDialect(native), log: queryLog(options) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Reads the settings back: a build of SQLite that ignored one must not start. */
function assertSqlitePragmas(native: DatabaseSync, inMemory: boolean): void {
  for (const [name, expected] of Object.entries(SQLITE_PRAGMAS)) {
    if (name === 'journal_mode' && inMemory) continue; // in-memory databases have no WAL
    const row = native.prepare(`pragma ${name}`).get() as Record<string, unknown> | undefined;
    const actual = row ? Object.values(row)[0] : undefined;
    if (String(actual).toLowerCase() !== String(expected)) {
      throw new Error(`SQLite pragma ${name} is ${String(actual)}, expected ${expected}`);
    }
  }
}

function connectPostgres(url: string, options: ConnectOptions): StoreDatabase {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: queryLog(options) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

function queryLog(options: ConnectOptions) {
  const onQuery = options.onQuery;
  return onQuery ? () => onQuery() : undefined;
}

/** Creates a PostgreSQL schema (tests and benchmarks isolate runs this way). */
export async function createPostgresSchema(url: string, schema: string): Promise<void> {
  assertIdentifier(schema);
  const { db, close } = connectPostgres(url, {});
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  } finally {
    await close();
  }
}

export async function dropPostgresSchema(url: string, schema: string): Promise<void> {
  assertIdentifier(schema);
  const { db, close } = connectPostgres(url, {});
  try {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  } finally {
    await close();
  }
}

function assertIdentifier(name: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Not a valid schema name: ${name}`);
}
