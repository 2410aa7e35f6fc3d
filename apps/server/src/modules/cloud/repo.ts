import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { CloudCapacityTable, CloudDocumentsTable, CloudFoldersTable } from '../../db/schema.js';

export type DocumentRow = Selectable<CloudDocumentsTable>;
export type FolderRow = Selectable<CloudFoldersTable>;
export type CapacityRow = Selectable<CloudCapacityTable>;

export type SortKey = 'updated_at' | 'name' | 'size';

/** A unique-constraint refusal, on SQLite and PostgreSQL alike. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e?.code === '23505'
    || /UNIQUE constraint failed/.test(e?.message ?? '');
}

export class CloudRepo {
  constructor(private readonly db: Db) {}

  // Capacity -------------------------------------------------------------------------------

  /** The owner's capacity row, created with `startTotal` on first use. */
  async capacity(owner: string, startTotal: number): Promise<CapacityRow> {
    await this.db.insertInto('cloud_capacity').values({ owner, used: 0, total: startTotal, received: 0 })
      .onConflict((oc) => oc.column('owner').doNothing()).execute();
    const row = await this.db.selectFrom('cloud_capacity').selectAll().where('owner', '=', owner).executeTakeFirstOrThrow();
    return { ...row, used: Number(row.used), total: Number(row.total) };
  }

  /**
   * Takes `size` bytes of the owner's capacity if they fit under `limit`, in one conditional
   * statement: of two racing reservations that cannot both fit, exactly one passes.
   */
  async reserve(owner: string, size: number, limit: number): Promise<boolean> {
    const result = await this.db.updateTable('cloud_capacity')
      .set({ used: sql`used + ${size}` })
      .where('owner', '=', owner)
      .where(sql<boolean>`used + ${size} <= ${limit}`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async release(owner: string, size: number): Promise<void> {
    await this.db.updateTable('cloud_capacity')
      .set({ used: sql`case when used >= ${size} then used - ${size} else 0 end` })
      .where('owner', '=', owner).execute();
  }

  /** The free expansion: once, and never lowering a larger total. */
  async receive(owner: string, total: number): Promise<void> {
    await this.db.updateTable('cloud_capacity')
      .set({ total: sql`case when total < ${total} then ${total} else total end`, received: 1 })
      .where('owner', '=', owner).execute();
  }

  // Folders --------------------------------------------------------------------------------

  async insertFolder(row: FolderRow): Promise<void> {
    await this.db.insertInto('cloud_folders').values(row).execute();
  }

  async folder(owner: string, folderId: string): Promise<FolderRow | undefined> {
    return this.db.selectFrom('cloud_folders').selectAll()
      .where('owner', '=', owner).where('folder_id', '=', folderId).executeTakeFirst();
  }

  async folders(owner: string): Promise<FolderRow[]> {
    return this.db.selectFrom('cloud_folders').selectAll().where('owner', '=', owner).orderBy('name_key').execute();
  }

  async childFolders(owner: string, parentId: string): Promise<FolderRow[]> {
    return this.db.selectFrom('cloud_folders').selectAll()
      .where('owner', '=', owner).where('parent_id', '=', parentId).orderBy('name_key').execute();
  }

  async updateFolder(owner: string, folderId: string, values: Partial<Pick<FolderRow, 'name' | 'name_key' | 'parent_id' | 'updated_at'>>): Promise<void> {
    await this.db.updateTable('cloud_folders').set(values).where('owner', '=', owner).where('folder_id', '=', folderId).execute();
  }

  async deleteFolders(owner: string, folderIds: string[]): Promise<void> {
    for (const chunk of chunks(folderIds)) {
      await this.db.deleteFrom('cloud_folders').where('owner', '=', owner).where('folder_id', 'in', chunk).execute();
    }
  }

  // Documents ------------------------------------------------------------------------------

  async insertDocument(row: DocumentRow): Promise<void> {
    await this.db.insertInto('cloud_documents').values(row).execute();
  }

  async document(owner: string, fileId: string): Promise<DocumentRow | undefined> {
    const row = await this.db.selectFrom('cloud_documents').selectAll()
      .where('owner', '=', owner).where('file_id', '=', fileId).executeTakeFirst();
    return row && numeric(row);
  }

  async documentsById(owner: string, fileIds: string[]): Promise<DocumentRow[]> {
    const rows: DocumentRow[] = [];
    for (const chunk of chunks(fileIds)) {
      rows.push(...await this.db.selectFrom('cloud_documents').selectAll()
        .where('owner', '=', owner).where('file_id', 'in', chunk).execute());
    }
    return rows.map(numeric);
  }

  async documentOfTask(owner: string, taskId: string): Promise<DocumentRow | undefined> {
    const row = await this.db.selectFrom('cloud_documents').selectAll()
      .where('owner', '=', owner).where('source_task_id', '=', taskId).executeTakeFirst();
    return row && numeric(row);
  }

  /** Documents of folders, for a folder delete or a multi-download. */
  async documentsIn(owner: string, folderIds: string[]): Promise<DocumentRow[]> {
    const rows: DocumentRow[] = [];
    for (const chunk of chunks(folderIds)) {
      rows.push(...await this.db.selectFrom('cloud_documents').selectAll()
        .where('owner', '=', owner).where('folder_id', 'in', chunk).execute());
    }
    return rows.map(numeric);
  }

  /** Whether `folderId` holds a document named `nameKey` (other than `exceptFileId`). */
  async nameTaken(owner: string, folderId: string, nameKey: string, exceptFileId = ''): Promise<boolean> {
    const row = await this.db.selectFrom('cloud_documents').select('file_id')
      .where('owner', '=', owner).where('folder_id', '=', folderId).where('name_key', '=', nameKey)
      .where('file_id', '!=', exceptFileId).executeTakeFirst();
    return row !== undefined;
  }

  async page(owner: string, folderId: string, sort: SortKey, order: 'asc' | 'desc', offset: number, limit: number): Promise<{ rows: DocumentRow[]; total: number }> {
    const base = this.db.selectFrom('cloud_documents').where('owner', '=', owner).where('folder_id', '=', folderId);
    const column = sort === 'name' ? 'name_key' : sort;
    const rows = await base.selectAll().orderBy(column, order).orderBy('file_id').offset(offset).limit(limit).execute();
    const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    return { rows: rows.map(numeric), total: Number(count) };
  }

  /**
   * Documents whose name contains `nameNeedle`, or whose text holds every one of `terms` (each
   * a prefix of an indexed word), newest first.
   */
  async search(owner: string, nameNeedle: string, terms: string[], offset: number, limit: number): Promise<{ rows: DocumentRow[]; total: number }> {
    const like = `%${nameNeedle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const query = this.db.selectFrom('cloud_documents').where('owner', '=', owner).where((eb) => {
      const byName = sql<boolean>`name_key like ${like} escape '\\'`;
      if (terms.length === 0) return byName;
      const byText = eb.and(terms.map((term) => eb('file_id', 'in', eb.selectFrom('cloud_terms').select('file_id')
        .where('owner', '=', owner).where('term', '>=', term).where('term', '<', `${term}\uffff`))));
      return eb.or([byName, byText]);
    });
    const rows = await query.selectAll().orderBy('updated_at', 'desc').orderBy('file_id').offset(offset).limit(limit).execute();
    const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    return { rows: rows.map(numeric), total: Number(count) };
  }

  async starred(owner: string, limit: number): Promise<DocumentRow[]> {
    const rows = await this.db.selectFrom('cloud_documents').selectAll().where('owner', '=', owner).where('starred', '=', 1)
      .orderBy('updated_at', 'desc').limit(limit).execute();
    return rows.map(numeric);
  }

  async recent(owner: string, limit: number): Promise<DocumentRow[]> {
    const rows = await this.db.selectFrom('cloud_documents').selectAll().where('owner', '=', owner).where('opened_at', 'is not', null)
      .orderBy('opened_at', 'desc').limit(limit).execute();
    return rows.map(numeric);
  }

  async updateDocuments(owner: string, fileIds: string[], values: Partial<Pick<DocumentRow, 'name' | 'name_key' | 'folder_id' | 'starred' | 'opened_at' | 'updated_at' | 'total_page'>>): Promise<void> {
    for (const chunk of chunks(fileIds)) {
      await this.db.updateTable('cloud_documents').set(values).where('owner', '=', owner).where('file_id', 'in', chunk).execute();
    }
  }

  async deleteDocuments(owner: string, fileIds: string[]): Promise<void> {
    for (const chunk of chunks(fileIds)) {
      await this.db.deleteFrom('cloud_terms').where('file_id', 'in', chunk).execute();
      await this.db.deleteFrom('cloud_documents').where('owner', '=', owner).where('file_id', 'in', chunk).execute();
    }
  }

  // Text index -----------------------------------------------------------------------------

  async indexTerms(owner: string, fileId: string, terms: string[]): Promise<void> {
    await this.db.deleteFrom('cloud_terms').where('file_id', '=', fileId).execute();
    for (const chunk of chunks(terms, 400)) {
      await this.db.insertInto('cloud_terms').values(chunk.map((term) => ({ owner, term, file_id: fileId })))
        .onConflict((oc) => oc.doNothing()).execute();
    }
  }
}

/** bigint columns come back as strings from PostgreSQL; the API speaks numbers. */
function numeric(row: DocumentRow): DocumentRow {
  return { ...row, size: Number(row.size), created_at: Number(row.created_at), updated_at: Number(row.updated_at), opened_at: row.opened_at === null ? null : Number(row.opened_at) };
}

/** Keeps `in (...)` lists under every database's parameter limit. */
function chunks<T>(items: T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
