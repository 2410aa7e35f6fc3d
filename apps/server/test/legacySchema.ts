/**
 * Databases as versions before versioned migrations made them, for the upgrade tests.
 *
 * Each list is the DDL that version's start-up `migrate()` (db/connection.ts, create-if-absent
 * and add-missing-column) executed on a new SQLite file, captured from Kysely's query log of
 * that code at the commit named. They are frozen copies: never edit them to follow the schema.
 */
import SqliteDatabase from 'better-sqlite3';

/** The last shape before migrations (accounts, billing, messages, templates; 93c3d42 to the baseline). */
export const LEGACY_SCHEMA_LAST: readonly string[] = [
  `create table if not exists "files" ("file_id" text primary key, "filename" text not null, "file_size" integer not null, "md5_code" text not null, "status" text not null, "storage_key" text not null, "expired_type" integer not null, "expires_at" bigint not null, "total_page" integer, "page_w" real, "page_h" real, "created_at" bigint not null)`,
  `create index if not exists "files_expires_at" on "files" ("expires_at")`,
  `create table if not exists "tasks" ("task_id" text primary key, "multi_id" text not null, "kind" text not null, "status" text not null, "code" text default '0' not null, "progress" integer default 0 not null, "params" text not null, "output_file_name" text not null, "output_key" text, "detail" text, "attempts" integer default 0 not null, "created_at" bigint not null, "updated_at" bigint not null, "expires_at" bigint not null)`,
  `create index if not exists "tasks_multi_id" on "tasks" ("multi_id")`,
  `create index if not exists "tasks_status" on "tasks" ("status")`,
  `create table if not exists "signatures" ("client_id" text not null, "file_id" text not null, "width" integer not null, "height" integer not null, "created_at" bigint not null, constraint "signatures_pk" primary key ("client_id", "file_id"))`,
  `create table if not exists "messages" ("msg_id" text primary key, "recipient" text, "template_type" integer not null, "title" text not null, "remark" text not null, "icon_url" text not null, "site_img" text not null, "site_url" text not null, "created_at" bigint not null)`,
  `create index if not exists "messages_recipient" on "messages" ("recipient")`,
  `create table if not exists "message_reads" ("msg_id" text not null, "owner" text not null, "read_at" bigint not null, constraint "message_reads_pk" primary key ("owner", "msg_id"))`,
  `create table if not exists "operation_resources" ("resource_id" text primary key, "key" text not null, "title" text not null, "jump_url" text not null, "display_start_time" bigint not null, "display_end_time" bigint not null, "created_at" bigint not null)`,
  `create table if not exists "template_categories" ("cat_id" integer primary key autoincrement, "cat_name" text not null, "parent_id" integer default 0 not null, "banner_key" text, "banner_url" text default '' not null, "banner_show" integer default 0 not null, "is_hot" integer default 0 not null, "is_new" integer default 0 not null, "created_at" bigint not null, constraint "template_categories_name" unique ("parent_id", "cat_name"))`,
  `create table if not exists "templates" ("id" integer primary key autoincrement, "cat_id" integer not null, "title" text not null, "lang" text not null, "storage_key" text not null, "thumbnail_key" text not null, "thumbnail_w" integer not null, "thumbnail_h" integer not null, "file_size" integer not null, "total_page" integer not null, "download_num" integer default 0 not null, "created_at" bigint not null, constraint "templates_title" unique ("cat_id", "lang", "title"))`,
  `create table if not exists "users" ("user_id" text primary key, "ws_id" text not null unique, "email" text not null unique, "password_hash" text not null, "first_name" text default '' not null, "last_name" text default '' not null, "avatar" text default '' not null, "career" text, "pay" integer default 0 not null, "ai" integer default 0 not null, "pricing_group" text not null, "disabled_at" bigint, "created_at" bigint not null)`,
  `create table if not exists "sessions" ("session_id" text primary key, "user_id" text not null, "created_at" bigint not null, "expires_at" bigint not null, "last_seen_at" bigint not null, "revoked_at" bigint)`,
  `create index if not exists "sessions_user_id" on "sessions" ("user_id")`,
  `create table if not exists "password_resets" ("token_hash" text primary key, "user_id" text not null, "created_at" bigint not null, "expires_at" bigint not null, "used" integer default 0 not null)`,
  `create index if not exists "password_resets_user_id" on "password_resets" ("user_id")`,
  `create table if not exists "login_failures" ("email" text not null, "failed_at" bigint not null)`,
  `create index if not exists "login_failures_email" on "login_failures" ("email", "failed_at")`,
  `create table if not exists "mail_outbox" ("mail_id" integer primary key autoincrement, "to_address" text not null, "subject" text not null, "text_body" text not null, "created_at" bigint not null)`,
  `create table if not exists "task_starts" ("task_id" text primary key, "owner" text not null, "kind" text not null, "created_at" bigint not null)`,
  `create index if not exists "task_starts_owner" on "task_starts" ("owner", "created_at")`,
  `alter table "files" add column "owner" text`,
  `alter table "tasks" add column "owner" text`,
  `alter table "signatures" add column "owner" text`,
  `update signatures set owner = 'c:' || client_id where owner is null`,
  `update files set owner = (select s.owner from signatures s where s.file_id = files.file_id) where owner is null`,
  `create index if not exists "files_owner" on "files" ("owner")`,
  `create index if not exists "tasks_owner" on "tasks" ("owner", "multi_id")`,
  `create index if not exists "signatures_owner" on "signatures" ("owner")`,
  `create table if not exists "subscriptions" ("subscription_id" text primary key, "user_id" text not null, "plan" text not null, "status" text not null, "provider" text not null, "provider_ref" text, "cycle" text not null, "amount" real not null, "currency" text not null, "trial" integer default 0 not null, "started_at" bigint, "expires_at" bigint, "created_at" bigint not null, "updated_at" bigint not null)`,
  `create index if not exists "subscriptions_user_id" on "subscriptions" ("user_id")`,
  `create index if not exists "subscriptions_provider_ref" on "subscriptions" ("provider", "provider_ref")`,
  `create unique index if not exists subscriptions_one_trial on subscriptions (user_id) where trial = 1 and status <> 'pending'`,
  `create table if not exists "daily_uses" ("owner" text not null, "use_key" text not null, "day" text not null, "tasks" integer not null, "created_at" bigint not null, constraint "daily_uses_pk" primary key ("owner", "use_key"))`,
  `create index if not exists "daily_uses_owner_day" on "daily_uses" ("owner", "day")`,
  `create table if not exists "equity_uses" ("owner" text not null, "kind" text not null, "period" text not null, "used" integer not null, constraint "equity_uses_pk" primary key ("owner", "kind", "period"))`,
  `create table if not exists "purchase_logs" ("log_id" integer primary key autoincrement, "owner" text not null, "tid" text not null, "uid" text not null, "pid" integer not null, "pver" text not null, "device_id" text not null, "qt_abtest" text not null, "created_at" bigint not null)`,
];

/** After saved signatures came in (efdd571), before accounts: tasks have `detail`, nothing has an owner. */
export const LEGACY_SCHEMA_SIGNATURES: readonly string[] = [
  `create table if not exists "files" ("file_id" text primary key, "filename" text not null, "file_size" integer not null, "md5_code" text not null, "status" text not null, "storage_key" text not null, "expired_type" integer not null, "expires_at" bigint not null, "total_page" integer, "page_w" real, "page_h" real, "created_at" bigint not null)`,
  `create index if not exists "files_expires_at" on "files" ("expires_at")`,
  `create table if not exists "tasks" ("task_id" text primary key, "multi_id" text not null, "kind" text not null, "status" text not null, "code" text default '0' not null, "progress" integer default 0 not null, "params" text not null, "output_file_name" text not null, "output_key" text, "detail" text, "attempts" integer default 0 not null, "created_at" bigint not null, "updated_at" bigint not null, "expires_at" bigint not null)`,
  `create index if not exists "tasks_multi_id" on "tasks" ("multi_id")`,
  `create index if not exists "tasks_status" on "tasks" ("status")`,
  `create table if not exists "signatures" ("client_id" text not null, "file_id" text not null, "width" integer not null, "height" integer not null, "created_at" bigint not null, constraint "signatures_pk" primary key ("client_id", "file_id"))`,
];

/** The first server (7c6c240): files and tasks only, tasks without `detail`, no owners. */
export const LEGACY_SCHEMA_SKELETON: readonly string[] = [
  `create table if not exists "files" ("file_id" text primary key, "filename" text not null, "file_size" integer not null, "md5_code" text not null, "status" text not null, "storage_key" text not null, "expired_type" integer not null, "expires_at" bigint not null, "total_page" integer, "page_w" real, "page_h" real, "created_at" bigint not null)`,
  `create index if not exists "files_expires_at" on "files" ("expires_at")`,
  `create table if not exists "tasks" ("task_id" text primary key, "multi_id" text not null, "kind" text not null, "status" text not null, "code" text default '0' not null, "progress" integer default 0 not null, "params" text not null, "output_file_name" text not null, "output_key" text, "attempts" integer default 0 not null, "created_at" bigint not null, "updated_at" bigint not null, "expires_at" bigint not null)`,
  `create index if not exists "tasks_multi_id" on "tasks" ("multi_id")`,
  `create index if not exists "tasks_status" on "tasks" ("status")`,
];

/** Makes a SQLite file of a legacy shape, opened as the server opened it, and runs `fill` on it. */
export function createLegacyDatabase(file: string, schema: readonly string[], fill: (db: SqliteDatabase.Database) => void = () => {}): void {
  const db = new SqliteDatabase(file);
  try {
    db.pragma('journal_mode = WAL');
    for (const statement of schema) db.exec(statement);
    fill(db);
  } finally {
    db.close();
  }
}
