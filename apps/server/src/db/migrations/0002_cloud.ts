/**
 * 0002: the cloud document store and sharing. Documents are uploaded files kept without expiry
 * (`files` rows whose expires_at is NEVER), with the cloud's own row for name, folder, star and
 * recency; the words of their text layer go to `cloud_terms` for search by content; capacity
 * is one row per owner updated by conditional statements, so racing uploads cannot both pass
 * the quota. `files.auto_cloud` marks an upload a signed-in user asked to keep in the cloud
 * (auto_oss_upload).
 */
import type { Kysely, Migration } from 'kysely';

export function cloud(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('files').addColumn('auto_cloud', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema
        .createTable('cloud_folders')
        .addColumn('folder_id', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'text', (c) => c.notNull())
        // The name folded for the uniqueness rule: 'Tax' and 'tax' are the same folder.
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('cloud_folders_name', ['owner', 'parent_id', 'name_key'])
        .execute();
      await db.schema
        .createTable('cloud_documents')
        .addColumn('file_id', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('folder_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('size', 'bigint', (c) => c.notNull())
        .addColumn('starred', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('total_page', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('opened_at', 'bigint')
        // The task whose result this is (cloud/task/result is idempotent per task).
        .addColumn('source_task_id', 'text')
        .addUniqueConstraint('cloud_documents_name', ['owner', 'folder_id', 'name_key'])
        .execute();
      await db.schema
        .createTable('cloud_terms')
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('term', 'text', (c) => c.notNull())
        .addColumn('file_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('cloud_terms_pk', ['owner', 'term', 'file_id'])
        .execute();
      await db.schema
        .createTable('cloud_capacity')
        .addColumn('owner', 'text', (c) => c.primaryKey())
        .addColumn('used', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('total', 'bigint', (c) => c.notNull())
        .addColumn('received', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('shares')
        .addColumn('share_code', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('file_id', 'text', (c) => c.notNull())
        .addColumn('share_type', 'integer', (c) => c.notNull())
        .addColumn('target_email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .execute();
      const indexes: readonly [name: string, table: string, columns: string[]][] = [
        ['cloud_documents_folder', 'cloud_documents', ['owner', 'folder_id', 'updated_at']],
        ['cloud_documents_opened', 'cloud_documents', ['owner', 'opened_at']],
        ['cloud_documents_starred', 'cloud_documents', ['owner', 'starred']],
        ['cloud_documents_task', 'cloud_documents', ['owner', 'source_task_id']],
        ['cloud_terms_file', 'cloud_terms', ['file_id']],
        ['cloud_folders_parent', 'cloud_folders', ['owner', 'parent_id']],
        ['shares_owner', 'shares', ['owner', 'created_at']],
        ['shares_file', 'shares', ['file_id']],
      ];
      for (const [name, table, columns] of indexes) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['shares', 'cloud_capacity', 'cloud_terms', 'cloud_documents', 'cloud_folders']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
      await db.schema.alterTable('files').dropColumn('auto_cloud').execute();
    },
  };
}
