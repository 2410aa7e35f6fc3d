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
  await db.schema
    .createTable('messages')
    .ifNotExists()
    .addColumn('msg_id', 'text', (c) => c.primaryKey())
    .addColumn('recipient', 'text')
    .addColumn('template_type', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull())
    .addColumn('icon_url', 'text', (c) => c.notNull())
    .addColumn('site_img', 'text', (c) => c.notNull())
    .addColumn('site_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_recipient').ifNotExists().on('messages').column('recipient').execute();
  await db.schema
    .createTable('message_reads')
    .ifNotExists()
    .addColumn('msg_id', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_reads_pk', ['owner', 'msg_id'])
    .execute();
  await db.schema
    .createTable('operation_resources')
    .ifNotExists()
    .addColumn('resource_id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('jump_url', 'text', (c) => c.notNull())
    .addColumn('display_start_time', 'bigint', (c) => c.notNull())
    .addColumn('display_end_time', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('template_categories')
    .ifNotExists()
    .addColumn('cat_id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('cat_name', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('banner_key', 'text')
    .addColumn('banner_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('banner_show', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_hot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_new', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('template_categories_name', ['parent_id', 'cat_name'])
    .execute();
  await db.schema
    .createTable('templates')
    .ifNotExists()
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('cat_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('thumbnail_key', 'text', (c) => c.notNull())
    .addColumn('thumbnail_w', 'integer', (c) => c.notNull())
    .addColumn('thumbnail_h', 'integer', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('total_page', 'integer', (c) => c.notNull())
    .addColumn('download_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('templates_title', ['cat_id', 'lang', 'title'])
    .execute();
  await migrateAccounts(db);
  await migrateBilling(db);
}

/** Columns added after a table was first created, for databases made by an earlier version. */
async function addMissingColumn(db: Db, table: 'tasks' | 'files' | 'signatures', column: string, type: 'text' | 'integer'): Promise<void> {
  const columns = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  if (columns.rows.some((c) => c.name === column)) return;
  await db.schema.alterTable(table).addColumn(column, type).execute();
}

/**
 * Users, sessions, password resets and the mail outbox; the owner of files, tasks and saved
 * signatures (`u:<user_id>` or `c:<clientId>`, see http/identity.ts).
 */
async function migrateAccounts(db: Db): Promise<void> {
  await db.schema
    .createTable('users')
    .ifNotExists()
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('ws_id', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('career', 'text')
    .addColumn('pay', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ai', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pricing_group', 'text', (c) => c.notNull())
    .addColumn('disabled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sessions')
    .ifNotExists()
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('sessions_user_id').ifNotExists().on('sessions').column('user_id').execute();
  await db.schema
    .createTable('password_resets')
    .ifNotExists()
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('password_resets_user_id').ifNotExists().on('password_resets').column('user_id').execute();
  await db.schema
    .createTable('login_failures')
    .ifNotExists()
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_email').ifNotExists().on('login_failures').columns(['email', 'failed_at']).execute();
  await db.schema
    .createTable('mail_outbox')
    .ifNotExists()
    .addColumn('mail_id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('task_starts')
    .ifNotExists()
    .addColumn('task_id', 'text', (c) => c.primaryKey())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('task_starts_owner').ifNotExists().on('task_starts').columns(['owner', 'created_at']).execute();
  await addMissingColumn(db, 'files', 'owner', 'text');
  await addMissingColumn(db, 'tasks', 'owner', 'text');
  await addMissingColumn(db, 'signatures', 'owner', 'text');
  // Rows made before owners existed belonged to the client that saved them.
  await sql`update signatures set owner = 'c:' || client_id where owner is null`.execute(db);
  await sql`update files set owner = (select s.owner from signatures s where s.file_id = files.file_id) where owner is null`.execute(db);
  await db.schema.createIndex('files_owner').ifNotExists().on('files').column('owner').execute();
  await db.schema.createIndex('tasks_owner').ifNotExists().on('tasks').columns(['owner', 'multi_id']).execute();
  await db.schema.createIndex('signatures_owner').ifNotExists().on('signatures').column('owner').execute();
}

/** Subscriptions, the daily and monthly use counters and the purchase tracking log. */
async function migrateBilling(db: Db): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .ifNotExists()
    .addColumn('subscription_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text')
    .addColumn('cycle', 'text', (c) => c.notNull())
    .addColumn('amount', 'real', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('trial', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_user_id').ifNotExists().on('subscriptions').column('user_id').execute();
  await db.schema.createIndex('subscriptions_provider_ref').ifNotExists().on('subscriptions').columns(['provider', 'provider_ref']).execute();
  // At most one trial per user, whatever races: the index refuses a second one leaving 'pending'.
  await sql`create unique index if not exists subscriptions_one_trial on subscriptions (user_id) where trial = 1 and status <> 'pending'`.execute(db);
  await db.schema
    .createTable('daily_uses')
    .ifNotExists()
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('use_key', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('tasks', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_uses_pk', ['owner', 'use_key'])
    .execute();
  await db.schema.createIndex('daily_uses_owner_day').ifNotExists().on('daily_uses').columns(['owner', 'day']).execute();
  await db.schema
    .createTable('equity_uses')
    .ifNotExists()
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('equity_uses_pk', ['owner', 'kind', 'period'])
    .execute();
  await db.schema
    .createTable('purchase_logs')
    .ifNotExists()
    .addColumn('log_id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('tid', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('pver', 'text', (c) => c.notNull())
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('qt_abtest', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
