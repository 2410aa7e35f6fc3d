import type { TemplateCategory } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { galleryQueryOf, gallerySearchOf, pageCount, topCategoryOf } from './galleryQuery';

const category = (cat_id: number, children: TemplateCategory[] = [], parent_id = 0): TemplateCategory => ({
  cat_id, cat_name: `c${cat_id}`, banner_img: '', banner_show: 0, banner_url: '', children, is_hot: 0, is_new: 0,
  level: parent_id ? 2 : 1, parent_id, template_num: 0,
});

describe('gallery address', () => {
  it('reads category, sort, search and page, with defaults for missing or bad values', () => {
    expect(galleryQueryOf(new URLSearchParams('cat=4&sort=hot&q=%20invoice%20&page=3')))
      .toEqual({ cat: 4, sort: 'hot', query: 'invoice', pageNum: 3 });
    expect(galleryQueryOf(new URLSearchParams('cat=-1&sort=best&page=0')))
      .toEqual({ cat: 0, sort: 'new', query: '', pageNum: 1 });
  });

  it('writes only what differs from the defaults, and reads back the same view', () => {
    expect(gallerySearchOf({ cat: 0, sort: 'new', query: '', pageNum: 1 }).toString()).toBe('');
    const view = { cat: 2, sort: 'hot' as const, query: 'cv', pageNum: 2 };
    expect(galleryQueryOf(gallerySearchOf(view))).toEqual(view);
  });

  it('finds the top category of a child or of itself', () => {
    const tree = [category(1, [category(5, [], 1)]), category(2)];
    expect(topCategoryOf(tree, 5)?.cat_id).toBe(1);
    expect(topCategoryOf(tree, 2)?.cat_id).toBe(2);
    expect(topCategoryOf(tree, 9)).toBeUndefined();
  });

  it('has at least one page and rounds up', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(12, 10)).toBe(2);
  });
});
