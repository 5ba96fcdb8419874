import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteDialectConfig,
  type SqliteStatement,
} from 'kysely';

/**
 * Kysely publishes no dialect for Node's built-in `node:sqlite`; its own
 * SqliteDialect accepts any object with better-sqlite3's statement shape, so
 * this adapter spreads Kysely's parameter arrays into `StatementSync` calls.
 */
export function nodeSqliteDialect(db: DatabaseSync): SqliteDialect {
  // Kysely writes the same SQL text for the same query shape (values are bound),
  // so a statement prepared once serves every later call: preparing was a tenth
  // of a checkout's CPU. Kysely's SQLite driver runs one query at a time on
  // its one connection, so a cached statement is never in use twice at once.
  const statements = new Map<string, SqliteStatement>();
  const database: SqliteDatabase = {
    close: () => {
      statements.clear();
      db.close();
    },
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached) {
        // Most recently used last: the oldest is the first to go.
        statements.delete(sql);
        statements.set(sql, cached);
        return cached;
      }
      const statement = prepareStatement(db, sql);
      statements.set(sql, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
  return new ImmediateSqliteDialect({ database });
}

/**
 * Transactions begin IMMEDIATE: they take the write lock when they start,
 * waiting for it under busy_timeout. A deferred transaction reads first and
 * takes the lock at its first write; if another process (the orders command,
 * a second server on the same file) wrote in between, SQLite refuses that
 * write at once with 'database is locked', without waiting, and a shopper's
 * registration or checkout failed halfway. In this process transactions run
 * one at a time on the one connection anyway.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** Distinct statements kept prepared; a store's queries are a few hundred shapes. */
export const STATEMENT_CACHE_SIZE = 500;

function prepareStatement(db: DatabaseSync, sql: string): SqliteStatement {
  const stmt = db.prepare(sql);
  const params = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqlValue);
  return {
    reader: stmt.columns().length > 0,
    all: (parameters) => stmt.all(...params(parameters)),
    run: (parameters) => stmt.run(...params(parameters)),
    iterate: (parameters) => stmt.iterate(...params(parameters)) as IterableIterator<unknown>,
  };
}

// node:sqlite binds a Date as NULL without complaint and throws on booleans
// in some builds; convert both so a mistake cannot silently lose data.
function toSqlValue(value: unknown): SQLInputValue {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  return value as SQLInputValue;
}
