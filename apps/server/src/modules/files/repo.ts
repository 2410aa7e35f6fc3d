import type { Db } from '../../db/connection.js';
import type { Insertable, Selectable } from 'kysely';
import type { FilesTable } from '../../db/schema.js';

export type FileRow = Selectable<FilesTable>;

export class FilesRepo {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<FilesTable>): Promise<void> {
    await this.db.insertInto('files').values(row).execute();
  }

  async get(fileId: string): Promise<FileRow | undefined> {
    return this.db.selectFrom('files').selectAll().where('file_id', '=', fileId).executeTakeFirst();
  }

  async markUploaded(fileId: string): Promise<void> {
    await this.db.updateTable('files').set({ status: 'uploaded' }).where('file_id', '=', fileId).execute();
  }

  async setPageInfo(fileId: string, info: { total_page: number; page_w: number; page_h: number }): Promise<void> {
    await this.db.updateTable('files')
      .set({ total_page: info.total_page, page_w: info.page_w, page_h: info.page_h }).where('file_id', '=', fileId).execute();
  }

  async rename(fileId: string, filename: string): Promise<void> {
    await this.db.updateTable('files').set({ filename }).where('file_id', '=', fileId).execute();
  }

  async setExpiry(fileId: string, expiresAt: number): Promise<void> {
    await this.db.updateTable('files').set({ expires_at: expiresAt }).where('file_id', '=', fileId).execute();
  }

  async listExpired(now: number, limit: number): Promise<FileRow[]> {
    return this.db.selectFrom('files').selectAll().where('expires_at', '<', now).limit(limit).execute();
  }

  async transferOwner(fromOwner: string, toOwner: string): Promise<void> {
    await this.db.updateTable('files').set({ owner: toOwner }).where('owner', '=', fromOwner).execute();
  }

  async delete(fileId: string): Promise<void> {
    await this.db.deleteFrom('files').where('file_id', '=', fileId).execute();
  }
}
