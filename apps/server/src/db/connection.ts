import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
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
 * Brings the schema up to the latest versioned migration (db/migrations), including a database
 * made before migrations existed. Returns the migrations it ran; throws a MigrationError naming
 * the failed migration, and the caller must not go on.
 */
export async function migrate(db: Db, dialect: SqlDialect = 'sqlite'): Promise<string[]> {
  return migrateToLatest(db, dialect);
}
