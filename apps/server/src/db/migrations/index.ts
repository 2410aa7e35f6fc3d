/**
 * Versioned schema migrations, run by Kysely's Migrator at start (and by the admin command).
 *
 * The list is a static object, not a folder scan, so it works the same from src (tests) and
 * from dist. A new migration is a new file `NNNN_what.ts` added below under a name that sorts
 * after the others; a migration that has run is never edited. Migrations are written for
 * SQLite and PostgreSQL alike (see dialect.ts for the only differences).
 */
import { Migrator, type Kysely, type Migration } from 'kysely';
import { baseline } from './0001_baseline.js';
import { cloud } from './0002_cloud.js';
import { throttle } from './0003_throttle.js';
import { ai } from './0004_ai.js';
import { aiDetector } from './0005_ai_detector.js';
import type { SqlDialect } from './dialect.js';

export type { SqlDialect } from './dialect.js';

export function migrations(dialect: SqlDialect): Record<string, Migration> {
  return {
    '0001_baseline': baseline(dialect),
    '0002_cloud': cloud(),
    '0003_throttle': throttle(),
    '0004_ai': ai(),
    '0005_ai_detector': aiDetector(),
  };
}

/** A migration failed: the server must not start on a schema it does not know. */
export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

/**
 * Runs every migration not yet recorded in the `kysely_migration` table and returns the names
 * of those it ran (none when the database was up to date). Throws a MigrationError naming the
 * migration on failure, or when the database holds migrations this version does not have
 * (a database written by a newer version).
 */
export async function migrateToLatest<DB>(db: Kysely<DB>, dialect: SqlDialect): Promise<string[]> {
  const known = migrations(dialect);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => known } });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName;
    const done = results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationError(
      `Database migration ${failed ? `${failed} ` : ''}failed: ${reason}` +
        (done.length > 0 ? ` (applied before it: ${done.join(', ')})` : '') +
        `. Known migrations: ${Object.keys(known).join(', ')}.`,
      { cause: error },
    );
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
