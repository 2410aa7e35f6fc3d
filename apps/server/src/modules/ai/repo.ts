import { sql, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { AiConversationsTable, AiDocumentsTable, AiNotesTable, AiRecordsTable } from '../../db/schema.js';

export type AiDocumentRow = Selectable<AiDocumentsTable>;
export type ConversationRow = Selectable<AiConversationsTable>;
export type RecordRow = Selectable<AiRecordsTable>;
export type NoteRow = Selectable<AiNotesTable>;
export interface UsageRow { tokens_used: number; questions_used: number }

/** Every query of the AI tools. Ids are looked up with their owner, so another's id reads as none. */
export class AiRepo {
  constructor(private readonly db: Db) {}

  // Bound documents --------------------------------------------------------------------------

  async document(fileId: string): Promise<AiDocumentRow | undefined> {
    const row = await this.db.selectFrom('ai_documents').selectAll().where('file_id', '=', fileId).executeTakeFirst();
    return row && numericDocument(row);
  }

  /** Binds a document (again): the row is created, or reset to a new analysis. */
  async startAnalysis(row: AiDocumentRow): Promise<void> {
    const { file_id: _fileId, created_at: _createdAt, ...reset } = row;
    await this.db.insertInto('ai_documents').values(row)
      .onConflict((oc) => oc.column('file_id').doUpdateSet(reset)).execute();
  }

  async updateDocument(fileId: string, values: Updateable<AiDocumentsTable>): Promise<void> {
    await this.db.updateTable('ai_documents').set(values).where('file_id', '=', fileId).execute();
  }

  async deleteDocument(fileId: string): Promise<void> {
    await this.db.deleteFrom('ai_documents').where('file_id', '=', fileId).execute();
  }

  /** Analyses a stop of the server interrupted. */
  async documentsAnalysing(): Promise<AiDocumentRow[]> {
    return (await this.db.selectFrom('ai_documents').selectAll().where('state', '=', 'analyses').execute()).map(numericDocument);
  }

  // Conversations ----------------------------------------------------------------------------

  async insertConversation(row: ConversationRow): Promise<void> {
    await this.db.insertInto('ai_conversations').values(row).execute();
  }

  async conversation(owner: string, conversationId: string): Promise<ConversationRow | undefined> {
    const row = await this.db.selectFrom('ai_conversations').selectAll()
      .where('owner', '=', owner).where('conversation_id', '=', conversationId).executeTakeFirst();
    return row && numericConversation(row);
  }

  async conversationByShare(code: string): Promise<ConversationRow | undefined> {
    const row = await this.db.selectFrom('ai_conversations').selectAll().where('share_code', '=', code).executeTakeFirst();
    return row && numericConversation(row);
  }

  /** Pinned first, then the most recently used. */
  async conversations(owner: string, fileId: string | undefined, limit: number): Promise<ConversationRow[]> {
    let query = this.db.selectFrom('ai_conversations').selectAll().where('owner', '=', owner);
    if (fileId !== undefined) query = query.where('file_id', '=', fileId);
    const rows = await query.orderBy('top', 'desc').orderBy('updated_at', 'desc').orderBy('conversation_id').limit(limit).execute();
    return rows.map(numericConversation);
  }

  /** The conversation the chat page opens for a document: the latest one. */
  async latestConversation(owner: string, fileId: string): Promise<ConversationRow | undefined> {
    return (await this.conversations(owner, fileId, 1))[0];
  }

  /** Changes the owner's conversation; false when it is not theirs. */
  async updateConversation(owner: string, conversationId: string, values: Updateable<AiConversationsTable>): Promise<boolean> {
    const result = await this.db.updateTable('ai_conversations').set(values)
      .where('owner', '=', owner).where('conversation_id', '=', conversationId).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Sets the share code unless one is set already; answers the code the conversation has. */
  async shareConversation(owner: string, conversationId: string, code: string): Promise<string | null> {
    await this.db.updateTable('ai_conversations').set({ share_code: code })
      .where('owner', '=', owner).where('conversation_id', '=', conversationId).where('share_code', 'is', null).execute();
    return (await this.conversation(owner, conversationId))?.share_code ?? null;
  }

  /** Deletes the conversation with its records and notes (its share code goes with its row). */
  async deleteConversation(owner: string, conversationId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('ai_notes').where('owner', '=', owner).where('conversation_id', '=', conversationId).execute();
      await trx.deleteFrom('ai_records').where('owner', '=', owner).where('conversation_id', '=', conversationId).execute();
      const result = await trx.deleteFrom('ai_conversations')
        .where('owner', '=', owner).where('conversation_id', '=', conversationId).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    });
  }

  // Records ----------------------------------------------------------------------------------

  async insertRecord(row: RecordRow): Promise<void> {
    await this.db.insertInto('ai_records').values(row).execute();
  }

  /** A record by id whoever owns it: an id a client chose must not take another's. */
  async recordById(recordId: string): Promise<RecordRow | undefined> {
    const row = await this.db.selectFrom('ai_records').selectAll().where('record_id', '=', recordId).executeTakeFirst();
    return row && numericRecord(row);
  }

  async record(owner: string, recordId: string): Promise<RecordRow | undefined> {
    const row = await this.recordById(recordId);
    return row?.owner === owner ? row : undefined;
  }

  /** A conversation's records, oldest first. */
  async records(conversationId: string): Promise<RecordRow[]> {
    const rows = await this.db.selectFrom('ai_records').selectAll().where('conversation_id', '=', conversationId)
      .orderBy('created_at').orderBy('record_id').execute();
    return rows.map(numericRecord);
  }

  /** The last `count` answered turns of a conversation before `before` (epoch ms), oldest first. */
  async turnsBefore(conversationId: string, before: number, count: number): Promise<RecordRow[]> {
    const rows = await this.db.selectFrom('ai_records').selectAll()
      .where('conversation_id', '=', conversationId).where('created_at', '<', before).where('answer', '!=', '')
      .orderBy('created_at', 'desc').orderBy('record_id', 'desc').limit(count).execute();
    return rows.map(numericRecord).reverse();
  }

  async updateRecord(owner: string, recordId: string, values: Updateable<AiRecordsTable>): Promise<boolean> {
    const result = await this.db.updateTable('ai_records').set(values)
      .where('owner', '=', owner).where('record_id', '=', recordId).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Counts one more regeneration of the record if it has had fewer than `max`, in one
   * conditional statement: two racing regenerations cannot both take the last one.
   */
  async takeRegeneration(owner: string, recordId: string, max: number): Promise<boolean> {
    const result = await this.db.updateTable('ai_records').set({ regenerations: sql`regenerations + 1` })
      .where('owner', '=', owner).where('record_id', '=', recordId).where('regenerations', '<', max).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async returnRegeneration(owner: string, recordId: string): Promise<void> {
    await this.db.updateTable('ai_records').set({ regenerations: sql`regenerations - 1` })
      .where('owner', '=', owner).where('record_id', '=', recordId).where('regenerations', '>', 0).execute();
  }

  // Notes ------------------------------------------------------------------------------------

  async insertNote(row: NoteRow): Promise<void> {
    await this.db.insertInto('ai_notes').values(row).execute();
  }

  async notes(owner: string, conversationId: string): Promise<NoteRow[]> {
    const rows = await this.db.selectFrom('ai_notes').selectAll()
      .where('owner', '=', owner).where('conversation_id', '=', conversationId)
      .orderBy('created_at').orderBy('note_id').execute();
    return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
  }

  async deleteNote(owner: string, noteId: string): Promise<boolean> {
    const result = await this.db.deleteFrom('ai_notes').where('owner', '=', owner).where('note_id', '=', noteId).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  // Usage (metering.ts) ----------------------------------------------------------------------

  async usage(owner: string, period: string): Promise<UsageRow> {
    const row = await this.db.selectFrom('ai_usage').select(['tokens_used', 'questions_used'])
      .where('owner', '=', owner).where('period', '=', period).executeTakeFirst();
    return { tokens_used: Number(row?.tokens_used ?? 0), questions_used: Number(row?.questions_used ?? 0) };
  }

  /**
   * Counts one question of the month if fewer than `limit` were asked (null: no limit), in one
   * conditional statement: of two racing questions only one can take the last.
   */
  async takeQuestion(owner: string, period: string, limit: number | null): Promise<boolean> {
    const r = limit === null
      ? await sql`insert into ai_usage (owner, period, tokens_used, questions_used) values (${owner}, ${period}, 0, 1)
          on conflict (owner, period) do update set questions_used = ai_usage.questions_used + 1`.execute(this.db)
      : await sql`insert into ai_usage (owner, period, tokens_used, questions_used)
          select ${owner}, ${period}, 0, 1 where ${limit} > 0
          on conflict (owner, period) do update set questions_used = ai_usage.questions_used + 1
          where ai_usage.questions_used < ${limit}`.execute(this.db);
    return Number(r.numAffectedRows ?? 0n) === 1;
  }

  /** Gives back a question that got no answer. */
  async returnQuestion(owner: string, period: string): Promise<void> {
    await this.db.updateTable('ai_usage').set({ questions_used: sql`questions_used - 1` })
      .where('owner', '=', owner).where('period', '=', period).where('questions_used', '>', 0).execute();
  }

  async addTokens(owner: string, period: string, tokens: number): Promise<void> {
    if (tokens <= 0) return;
    await sql`insert into ai_usage (owner, period, tokens_used, questions_used) values (${owner}, ${period}, ${tokens}, 0)
      on conflict (owner, period) do update set tokens_used = ai_usage.tokens_used + ${tokens}`.execute(this.db);
  }
}

function numericDocument(row: AiDocumentRow): AiDocumentRow {
  return { ...row, created_at: Number(row.created_at), updated_at: Number(row.updated_at) };
}

function numericConversation(row: ConversationRow): ConversationRow {
  return { ...row, created_at: Number(row.created_at), updated_at: Number(row.updated_at) };
}

function numericRecord(row: RecordRow): RecordRow {
  return { ...row, created_at: Number(row.created_at), updated_at: Number(row.updated_at) };
}

/** The detector's characters per owner and month, taken in one conditional statement. */
export class DetectorUsageRepo {
  constructor(private readonly db: Db) {}

  async used(owner: string, period: string): Promise<number> {
    const row = await this.db.selectFrom('ai_detector_usage').select('characters_used')
      .where('owner', '=', owner).where('period', '=', period).executeTakeFirst();
    return Number(row?.characters_used ?? 0);
  }

  /** Adds `characters` if the month's total stays within `limit` (null: no limit); false when it would not. */
  async take(owner: string, period: string, characters: number, limit: number | null): Promise<boolean> {
    const r = limit === null
      ? await sql`insert into ai_detector_usage (owner, period, characters_used) values (${owner}, ${period}, ${characters})
          on conflict (owner, period) do update set characters_used = ai_detector_usage.characters_used + ${characters}`.execute(this.db)
      : await sql`insert into ai_detector_usage (owner, period, characters_used)
          select ${owner}, ${period}, ${characters} where ${characters} <= ${limit}
          on conflict (owner, period) do update set characters_used = ai_detector_usage.characters_used + ${characters}
          where ai_detector_usage.characters_used + ${characters} <= ${limit}`.execute(this.db);
    return Number(r.numAffectedRows ?? 0n) === 1;
  }
}
