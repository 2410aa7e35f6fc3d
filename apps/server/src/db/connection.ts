import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest, type SqlDialect } from './migrations/index.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export function openSqlite(file: string): Db {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL keeps readers (task polling) from waiting on the writer (progress updates).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/**
 * PostgreSQL type parsers for this pool only. `bigint` (epoch milliseconds, sizes, counts) and
 * `numeric` (sums) come back from pg as strings, to keep precision past 2^53; every value this
 * schema holds fits a JS number, and the repositories speak numbers as with SQLite.
 */
const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  },
} as pg.CustomTypesConfig;

/**
 * PostgreSQL (DATABASE_URL) through a pool of `poolSize` connections. An idle connection the
 * database ends (a restart, an administrator, a failover) is reported to `onIdleError` and
 * replaced on the next query; without a listener pg would throw it and end the process.
 */
export function openPostgres(url: string, poolSize: number, onIdleError: (error: Error) => void = () => {}): Db {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types: pgTypes });
  pool.on('error', onIdleError);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** Which database `db` speaks to, for the few statements that must differ. */
export function dialectOf<DB>(db: Kysely<DB>): SqlDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * Brings the schema up to the latest versioned migration (db/migrations), including a database
 * made before migrations existed. Returns the migrations it ran; throws a MigrationError naming
 * the failed migration, and the caller must not go on.
 */
export async function migrate(db: Db, dialect: SqlDialect = dialectOf(db)): Promise<string[]> {
  return migrateToLatest(db, dialect);
}
