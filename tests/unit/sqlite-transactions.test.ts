import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { nodeSqliteDialect } from '../../api/db/sqlite-dialect.ts';

describe('SQLite transactions', () => {
  it("hold the write lock from their start, so another process's write waits for them instead of failing one halfway", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-transactions-'));
    const file = join(dir, 'store.db');
    const native = new DatabaseSync(file);
    native.exec('pragma journal_mode = wal; create table t (n integer)');
    const db = new Kysely<{ t: { n: number } }>({ dialect: nodeSqliteDialect(native) });
    // Another process's connection, told not to wait: it shows who holds the lock.
    const other = new DatabaseSync(file);
    other.exec('pragma busy_timeout = 0');
    try {
      await db.transaction().execute(async (trx) => {
        // Before the transaction's first statement, the write lock is already its own.
        expect(() => other.exec('begin immediate')).toThrow(/locked/);
        await sql`insert into t values (1)`.execute(trx);
      });
      // Committed, the lock is free again.
      other.exec('begin immediate; insert into t values (2); commit');
      const row = native.prepare('select count(*) as n from t').get() as { n: number };
      expect(Number(row.n)).toBe(2);
    } finally {
      other.close();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
