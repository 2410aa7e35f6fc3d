import { randomUUID } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { TEMPLATE_DEFAULT_LANG, templateLang } from '@pagewright/contracts';
import type { ObjectStorage } from '../../adapters/storage/objectStorage.js';
import { bannerTypes, type BannerExtension } from './service.js';
import type { CategoryRow, TemplatesRepo } from './repo.js';

/** What the import needs of the engine: a PDF's page facts and a page as PNG. */
export interface TemplateEngine {
  info(path: string): Promise<{ total_page: number; page_w: number; encrypted: boolean }>;
  renderPage(path: string, page: number, dpi: number): Promise<Uint8Array>;
}

export interface ImportOptions {
  dir: string;
  category: string;
  parent?: string;
  lang?: string;
  hot?: boolean;
  new?: boolean;
  /** An image file shown as the category's banner. */
  banner?: string;
  bannerUrl?: string;
}

export interface ImportReport {
  cat_id: number;
  imported: { file: string; id: number; title: string; replaced: boolean }[];
  skipped: { file: string; reason: string }[];
}

/** Thumbnails are rendered about this wide: a gallery card at twice its CSS width. */
const THUMBNAIL_WIDTH = 400;

/** "annual_report-2024.pdf" becomes "annual report 2024". */
export function titleFromFileName(file: string): string {
  return path.basename(file).replace(/\.pdf$/i, '').replace(/[_\s]+/g, ' ').replace(/\s*-\s*/g, ' ').trim() || 'Template';
}

function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.readUInt32BE(16), height: view.readUInt32BE(20) };
}

/**
 * Imports every PDF of a folder as a template of one category (made when absent, under an
 * optional parent): the PDF and a thumbnail of its first page go to object storage. A file
 * with the title of an existing template of the category and language replaces it.
 */
export class TemplateImporter {
  constructor(private readonly repo: TemplatesRepo, private readonly storage: ObjectStorage, private readonly engine: TemplateEngine) {}

  async importFolder(options: ImportOptions, now = Date.now()): Promise<ImportReport> {
    const lang = options.lang ? templateLang(options.lang) : TEMPLATE_DEFAULT_LANG;
    const entries = (await readdir(options.dir, { withFileTypes: true }))
      .filter((e) => e.isFile() && /\.pdf$/i.test(e.name)).map((e) => e.name).sort();
    const category = await this.category(options, now);
    const report: ImportReport = { cat_id: category.cat_id, imported: [], skipped: [] };
    for (const name of entries) {
      try {
        report.imported.push({ file: name, ...(await this.importPdf(path.join(options.dir, name), category.cat_id, lang, now)) });
      } catch (err) {
        report.skipped.push({ file: name, reason: err instanceof Error ? err.message : String(err) });
      }
    }
    return report;
  }

  private async importPdf(file: string, catId: number, lang: string, now: number): Promise<{ id: number; title: string; replaced: boolean }> {
    const info = await this.engine.info(file);
    if (info.encrypted) throw new Error('the PDF is encrypted; a template must open without a password');
    const dpi = Math.min(150, Math.max(20, Math.round((THUMBNAIL_WIDTH * 72) / Math.max(1, info.page_w))));
    const png = await this.engine.renderPage(file, 1, dpi);
    const { width, height } = pngSize(png);
    const bytes = await readFile(file);
    const prefix = `templates/${randomUUID()}`;
    const storageKey = `${prefix}/template.pdf`;
    const thumbnailKey = `${prefix}/thumbnail.png`;
    await this.storage.put(storageKey, bytes);
    await this.storage.put(thumbnailKey, Buffer.from(png));
    const title = titleFromFileName(file);
    const fields = {
      storage_key: storageKey, thumbnail_key: thumbnailKey, thumbnail_w: width, thumbnail_h: height,
      file_size: bytes.length, total_page: info.total_page,
    };
    const existing = await this.repo.find(catId, lang, title);
    if (existing) {
      await this.repo.update(existing.id, fields);
      await this.storage.delete(existing.storage_key);
      await this.storage.delete(existing.thumbnail_key);
      return { id: existing.id, title, replaced: true };
    }
    const row = await this.repo.insert({ ...fields, cat_id: catId, title, lang, created_at: now });
    return { id: row.id, title, replaced: false };
  }

  private async category(options: ImportOptions, now: number): Promise<CategoryRow> {
    let parentId = 0;
    if (options.parent) {
      parentId = (await this.findOrCreate(options.parent, 0, now)).cat_id;
    }
    const category = await this.findOrCreate(options.category, parentId, now);
    const changes: { is_hot?: number; is_new?: number; banner_key?: string; banner_show?: number; banner_url?: string } = {};
    if (options.hot) changes.is_hot = 1;
    if (options.new) changes.is_new = 1;
    if (options.bannerUrl !== undefined) changes.banner_url = options.bannerUrl;
    if (options.banner) {
      const extension = path.extname(options.banner).slice(1).toLowerCase();
      if (!Object.hasOwn(bannerTypes, extension)) throw new Error(`a banner is one of ${Object.keys(bannerTypes).join(', ')}`);
      if (!(await stat(options.banner)).isFile()) throw new Error(`${options.banner} is not a file`);
      const key = `template-banners/${category.cat_id}-${randomUUID()}.${extension as BannerExtension}`;
      await this.storage.put(key, await readFile(options.banner));
      if (category.banner_key) await this.storage.delete(category.banner_key);
      changes.banner_key = key;
      changes.banner_show = 1;
    }
    if (Object.keys(changes).length === 0) return category;
    await this.repo.updateCategory(category.cat_id, changes);
    return { ...category, ...changes };
  }

  private async findOrCreate(name: string, parentId: number, now: number): Promise<CategoryRow> {
    const existing = await this.repo.findCategory(name, parentId);
    if (existing) return existing;
    return this.repo.insertCategory({
      cat_name: name, parent_id: parentId, banner_url: '', banner_show: 0, is_hot: 0, is_new: 0, created_at: now,
    });
  }
}
