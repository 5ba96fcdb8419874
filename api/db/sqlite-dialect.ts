import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';

/**
 * Kysely publishes no dialect for Node's built-in `node:sqlite`; its own
 * SqliteDialect accepts any object with better-sqlite3's statement shape, so
 * this adapter spreads Kysely's parameter arrays into `StatementSync` calls.
 */
export function nodeSqliteDialect(db: DatabaseSync): SqliteDialect {
  const database: SqliteDatabase = {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const stmt = db.prepare(sql);
      const params = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqlValue);
      return {
        reader: stmt.columns().length > 0,
        all: (parameters) => stmt.all(...params(parameters)),
        run: (parameters) => stmt.run(...params(parameters)),
        iterate: (parameters) => stmt.iterate(...params(parameters)) as IterableIterator<unknown>,
      };
    },
  };
  return new SqliteDialect({ database });
}

// node:sqlite binds a Date as NULL without complaint and throws on booleans
// in some builds; convert both so a mistake cannot silently lose data.
function toSqlValue(value: unknown): SQLInputValue {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === undefined) return null;
  return value as SQLInputValue;
}
