/**
 * 0003: throttling of the account calls by client. A failed sign-in records the client it came
 * from (its address as the server sees it and its client id cookie), so failures can be
 * counted per client as well as per email; `sign_ups` records each client's account creations
 * for the hourly limit. Both hold rows for an hour at most (the sweeper drops older ones).
 */
import type { Kysely, Migration } from 'kysely';

export function throttle(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('login_failures').addColumn('client_ip', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('login_failures').addColumn('client_id', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema
        .createTable('sign_ups')
        .addColumn('sign_up_id', 'text', (c) => c.primaryKey())
        .addColumn('client_ip', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      const indexes: readonly [name: string, table: string, columns: string[]][] = [
        ['login_failures_client_ip', 'login_failures', ['client_ip', 'failed_at']],
        ['login_failures_client_id', 'login_failures', ['client_id', 'failed_at']],
        ['sign_ups_client_ip', 'sign_ups', ['client_ip', 'created_at']],
        ['sign_ups_client_id', 'sign_ups', ['client_id', 'created_at']],
      ];
      for (const [name, table, columns] of indexes) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('sign_ups').ifExists().execute();
      await db.schema.dropIndex('login_failures_client_id').ifExists().execute();
      await db.schema.dropIndex('login_failures_client_ip').ifExists().execute();
      await db.schema.alterTable('login_failures').dropColumn('client_id').execute();
      await db.schema.alterTable('login_failures').dropColumn('client_ip').execute();
    },
  };
}
