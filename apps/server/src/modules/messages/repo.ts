import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Database, MessagesTable, OperationResourcesTable } from '../../db/schema.js';

export type MessageRow = Selectable<MessagesTable> & { read_at: number | null };
export type OperationResourceRow = Selectable<OperationResourcesTable>;

export interface MessageFilter {
  /** Template types to include; empty for every type. */
  types: number[];
  unreadOnly: boolean;
}

/** A reader's messages: those sent to them and those sent to everyone. */
function visibleTo(owner: string) {
  return (eb: ExpressionBuilder<Database, 'messages'>) =>
    eb.or([eb('messages.recipient', '=', owner), eb('messages.recipient', 'is', null)]);
}

export class MessagesRepo {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<MessagesTable>): Promise<void> {
    await this.db.insertInto('messages').values(row).execute();
  }

  private query(owner: string, filter: MessageFilter) {
    let q = this.db.selectFrom('messages')
      .leftJoin('message_reads', (join) => join.onRef('message_reads.msg_id', '=', 'messages.msg_id').on('message_reads.owner', '=', owner))
      .where(visibleTo(owner));
    if (filter.types.length) q = q.where('messages.template_type', 'in', filter.types);
    if (filter.unreadOnly) q = q.where('message_reads.read_at', 'is', null);
    return q;
  }

  async list(owner: string, filter: MessageFilter, offset: number, limit: number): Promise<{ rows: MessageRow[]; total: number }> {
    const base = this.query(owner, filter);
    const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base.selectAll('messages').select('message_reads.read_at')
      .orderBy('messages.created_at', 'desc').orderBy('messages.msg_id', 'desc')
      .limit(limit).offset(offset).execute();
    return { rows, total: Number(counted.n) };
  }

  /** Unread messages per template type. */
  async unreadByType(owner: string): Promise<Map<number, number>> {
    const rows = await this.query(owner, { types: [], unreadOnly: true })
      .select(['messages.template_type', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('messages.template_type').execute();
    return new Map(rows.map((r) => [r.template_type, Number(r.n)]));
  }

  /**
   * Marks the reader's unread messages of `types` read: all of them, or those of `ids`. Ids of
   * messages the reader cannot see are passed over. Returns how many were marked.
   */
  async markRead(owner: string, types: number[], ids: string[] | 'all', now: number): Promise<number> {
    if (ids !== 'all' && ids.length === 0) return 0;
    let unread = this.query(owner, { types, unreadOnly: true });
    if (ids !== 'all') unread = unread.where('messages.msg_id', 'in', ids);
    const result = await this.db.insertInto('message_reads')
      .columns(['msg_id', 'owner', 'read_at'])
      .expression(unread.select((eb) => ['messages.msg_id', eb.val(owner).as('owner'), eb.val(now).as('read_at')]))
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  }

  async insertResource(row: Insertable<OperationResourcesTable>): Promise<void> {
    await this.db.insertInto('operation_resources').values(row).execute();
  }

  /** A key's resources showing at `nowS` (seconds), earliest start first. */
  async showingResources(key: string, nowS: number): Promise<OperationResourceRow[]> {
    return this.db.selectFrom('operation_resources').selectAll()
      .where('key', '=', key).where('display_start_time', '<=', nowS).where('display_end_time', '>', nowS)
      .orderBy('display_start_time').orderBy('created_at').execute();
  }
}
