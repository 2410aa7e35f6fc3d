/**
 * AI part 2: `ai_detector_usage` counts the AI-text detector's characters per owner and UTC
 * month (SPEC §9: 5,000 free, 100,000 for AI members), taken by a conditional statement so that
 * two racing requests cannot both spend the month's last characters.
 */
import type { Kysely, Migration } from 'kysely';

export function aiDetector(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('ai_detector_usage')
        .addColumn('owner', 'text', (c) => c.notNull())
        // UTC month, YYYY-MM.
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('characters_used', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('ai_detector_usage_pk', ['owner', 'period'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('ai_detector_usage').ifExists().execute();
    },
  };
}
