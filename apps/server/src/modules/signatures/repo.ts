import type { Db } from '../../db/connection.js';
import type { SignaturesTable } from '../../db/schema.js';

export type SignatureRow = SignaturesTable;

export class SignaturesRepo {
  constructor(private readonly db: Db) {}

  async list(owner: string): Promise<SignatureRow[]> {
    return this.db.selectFrom('signatures').selectAll().where('owner', '=', owner)
      .orderBy('created_at', 'desc').orderBy('file_id').execute();
  }

  async get(owner: string, fileId: string): Promise<SignatureRow | undefined> {
    return this.db.selectFrom('signatures').selectAll()
      .where('owner', '=', owner).where('file_id', '=', fileId).executeTakeFirst();
  }

  async count(owner: string): Promise<number> {
    const r = await this.db.selectFrom('signatures').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner', '=', owner).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async transferOwner(fromOwner: string, toOwner: string): Promise<void> {
    await this.db.updateTable('signatures').set({ owner: toOwner }).where('owner', '=', fromOwner).execute();
  }

  async isSavedByAnyone(fileId: string): Promise<boolean> {
    return Boolean(await this.db.selectFrom('signatures').select('file_id').where('file_id', '=', fileId).executeTakeFirst());
  }

  async insert(row: SignatureRow): Promise<void> {
    await this.db.insertInto('signatures').values(row).execute();
  }

  async delete(owner: string, fileId: string): Promise<void> {
    await this.db.deleteFrom('signatures').where('owner', '=', owner).where('file_id', '=', fileId).execute();
  }
}
