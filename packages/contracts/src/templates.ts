/**
 * The template gallery of SPEC §2, §3 and §7: categories (with banner, hot and new flags and
 * children), template lists with a pager of 10, one template's detail, its PDF and the
 * download counter. Templates are PDFs the administrator imports; each has a thumbnail of
 * its first page.
 */
import { z } from 'zod';
import { cloudLimits } from './limits.js';
import { route } from './route.js';

/** The header the template API reads the visitor's language from (SPEC §7). */
export const TEMPLATE_LANG_HEADER = 'Lang';
/** Templates in this language are shown to every language. */
export const TEMPLATE_DEFAULT_LANG = 'en';

/**
 * When a template wears a badge; SPEC §3 names the flags but not the rule: new for 30 days
 * after import, hot from 10 downloads.
 */
export const templateBadges = { newDays: 30, hotDownloads: 10 } as const;
/** How many templates the index's hot and new rows hold. */
export const TEMPLATE_INDEX_ROW = 8;

const flag = z.union([z.literal(0), z.literal(1)]);

/** The Category entity of SPEC §3; `template_num` counts the templates of its children too. */
export const templateCategory = z.object({
  cat_id: z.number().int(),
  cat_name: z.string(),
  banner_img: z.string(),
  banner_show: flag,
  banner_url: z.string(),
  get children(): z.ZodArray<typeof templateCategory> {
    return z.array(templateCategory);
  },
  is_hot: flag,
  is_new: flag,
  /** 1 for a top category, 2 for its children. */
  level: z.number().int(),
  /** 0 for a top category. */
  parent_id: z.number().int(),
  template_num: z.number().int(),
});
export type TemplateCategory = z.infer<typeof templateCategory>;

export const templateItem = z.object({
  id: z.number().int(),
  title: z.string(),
  cat_id: z.number().int(),
  cat_name: z.string(),
  /** The parent category's id, or 0; the detail route /template/{cat}/{title}/{id}/{catId} uses the top one. */
  parent_id: z.number().int(),
  lang: z.string(),
  thumbnail_url: z.string(),
  /** Pixel size of the thumbnail, so a page can lay it out before it loads. */
  thumbnail_w: z.number().int(),
  thumbnail_h: z.number().int(),
  file_size: z.number().int(),
  total_page: z.number().int(),
  download_num: z.number().int(),
  is_hot: flag,
  is_new: flag,
  /** Seconds since the epoch. */
  create_time: z.number().int(),
});
export type TemplateItem = z.infer<typeof templateItem>;

export const templateIndex = z.object({
  categories: z.array(templateCategory),
  /** Categories whose banner is shown, top categories first. */
  banner: z.array(templateCategory),
  hot: z.array(templateItem),
  new: z.array(templateItem),
});
export type TemplateIndex = z.infer<typeof templateIndex>;

export const templateSorts = ['new', 'hot'] as const;
export type TemplateSort = (typeof templateSorts)[number];

/*
 * No category (0) and no search words ('') parse to absent, as if not sent: the web app's
 * calls, which send the parsed query, then leave them out of the URL.
 */
export const templateListRequest = z.object({
  /** A category id; its children's templates are included. 0 or absent: every category. */
  cat: z.coerce.number().int().min(0).default(0).transform((cat) => cat || undefined),
  /** new: latest import first; hot: most downloaded first. */
  sort: z.enum(templateSorts).default('new'),
  /** Words that must all appear in the title, any case. */
  query: z.string().trim().max(100).default('').transform((words) => words || undefined),
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(cloudLimits.templatePageSize),
});
export type TemplateListRequest = z.input<typeof templateListRequest>;

/** The Pager entity of SPEC §3. */
export const templatePager = z.object({
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type TemplatePager = z.infer<typeof templatePager>;

export const templateList = z.object({
  list: z.array(templateItem),
  pager: templatePager,
});
export type TemplateList = z.infer<typeof templateList>;

export const templateIdRequest = z.object({ id: z.coerce.number().int().min(1) });
export const templateBannerRequest = z.object({ cat_id: z.coerce.number().int().min(1) });

export const templateDownloadCount = z.object({ id: z.number().int(), download_num: z.number().int() });
export type TemplateDownloadCount = z.infer<typeof templateDownloadCount>;

/**
 * SPEC §7 lists /kol without its fields; the list is always empty until they are known.
 */
export const templateKol = z.object({ list: z.array(z.never()) });

/**
 * The template API of SPEC §7 (index, list, download-file, add-num and kol are its calls);
 * the calls that list templates read the visitor's language from the Lang header.
 */
export const templateRoutes = {
  index: route({
    method: 'GET', path: '/v1/pdfTemplate/template/index', auth: 'public',
    summary: 'The gallery home: category tree with template counts, banners, most downloaded and newest templates.',
    response: templateIndex,
  }),
  list: route({
    method: 'GET', path: '/v1/pdfTemplate/template/list', auth: 'public',
    summary: 'Templates of a category (and its children), searched by title words, sorted new or hot, 10 a page.',
    query: templateListRequest, response: templateList,
  }),
  detail: route({
    method: 'GET', path: '/v1/pdfTemplate/template/detail', auth: 'public',
    summary: 'One template.',
    query: templateIdRequest, response: templateItem,
  }),
  downloadFile: route({
    method: 'GET', path: '/v1/pdfTemplate/template/download-file', auth: 'public',
    summary: "The template's PDF as an attachment; add-num counts the download.",
    query: templateIdRequest, produces: 'application/pdf',
  }),
  addNum: route({
    method: 'GET', path: '/v1/pdfTemplate/template/add-num', auth: 'public',
    summary: 'Counts one download of a template and returns the new count.',
    query: templateIdRequest, response: templateDownloadCount,
  }),
  kol: route({
    method: 'GET', path: '/v1/pdfTemplate/template/kol', auth: 'public',
    summary: 'SPEC §7 names this call without its fields: always an empty list.',
    response: templateKol,
  }),
  thumbnail: route({
    method: 'GET', path: '/v1/pdfTemplate/template/thumbnail', auth: 'public',
    summary: "A PNG of the template's first page.",
    query: templateIdRequest, produces: 'image/png',
  }),
  banner: route({
    method: 'GET', path: '/v1/pdfTemplate/template/banner', auth: 'public',
    summary: "A category's banner image.",
    query: templateBannerRequest, produces: 'image/*',
  }),
};

/** `jp` and `pt` path prefixes and `ja`/`pt-br` locales name the same template language. */
export function templateLang(header: string | undefined): string {
  const lang = (header ?? '').trim().toLowerCase();
  if (lang === 'jp') return 'ja';
  if (lang === 'pt') return 'pt-br';
  return /^[a-z]{2}(-[a-z]{2})?$/.test(lang) ? lang : TEMPLATE_DEFAULT_LANG;
}

/** The slug of a title in the detail route: lower case, words joined by hyphens. */
export function templateSlug(text: string): string {
  const slug = text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
  return slug || 'template';
}
