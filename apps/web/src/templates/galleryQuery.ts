/** The gallery's category, sort, search and page live in the address, so a view can be shared. */
import { templateSorts, type TemplateCategory, type TemplateSort } from '@pagewright/contracts';

export interface GalleryQuery {
  cat: number;
  sort: TemplateSort;
  query: string;
  pageNum: number;
}

const positive = (value: string | null, fallback: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export function galleryQueryOf(params: URLSearchParams): GalleryQuery {
  const sort = params.get('sort');
  return {
    cat: positive(params.get('cat'), 0),
    sort: (templateSorts as readonly string[]).includes(sort ?? '') ? (sort as TemplateSort) : 'new',
    query: (params.get('q') ?? '').trim(),
    pageNum: positive(params.get('page'), 1),
  };
}

/** The address's search part for a gallery view; defaults are left out. */
export function gallerySearchOf(q: GalleryQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (q.cat > 0) params.set('cat', String(q.cat));
  if (q.sort !== 'new') params.set('sort', q.sort);
  if (q.query) params.set('q', q.query);
  if (q.pageNum > 1) params.set('page', String(q.pageNum));
  return params;
}

/** The top category a category belongs to (itself when it is one), for the category bar. */
export function topCategoryOf(categories: TemplateCategory[], catId: number): TemplateCategory | undefined {
  return categories.find((c) => c.cat_id === catId || c.children.some((child) => child.cat_id === catId));
}

/** How many pages a pager of `total` items at `pageSize` has; at least one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}
