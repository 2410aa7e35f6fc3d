import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { TemplateCategoriesTable, TemplatesTable } from '../../db/schema.js';

export type CategoryRow = Selectable<TemplateCategoriesTable>;
export type TemplateRow = Selectable<TemplatesTable>;
export type TemplateWithCategory = TemplateRow & { cat_name: string; parent_id: number };

export interface TemplateQuery {
  /** Categories whose templates are listed; undefined for every category. */
  catIds?: number[];
  langs: string[];
  words: string[];
  sort: 'new' | 'hot';
  offset: number;
  limit: number;
}

/** `%` and `_` in a search word are matched as themselves. */
function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class TemplatesRepo {
  constructor(private readonly db: Db) {}

  async categories(): Promise<CategoryRow[]> {
    return this.db.selectFrom('template_categories').selectAll().orderBy('parent_id').orderBy('cat_id').execute();
  }

  async category(catId: number): Promise<CategoryRow | undefined> {
    return this.db.selectFrom('template_categories').selectAll().where('cat_id', '=', catId).executeTakeFirst();
  }

  async findCategory(name: string, parentId: number): Promise<CategoryRow | undefined> {
    return this.db.selectFrom('template_categories').selectAll()
      .where('cat_name', '=', name).where('parent_id', '=', parentId).executeTakeFirst();
  }

  async insertCategory(row: Insertable<TemplateCategoriesTable>): Promise<CategoryRow> {
    return this.db.insertInto('template_categories').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async updateCategory(catId: number, changes: Updateable<TemplateCategoriesTable>): Promise<void> {
    await this.db.updateTable('template_categories').set(changes).where('cat_id', '=', catId).execute();
  }

  /** Templates per category in the given languages. */
  async countsByCategory(langs: string[]): Promise<Map<number, number>> {
    const rows = await this.db.selectFrom('templates')
      .select(['cat_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('lang', 'in', langs).groupBy('cat_id').execute();
    return new Map(rows.map((r) => [r.cat_id, Number(r.n)]));
  }

  async find(catId: number, lang: string, title: string): Promise<TemplateRow | undefined> {
    return this.db.selectFrom('templates').selectAll()
      .where('cat_id', '=', catId).where('lang', '=', lang).where('title', '=', title).executeTakeFirst();
  }

  async insert(row: Insertable<TemplatesTable>): Promise<TemplateRow> {
    return this.db.insertInto('templates').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async update(id: number, changes: Updateable<TemplatesTable>): Promise<void> {
    await this.db.updateTable('templates').set(changes).where('id', '=', id).execute();
  }

  async get(id: number): Promise<TemplateWithCategory | undefined> {
    return this.db.selectFrom('templates')
      .innerJoin('template_categories', 'template_categories.cat_id', 'templates.cat_id')
      .selectAll('templates')
      .select(['template_categories.cat_name', 'template_categories.parent_id'])
      .where('templates.id', '=', id)
      .executeTakeFirst();
  }

  async list(q: TemplateQuery): Promise<{ rows: TemplateWithCategory[]; total: number }> {
    let base = this.db.selectFrom('templates')
      .innerJoin('template_categories', 'template_categories.cat_id', 'templates.cat_id')
      .where('templates.lang', 'in', q.langs);
    if (q.catIds) base = base.where('templates.cat_id', 'in', q.catIds.length ? q.catIds : [-1]);
    for (const word of q.words) {
      // lower() on both sides: SQLite's like ignores ASCII case, PostgreSQL's does not.
      base = base.where(sql<boolean>`lower(templates.title) like lower(${likePattern(word)}) escape '\\'`);
    }
    const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let rows = base.selectAll('templates').select(['template_categories.cat_name', 'template_categories.parent_id']);
    rows = q.sort === 'hot'
      ? rows.orderBy('templates.download_num', 'desc').orderBy('templates.created_at', 'desc')
      : rows.orderBy('templates.created_at', 'desc').orderBy('templates.download_num', 'desc');
    const list = await rows.orderBy('templates.id', 'desc').limit(q.limit).offset(q.offset).execute();
    return { rows: list, total: Number(counted.n) };
  }

  /** Adds one download and returns the new count, or undefined for an unknown template. */
  async addDownload(id: number): Promise<number | undefined> {
    const row = await this.db.updateTable('templates').set((eb) => ({ download_num: eb('download_num', '+', 1) }))
      .where('id', '=', id).returning('download_num').executeTakeFirst();
    return row?.download_num;
  }
}
