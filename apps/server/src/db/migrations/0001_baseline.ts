/**
 * 0001: the schema as it stood when migrations came in, for a new database and for one made by
 * an earlier version (which has no migration table but has some or all of these tables).
 *
 * Every table and index is created only when absent, so on a database of the last
 * pre-migration shape this migration changes nothing and keeps every row. Databases made by
 * older versions still lack columns that the old start-up code added later; those are added
 * by `addLegacyColumns`, which looks at the tables through Kysely's introspection (valid on
 * SQLite and PostgreSQL alike) rather than SQLite's pragma_table_info.
 *
 * SQLite runs migrations outside a transaction (Kysely treats its DDL as non-transactional):
 * each step here is idempotent, so a start that failed halfway completes on the next one.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { float, generatedKey, type SqlDialect } from './dialect.js';

/** Columns earlier versions added to existing tables after creating them; all nullable text. */
const LEGACY_COLUMNS: readonly { table: string; column: string }[] = [
  // The task detail (what a tool reported about its result).
  { table: 'tasks', column: 'detail' },
  // Owners (`u:<user_id>` or `c:<clientId>`), from accounts on.
  { table: 'files', column: 'owner' },
  { table: 'tasks', column: 'owner' },
  { table: 'signatures', column: 'owner' },
];

export function baseline(dialect: SqlDialect): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await createTables(db, dialect);
      await addLegacyColumns(db);
      await backfillOwners(db);
      await createIndexes(db);
    },
    // No down: undoing the baseline would drop every table and its rows.
  };
}

async function createTables(db: Kysely<unknown>, dialect: SqlDialect): Promise<void> {
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
    .addColumn('page_w', float(dialect))
    .addColumn('page_h', float(dialect))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    // Nullable and last, as in databases where it was added to an existing table.
    .addColumn('owner', 'text')
    .execute();
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
    .addColumn('owner', 'text')
    .execute();
  await db.schema
    .createTable('signatures')
    .ifNotExists()
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('file_id', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('owner', 'text')
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
    .addColumn('cat_id', 'integer', generatedKey(dialect))
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
    .addColumn('id', 'integer', generatedKey(dialect))
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
  // Accounts: users, sessions, password resets, the mail outbox and the usage log.
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
  await db.schema
    .createTable('password_resets')
    .ifNotExists()
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('login_failures')
    .ifNotExists()
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('failed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('mail_outbox')
    .ifNotExists()
    .addColumn('mail_id', 'integer', generatedKey(dialect))
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
  // Billing: subscriptions, use counters and the purchase tracking log.
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
    .addColumn('amount', float(dialect), (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('trial', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'bigint')
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
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
    .addColumn('log_id', 'integer', generatedKey(dialect))
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

/** Adds the columns a database made by an older version lacks; nothing on any newer one. */
async function addLegacyColumns(db: Kysely<unknown>): Promise<void> {
  const tables = await db.introspection.getTables();
  for (const { table, column } of LEGACY_COLUMNS) {
    const found = tables.find((t) => t.name === table && !t.isView);
    if (!found || found.columns.some((c) => c.name === column)) continue;
    await db.schema.alterTable(table).addColumn(column, 'text').execute();
  }
}

/** Rows made before owners existed belonged to the client that saved them. */
async function backfillOwners(db: Kysely<unknown>): Promise<void> {
  await sql`update signatures set owner = 'c:' || client_id where owner is null`.execute(db);
  await sql`update files set owner = (select s.owner from signatures s where s.file_id = files.file_id order by s.created_at limit 1) where owner is null`.execute(db);
}

async function createIndexes(db: Kysely<unknown>): Promise<void> {
  const indexes: readonly [name: string, table: string, columns: string[]][] = [
    ['files_expires_at', 'files', ['expires_at']],
    ['files_owner', 'files', ['owner']],
    ['tasks_multi_id', 'tasks', ['multi_id']],
    ['tasks_status', 'tasks', ['status']],
    ['tasks_owner', 'tasks', ['owner', 'multi_id']],
    ['signatures_owner', 'signatures', ['owner']],
    ['messages_recipient', 'messages', ['recipient']],
    ['sessions_user_id', 'sessions', ['user_id']],
    ['password_resets_user_id', 'password_resets', ['user_id']],
    ['login_failures_email', 'login_failures', ['email', 'failed_at']],
    ['task_starts_owner', 'task_starts', ['owner', 'created_at']],
    ['subscriptions_user_id', 'subscriptions', ['user_id']],
    ['subscriptions_provider_ref', 'subscriptions', ['provider', 'provider_ref']],
    ['daily_uses_owner_day', 'daily_uses', ['owner', 'day']],
  ];
  for (const [name, table, columns] of indexes) {
    await db.schema.createIndex(name).ifNotExists().on(table).columns(columns).execute();
  }
  // At most one trial per user, whatever races: the index refuses a second one leaving 'pending'.
  // A partial index, in SQL that SQLite and PostgreSQL both take.
  await sql`create unique index if not exists subscriptions_one_trial on subscriptions (user_id) where trial = 1 and status <> 'pending'`.execute(db);
}
