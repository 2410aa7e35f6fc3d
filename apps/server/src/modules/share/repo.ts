import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { SharesTable } from '../../db/schema.js';

export type ShareRow = Selectable<SharesTable>;

export class ShareRepo {
  constructor(private readonly db: Db) {}

  async insert(row: ShareRow): Promise<void> {
    await this.db.insertInto('shares').values(row).execute();
  }

  async get(code: string): Promise<ShareRow | undefined> {
    const row = await this.db.selectFrom('shares').selectAll().where('share_code', '=', code).executeTakeFirst();
    return row && numeric(row);
  }

  async countSince(owner: string, since: number): Promise<number> {
    const { count } = await this.db.selectFrom('shares').select((eb) => eb.fn.countAll<number>().as('count'))
      .where('owner', '=', owner).where('created_at', '>=', since).executeTakeFirstOrThrow();
    return Number(count);
  }

  /** The owner's shares still open, with the shared file's current name. */
  async active(owner: string, now: number, limit: number): Promise<(ShareRow & { filename: string })[]> {
    const rows = await this.db.selectFrom('shares').innerJoin('files', 'files.file_id', 'shares.file_id')
      .selectAll('shares').select('files.filename')
      .where('shares.owner', '=', owner).where('shares.revoked_at', 'is', null).where('shares.expires_at', '>', now)
      .orderBy('shares.created_at', 'desc').limit(limit).execute();
    return rows.map((r) => ({ ...numeric(r), filename: r.filename }));
  }

  async revoke(owner: string, code: string, now: number): Promise<boolean> {
    const result = await this.db.updateTable('shares').set({ revoked_at: now })
      .where('owner', '=', owner).where('share_code', '=', code).where('revoked_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Removes shares that ended (expired or revoked) before `before`. */
  async sweep(before: number): Promise<number> {
    const expired = await this.db.deleteFrom('shares').where('expires_at', '<', before).executeTakeFirst();
    const revoked = await this.db.deleteFrom('shares').where('revoked_at', '<', before).executeTakeFirst();
    return Number(expired.numDeletedRows) + Number(revoked.numDeletedRows);
  }
}

function numeric<T extends ShareRow>(row: T): T {
  return { ...row, created_at: Number(row.created_at), expires_at: Number(row.expires_at), revoked_at: row.revoked_at === null ? null : Number(row.revoked_at) };
}
