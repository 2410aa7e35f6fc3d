/**
 * 0004: the AI tools (chat-pdf, ai-read). `ai_documents` is a document bound to the AI service
 * with its analysis state (SPEC §4 AI status), the analysis itself as JSON, and the object key
 * of its search index; `ai_conversations` and `ai_records` are the chats, questions and answers
 * (an AI-read answer is a record without a conversation); `ai_notes` are notes on a
 * conversation; `ai_usage` counts tokens and questions per owner and UTC month (SPEC §9),
 * updated by conditional statements so that racing questions cannot both pass the last one.
 */
import type { Kysely, Migration } from 'kysely';

export function ai(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('ai_documents')
        .addColumn('file_id', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('error_code', 'text')
        .addColumn('total_page', 'integer', (c) => c.notNull().defaultTo(0))
        // Pages the analysis may read (20 in the chat trial, 200 at most) and those it did.
        .addColumn('max_pages', 'integer', (c) => c.notNull())
        .addColumn('analysed_pages', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('ocr', 'integer', (c) => c.notNull().defaultTo(0))
        // Tesseract languages for a scan, from the language of the page that bound it.
        .addColumn('ocr_languages', 'text', (c) => c.notNull())
        .addColumn('analysis', 'text')
        .addColumn('index_key', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('ai_conversations')
        .addColumn('conversation_id', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('file_id', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('top', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('share_code', 'text', (c) => c.unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('ai_records')
        .addColumn('record_id', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'text', (c) => c.notNull())
        // Null for an AI-read answer, which belongs to no conversation.
        .addColumn('conversation_id', 'text')
        .addColumn('file_id', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('question', 'text', (c) => c.notNull())
        .addColumn('answer', 'text', (c) => c.notNull())
        .addColumn('citations', 'text', (c) => c.notNull())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('upvote', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('regenerations', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lang', 'text', (c) => c.notNull())
        .addColumn('cancelled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('tokens', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('ai_notes')
        .addColumn('note_id', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('conversation_id', 'text', (c) => c.notNull())
        .addColumn('record_id', 'text')
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('page', 'integer')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('ai_usage')
        .addColumn('owner', 'text', (c) => c.notNull())
        // UTC month, YYYY-MM.
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('tokens_used', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('questions_used', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('ai_usage_pk', ['owner', 'period'])
        .execute();
      const indexes: readonly [name: string, table: string, columns: string[]][] = [
        ['ai_documents_owner', 'ai_documents', ['owner']],
        ['ai_documents_state', 'ai_documents', ['state']],
        ['ai_conversations_owner', 'ai_conversations', ['owner', 'top', 'updated_at']],
        ['ai_conversations_file', 'ai_conversations', ['owner', 'file_id']],
        ['ai_records_conversation', 'ai_records', ['conversation_id', 'created_at']],
        ['ai_records_owner', 'ai_records', ['owner']],
        ['ai_notes_conversation', 'ai_notes', ['conversation_id', 'created_at']],
      ];
      for (const [name, table, columns] of indexes) {
        await db.schema.createIndex(name).on(table).columns(columns).execute();
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['ai_usage', 'ai_notes', 'ai_records', 'ai_conversations', 'ai_documents']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  };
}
