import type { Db } from '../../db/connection.js';
import type { SignaturesTable } from '../../db/schema.js';

export type SignatureRow = SignaturesTable;

export class SignaturesRepo {
  constructor(private readonly db: Db) {}

  async list(clientId: string): Promise<SignatureRow[]> {
    return this.db.selectFrom('signatures').selectAll().where('client_id', '=', clientId)
      .orderBy('created_at', 'desc').orderBy('file_id').execute();
  }

  async get(clientId: string, fileId: string): Promise<SignatureRow | undefined> {
    return this.db.selectFrom('signatures').selectAll()
      .where('client_id', '=', clientId).where('file_id', '=', fileId).executeTakeFirst();
  }

  async count(clientId: string): Promise<number> {
    const r = await this.db.selectFrom('signatures').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('client_id', '=', clientId).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async isSavedByAnyone(fileId: string): Promise<boolean> {
    return Boolean(await this.db.selectFrom('signatures').select('file_id').where('file_id', '=', fileId).executeTakeFirst());
  }

  async insert(row: SignatureRow): Promise<void> {
    await this.db.insertInto('signatures').values(row).execute();
  }

  async delete(clientId: string, fileId: string): Promise<void> {
    await this.db.deleteFrom('signatures').where('client_id', '=', clientId).where('file_id', '=', fileId).execute();
  }
}
