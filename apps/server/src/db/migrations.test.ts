import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  createLegacyDatabase, LEGACY_SCHEMA_LAST, LEGACY_SCHEMA_SIGNATURES, LEGACY_SCHEMA_SKELETON,
} from '../../test/legacySchema.js';
import { migrate, openPostgres, openSqlite, type Db } from './connection.js';
import { MigrationError, migrations } from './migrations/index.js';

const dir = mkdtempSync(path.join(tmpdir(), 'pw-migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const newFile = () => path.join(dir, `db-${++n}.sqlite`);

const ALL_MIGRATIONS = Object.keys(migrations('sqlite')).sort();
const NOW = 1_760_000_000_000;

/** One row for every table of the last pre-migration shape, as that version wrote them. */
const ROWS: Record<string, Record<string, string | number | null>> = {
  files: { file_id: 'f1', filename: 'a.pdf', file_size: 1234, md5_code: 'abc', status: 'uploaded', storage_key: 'uploads/f1', expired_type: 1, expires_at: NOW + 3_600_000, total_page: 3, page_w: 595.28, page_h: 841.89, created_at: NOW, owner: 'u:user1' },
  tasks: { task_id: 't1', multi_id: 'm1', kind: 'merge', status: 'finished', code: '0', progress: 100, params: '{"file_ids":["f1"]}', output_file_name: 'a.pdf', output_key: 'results/t1/a.pdf', detail: '{"pages":3}', attempts: 1, created_at: NOW, updated_at: NOW + 1, expires_at: NOW + 3_600_000, owner: 'u:user1' },
  signatures: { client_id: 'client1', file_id: 'f1', width: 300, height: 100, created_at: NOW, owner: 'c:client1' },
  messages: { msg_id: 'msg1', recipient: 'u:user1', template_type: 2, title: 'Hello', remark: 'r', icon_url: '', site_img: '', site_url: '', created_at: NOW },
  message_reads: { msg_id: 'msg1', owner: 'u:user1', read_at: NOW },
  operation_resources: { resource_id: 'r1', key: 'bar', title: 'T', jump_url: 'https://example.com', display_start_time: 1_760_000_000, display_end_time: 1_770_000_000, created_at: NOW },
  template_categories: { cat_id: 7, cat_name: 'Invoices', parent_id: 0, banner_key: null, banner_url: '', banner_show: 0, is_hot: 1, is_new: 0, created_at: NOW },
  templates: { id: 3, cat_id: 7, title: 'Invoice', lang: 'en', storage_key: 'templates/3.pdf', thumbnail_key: 'templates/3.png', thumbnail_w: 200, thumbnail_h: 280, file_size: 999, total_page: 1, download_num: 5, created_at: NOW },
  users: { user_id: 'user1', ws_id: 'ws1', email: 'ann@example.com', password_hash: '$argon2id$v=19$m=19456,t=2,p=1$x$y', first_name: 'Ann', last_name: 'Lee', avatar: '', career: null, pay: 1, ai: 0, pricing_group: 'control', disabled_at: null, created_at: NOW },
  sessions: { session_id: 'sess1', user_id: 'user1', created_at: NOW, expires_at: NOW + 86_400_000, last_seen_at: NOW, revoked_at: null },
  password_resets: { token_hash: 'tok1', user_id: 'user1', created_at: NOW, expires_at: NOW + 3_600_000, used: 0 },
  login_failures: { email: 'ann@example.com', failed_at: NOW },
  mail_outbox: { mail_id: 4, to_address: 'ann@example.com', subject: 'Reset', text_body: 'link', created_at: NOW },
  task_starts: { task_id: 't1', owner: 'u:user1', kind: 'merge', created_at: NOW },
  subscriptions: { subscription_id: 'sub1', user_id: 'user1', plan: 'Yearly_Plan', status: 'active', provider: 'local', provider_ref: 'sub1', cycle: 'year', amount: 59.99, currency: 'USD', trial: 0, started_at: NOW, expires_at: NOW + 365 * 86_400_000, created_at: NOW, updated_at: NOW },
  daily_uses: { owner: 'u:user1', use_key: 'm1', day: '2025-10-09', tasks: 1, created_at: NOW },
  equity_uses: { owner: 'u:user1', kind: 'ai', period: '2025-10', used: 2 },
  purchase_logs: { log_id: 9, owner: 'u:user1', tid: 'tid', uid: 'uid', pid: 1, pver: '1', device_id: 'dev', qt_abtest: 'a', created_at: NOW },
};

/** Tables later migrations add (0002: the cloud store and shares; 0003: sign-ups per client; 0004: the AI tools). */
const NEW_TABLES = [
  'cloud_capacity', 'cloud_documents', 'cloud_folders', 'cloud_terms', 'shares', 'sign_ups',
  'ai_documents', 'ai_conversations', 'ai_records', 'ai_notes', 'ai_usage', 'ai_detector_usage',
];

/** Rows of the pre-migration shape as they read after every migration: new columns hold their defaults. */
function migratedRows(rows: Record<string, unknown[]>): Record<string, unknown[]> {
  return {
    ...rows,
    files: (rows.files ?? []).map((r) => ({ ...(r as object), auto_cloud: 0 })),
    login_failures: (rows.login_failures ?? []).map((r) => ({ ...(r as object), client_ip: '', client_id: '' })),
  };
}

/** Inserts a row; columns set to undefined are left out (a legacy table that lacks them). */
function insert(db: SqliteDatabase.Database, table: string, values: Record<string, unknown>): void {
  const row = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  const columns = Object.keys(row);
  db.prepare(`insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`).run(row);
}

function readAll(file: string, tables: readonly string[]): Record<string, unknown[]> {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    return Object.fromEntries(tables.map((t) => [t, db.prepare(`select * from "${t}" order by rowid`).all()]));
  } finally {
    db.close();
  }
}

/** What SQLite holds as the schema: every table's and index's definition, by name. */
function sqliteMaster(file: string): { type: string; name: string; tbl_name: string; sql: string }[] {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    return db.prepare(`select type, name, tbl_name, sql from sqlite_master where name not like 'sqlite_%' and name not like 'kysely_%' order by type, name`).all() as never;
  } finally {
    db.close();
  }
}

/** Tables and columns as Kysely's introspection (the same on SQLite and PostgreSQL) reports them. */
async function introspect(db: Db, options: { sortColumns?: boolean } = {}) {
  const tables = await db.introspection.getTables();
  return tables
    .map((t) => ({
      name: t.name,
      columns: (options.sortColumns ? [...t.columns].sort((a, b) => a.name.localeCompare(b.name)) : t.columns)
        .map((c) => ({ name: c.name, dataType: c.dataType, isNullable: c.isNullable, hasDefaultValue: c.hasDefaultValue, isAutoIncrementing: c.isAutoIncrementing })),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

async function appliedMigrations(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}

async function withDb<T>(file: string, use: (db: Db) => Promise<T>): Promise<T> {
  const db = openSqlite(file);
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

/** A database the migrations made from nothing. */
async function freshDatabase(): Promise<string> {
  const file = newFile();
  await withDb(file, async (db) => expect(await migrate(db)).toEqual(ALL_MIGRATIONS));
  return file;
}

describe('versioned migrations', () => {
  it('a new database gets every migration, recorded, and a second run does nothing', async () => {
    const file = newFile();
    await withDb(file, async (db) => {
      expect(await migrate(db)).toEqual(ALL_MIGRATIONS);
      expect(await appliedMigrations(db)).toEqual(ALL_MIGRATIONS);
      expect((await db.introspection.getTables()).map((t) => t.name).sort()).toEqual([...Object.keys(ROWS), ...NEW_TABLES].sort());
    });
    const before = sqliteMaster(file);
    await withDb(file, async (db) => {
      expect(await migrate(db)).toEqual([]);
      expect(await appliedMigrations(db)).toEqual(ALL_MIGRATIONS);
    });
    expect(sqliteMaster(file)).toEqual(before);
  });

  it('upgrades a database of the last pre-migration shape, keeping every row', async () => {
    const file = newFile();
    createLegacyDatabase(file, LEGACY_SCHEMA_LAST, (db) => {
      for (const [table, row] of Object.entries(ROWS)) insert(db, table, row);
    });
    const tables = Object.keys(ROWS);
    const rowsBefore = readAll(file, tables);
    for (const t of tables) expect(rowsBefore[t], t).toHaveLength(1);

    await withDb(file, async (db) => {
      expect(await migrate(db)).toEqual(ALL_MIGRATIONS);
      expect(await appliedMigrations(db)).toEqual(ALL_MIGRATIONS);
    });
    expect(readAll(file, tables)).toEqual(migratedRows(rowsBefore));
    // Identity columns go on from where they were.
    await withDb(file, async (db) => {
      const { mail_id } = await db.insertInto('mail_outbox')
        .values({ to_address: 'b@example.com', subject: 's', text_body: 't', created_at: NOW })
        .returning('mail_id').executeTakeFirstOrThrow();
      expect(mail_id).toBe(5);
      await db.deleteFrom('mail_outbox').where('mail_id', '=', mail_id).execute();
    });

    await withDb(file, async (db) => expect(await migrate(db)).toEqual([]));
    expect(readAll(file, tables)).toEqual(migratedRows(rowsBefore));

    // The same schema as a new database: tables, columns in order, types, nullability, defaults, keys and indexes.
    const fresh = await freshDatabase();
    const upgradedShape = await withDb(file, (db) => introspect(db));
    expect(upgradedShape).toEqual(await withDb(fresh, (db) => introspect(db)));
    expect(sqliteMaster(file)).toEqual(sqliteMaster(fresh));
  });

  it('upgrades a database from before owners (saved signatures, no accounts): adds the owner columns and fills them', async () => {
    const file = newFile();
    createLegacyDatabase(file, LEGACY_SCHEMA_SIGNATURES, (db) => {
      insert(db, 'files', { ...ROWS.files, owner: undefined, file_id: 'sig-file' });
      insert(db, 'files', { ...ROWS.files, owner: undefined, file_id: 'upload' });
      insert(db, 'tasks', { ...ROWS.tasks, owner: undefined });
      insert(db, 'signatures', { ...ROWS.signatures, owner: undefined, file_id: 'sig-file' });
    });
    await withDb(file, async (db) => {
      expect(await migrate(db)).toEqual(ALL_MIGRATIONS);
      const files = await db.selectFrom('files').select(['file_id', 'owner', 'filename']).orderBy('file_id').execute();
      expect(files).toEqual([
        { file_id: 'sig-file', owner: 'c:client1', filename: 'a.pdf' },
        { file_id: 'upload', owner: null, filename: 'a.pdf' },
      ]);
      expect(await db.selectFrom('signatures').select(['client_id', 'owner']).execute()).toEqual([{ client_id: 'client1', owner: 'c:client1' }]);
      expect(await db.selectFrom('tasks').select(['task_id', 'detail', 'owner']).execute()).toEqual([{ task_id: 't1', detail: '{"pages":3}', owner: null }]);
    });
    const fresh = await freshDatabase();
    expect(await withDb(file, (db) => introspect(db, { sortColumns: true }))).toEqual(await withDb(fresh, (db) => introspect(db, { sortColumns: true })));
    expect(sqliteMaster(file).filter((e) => e.type === 'index').map((e) => e.name)).toEqual(sqliteMaster(fresh).filter((e) => e.type === 'index').map((e) => e.name));
  });

  it('upgrades a database of the first server, whose tasks have no detail column', async () => {
    const file = newFile();
    createLegacyDatabase(file, LEGACY_SCHEMA_SKELETON, (db) => {
      insert(db, 'files', { ...ROWS.files, owner: undefined });
      insert(db, 'tasks', { ...ROWS.tasks, detail: undefined, owner: undefined });
    });
    const before = readAll(file, ['files', 'tasks']);
    await withDb(file, async (db) => {
      expect(await migrate(db)).toEqual(ALL_MIGRATIONS);
      const task = await db.selectFrom('tasks').selectAll().executeTakeFirstOrThrow();
      expect(task).toEqual({ ...(before.tasks![0] as object), detail: null, owner: null });
      await db.updateTable('tasks').set({ detail: '{"ok":true}' }).where('task_id', '=', 't1').execute();
    });
    const fresh = await freshDatabase();
    expect(await withDb(file, (db) => introspect(db, { sortColumns: true }))).toEqual(await withDb(fresh, (db) => introspect(db, { sortColumns: true })));
  });

  it('refuses, naming the migration, a database that records a migration this version does not know', async () => {
    const file = await freshDatabase();
    await withDb(file, async (db) => {
      await sql`insert into kysely_migration (name, timestamp) values (${'9999_from_a_newer_version'}, ${new Date().toISOString()})`.execute(db);
      const failure = await migrate(db).then(() => null, (err: unknown) => err);
      expect(failure).toBeInstanceOf(MigrationError);
      expect((failure as Error).message).toMatch(/Database migration failed: .*9999_from_a_newer_version/);
    });
  });

  it('compiles for PostgreSQL without SQLite-only SQL', async () => {
    // Without a PostgreSQL server (outside npm run test:scale): compile the migrations with
    // Kysely's PostgreSQL compiler against a driver that runs nothing, and read what would be sent.
    const sent: string[] = [];
    const pg = new Kysely<unknown>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new PostgresIntrospector(db),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
      log: (event) => {
        if (event.level === 'query') sent.push(event.query.sql);
      },
    });
    for (const migration of Object.values(migrations('postgres'))) await migration.up(pg);
    const ddl = sent.filter((q) => /^(create|alter)/.test(q));
    expect(ddl.filter((q) => q.startsWith('create table'))).toHaveLength(Object.keys(ROWS).length + NEW_TABLES.length);
    for (const q of sent) expect(q).not.toMatch(/autoincrement|pragma|sqlite_|\breal\b/i);
    expect(ddl.filter((q) => q.includes('generated by default as identity'))).toHaveLength(4);
  });
});

/** npm run test:scale provides a PostgreSQL server (test/scaleSetup.ts); other runs skip this part. */
const pgAdminUrl = inject('pgAdminUrl');

describe.runIf(pgAdminUrl)('versioned migrations on PostgreSQL', () => {
  async function withPostgres<T>(use: (db: Db) => Promise<T>): Promise<T> {
    const name = `${inject('pgDatabasePrefix') ?? 'pw_test_'}migrations`;
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(pgAdminUrl!);
    url.pathname = `/${name}`;
    const db = openPostgres(url.toString(), 2);
    try {
      return await use(db);
    } finally {
      await db.destroy();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }

  it('a new database gets every migration, recorded, and a second run does nothing', async () => {
    await withPostgres(async (db) => {
      expect(await migrate(db)).toEqual(ALL_MIGRATIONS);
      expect(await appliedMigrations(db)).toEqual(ALL_MIGRATIONS);
      expect(await migrate(db)).toEqual([]);
    });
  });

  it('has the tables, columns and defaults of a new SQLite database, and its not-null columns', async () => {
    // SQLite lets a text primary key hold null (an old quirk it keeps); PostgreSQL's keys are not null.
    const shape = (tables: Awaited<ReturnType<typeof introspect>>) => tables.map((t) => ({
      name: t.name,
      columns: t.columns.map((c) => ({ name: c.name, hasDefaultValue: c.hasDefaultValue, isAutoIncrementing: c.isAutoIncrementing })),
    }));
    const notNull = (tables: Awaited<ReturnType<typeof introspect>>) => tables.flatMap((t) => t.columns.filter((c) => !c.isNullable).map((c) => `${t.name}.${c.name}`));
    const sqlite = await withDb(await freshDatabase(), (db) => introspect(db));
    await withPostgres(async (db) => {
      await migrate(db);
      const postgres = await introspect(db);
      expect(shape(postgres)).toEqual(shape(sqlite));
      expect(notNull(postgres)).toEqual(expect.arrayContaining(notNull(sqlite)));
    });
  });

  it('reads bigint epoch milliseconds, counts and generated keys as numbers', async () => {
    await withPostgres(async (db) => {
      await migrate(db);
      const { mail_id } = await db.insertInto('mail_outbox')
        .values({ to_address: 'b@example.com', subject: 's', text_body: 't', created_at: NOW })
        .returning('mail_id').executeTakeFirstOrThrow();
      expect(mail_id).toBe(1);
      const row = await db.selectFrom('mail_outbox').select(['created_at', (eb) => eb.fn.countAll().as('n')]).groupBy('created_at').executeTakeFirstOrThrow();
      expect(row).toEqual({ created_at: NOW, n: 1 });
    });
  });
});
