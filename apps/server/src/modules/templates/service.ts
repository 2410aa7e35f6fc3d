import type { Readable } from 'node:stream';
import {
  API_PREFIX, CatalogueError, TEMPLATE_DEFAULT_LANG, TEMPLATE_INDEX_ROW, templateBadges, templateRoutes,
  type TemplateCategory, type TemplateDownloadCount, type TemplateIndex, type TemplateItem, type TemplateList,
  type TemplateSort,
} from '@pagewright/contracts';
import type { ObjectStorage } from '../../adapters/storage/objectStorage.js';
import type { CategoryRow, TemplatesRepo, TemplateWithCategory } from './repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Banner images the import accepts, by extension. */
export const bannerTypes = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp' } as const;
export type BannerExtension = keyof typeof bannerTypes;

export interface TemplateListQuery {
  /** A category id; absent for every category. */
  cat?: number;
  sort: TemplateSort;
  /** Words that must all appear in the title; absent for no search. */
  query?: string;
  pageNum: number;
  pageSize: number;
}

/** The gallery's read side: categories, lists, one template, its PDF, thumbnail and counter. */
export class TemplatesService {
  constructor(private readonly repo: TemplatesRepo, private readonly storage: ObjectStorage) {}

  /** A visitor sees the templates of their language and the default ones. */
  private langs(lang: string): string[] {
    return lang === TEMPLATE_DEFAULT_LANG ? [lang] : [lang, TEMPLATE_DEFAULT_LANG];
  }

  async index(lang: string, now = Date.now()): Promise<TemplateIndex> {
    const categories = await this.categoryTree(lang);
    const flat = categories.flatMap((c) => [c, ...c.children]);
    const langs = this.langs(lang);
    const row = { langs, words: [], offset: 0, limit: TEMPLATE_INDEX_ROW };
    const hot = await this.repo.list({ ...row, sort: 'hot' });
    const latest = await this.repo.list({ ...row, sort: 'new' });
    return {
      categories,
      banner: flat.filter((c) => c.banner_show === 1),
      hot: hot.rows.filter((t) => t.download_num > 0).map((t) => this.item(t, now)),
      new: latest.rows.map((t) => this.item(t, now)),
    };
  }

  async list(q: TemplateListQuery, lang: string, now = Date.now()): Promise<TemplateList> {
    let catIds: number[] | undefined;
    const { cat } = q;
    if (cat) {
      const all = await this.repo.categories();
      catIds = [cat, ...all.filter((c) => c.parent_id === cat).map((c) => c.cat_id)];
    }
    const words = (q.query ?? '').split(/\s+/).filter(Boolean);
    const { rows, total } = await this.repo.list({
      ...(catIds ? { catIds } : {}),
      langs: this.langs(lang),
      words,
      sort: q.sort,
      offset: (q.pageNum - 1) * q.pageSize,
      limit: q.pageSize,
    });
    return { list: rows.map((t) => this.item(t, now)), pager: { pageNum: q.pageNum, pageSize: q.pageSize, total } };
  }

  async detail(id: number, now = Date.now()): Promise<TemplateItem> {
    return this.item(await this.require(id), now);
  }

  async openPdf(id: number): Promise<{ name: string; size: number; stream: Readable }> {
    const t = await this.require(id);
    return { name: `${t.title}.pdf`, size: t.file_size, stream: this.storage.openRead(t.storage_key) };
  }

  async openThumbnail(id: number): Promise<Readable> {
    return this.storage.openRead((await this.require(id)).thumbnail_key);
  }

  async openBanner(catId: number): Promise<{ type: string; stream: Readable }> {
    const category = await this.repo.category(catId);
    if (!category?.banner_key) throw new CatalogueError(2405);
    const extension = category.banner_key.slice(category.banner_key.lastIndexOf('.') + 1);
    return { type: bannerTypes[extension as BannerExtension] ?? 'application/octet-stream', stream: this.storage.openRead(category.banner_key) };
  }

  async addDownload(id: number): Promise<TemplateDownloadCount> {
    const count = await this.repo.addDownload(id);
    if (count === undefined) throw new CatalogueError(2405);
    return { id, download_num: count };
  }

  private async require(id: number): Promise<TemplateWithCategory> {
    const t = await this.repo.get(id);
    if (!t) throw new CatalogueError(2405);
    return t;
  }

  private async categoryTree(lang: string): Promise<TemplateCategory[]> {
    const rows = await this.repo.categories();
    const counts = await this.repo.countsByCategory(this.langs(lang));
    const node = (c: CategoryRow, level: number, children: TemplateCategory[]): TemplateCategory => ({
      cat_id: c.cat_id,
      cat_name: c.cat_name,
      banner_img: c.banner_key ? `${API_PREFIX}${templateRoutes.banner.path}?cat_id=${c.cat_id}` : '',
      banner_show: c.banner_show && c.banner_key ? 1 : 0,
      banner_url: c.banner_url,
      children,
      is_hot: c.is_hot ? 1 : 0,
      is_new: c.is_new ? 1 : 0,
      level,
      parent_id: c.parent_id,
      template_num: (counts.get(c.cat_id) ?? 0) + children.reduce((sum, child) => sum + child.template_num, 0),
    });
    return rows.filter((c) => c.parent_id === 0).map((top) =>
      node(top, 1, rows.filter((c) => c.parent_id === top.cat_id).map((child) => node(child, 2, []))));
  }

  private item(t: TemplateWithCategory, now: number): TemplateItem {
    return {
      id: t.id,
      title: t.title,
      cat_id: t.cat_id,
      cat_name: t.cat_name,
      parent_id: t.parent_id,
      lang: t.lang,
      thumbnail_url: `${API_PREFIX}${templateRoutes.thumbnail.path}?id=${t.id}`,
      thumbnail_w: t.thumbnail_w,
      thumbnail_h: t.thumbnail_h,
      file_size: t.file_size,
      total_page: t.total_page,
      download_num: t.download_num,
      is_hot: t.download_num >= templateBadges.hotDownloads ? 1 : 0,
      is_new: now - t.created_at < templateBadges.newDays * DAY_MS ? 1 : 0,
      create_time: Math.floor(t.created_at / 1000),
    };
  }
}
