import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
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

/** Creates the tables when absent; each step is idempotent. */
export async function migrate(db: Db): Promise<void> {
  await db.schema
    .createTable('files')
    .ifNotExists()
    .addColumn('file_id', 'text', (c) => c.primaryKey())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('md5_code', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('expired_type', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('total_page', 'integer')
    .addColumn('page_w', 'real')
    .addColumn('page_h', 'real')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_expires_at').ifNotExists().on('files').column('expires_at').execute();
  await db.schema
    .createTable('tasks')
    .ifNotExists()
    .addColumn('task_id', 'text', (c) => c.primaryKey())
    .addColumn('multi_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('output_file_name', 'text', (c) => c.notNull())
    .addColumn('output_key', 'text')
    .addColumn('detail', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tasks_multi_id').ifNotExists().on('tasks').column('multi_id').execute();
  await db.schema.createIndex('tasks_status').ifNotExists().on('tasks').column('status').execute();
  await addMissingColumn(db, 'tasks', 'detail', 'text');
  await db.schema
    .createTable('signatures')
    .ifNotExists()
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('signatures_pk', ['client_id', 'file_id'])
    .execute();
}

/** Columns added after a table was first created, for databases made by an earlier version. */
async function addMissingColumn(db: Db, table: 'tasks' | 'files', column: string, type: 'text' | 'integer'): Promise<void> {
  const columns = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  if (columns.rows.some((c) => c.name === column)) return;
  await db.schema.alterTable(table).addColumn(column, type).execute();
}
