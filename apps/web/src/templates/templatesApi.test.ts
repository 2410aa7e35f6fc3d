import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ok, stubFetch } from '../api/testFetch';
import { countDownload, getTemplateIndex, listTemplates, templateDetailPath, templateFileUrl } from './templatesApi';

beforeAll(async () => {
  await i18next.init({ lng: 'de', resources: {} });
});
afterEach(() => vi.unstubAllGlobals());

const pager = { pageNum: 2, pageSize: 10, total: 12 };

describe('template API client', () => {
  it('sends the showing language in the Lang header', async () => {
    const calls = stubFetch(() => ok({ categories: [], banner: [], hot: [], new: [] }));
    await getTemplateIndex();
    expect(calls[0]!.url).toBe('/api/v1/pdfTemplate/template/index');
    expect(calls[0]!.headers.Lang).toBe('de');
  });

  it('lists with sort, query and a page of 10, leaving out an empty search and category', async () => {
    const calls = stubFetch(() => ok({ list: [], pager }));
    await expect(listTemplates({ sort: 'hot', query: ' invoice ', pageNum: 2 })).resolves.toEqual({ list: [], pager });
    const params = Object.fromEntries(new URL(calls[0]!.url, 'http://x').searchParams);
    expect(params).toEqual({ sort: 'hot', query: 'invoice', pageNum: '2', pageSize: '10' });
  });

  it('counts a download through add-num', async () => {
    const calls = stubFetch(() => ok({ id: 5, download_num: 8 }));
    await expect(countDownload(5)).resolves.toBe(8);
    expect(calls[0]!.url).toBe('/api/v1/pdfTemplate/template/add-num?id=5');
    expect(templateFileUrl(5)).toBe('/api/v1/pdfTemplate/template/download-file?id=5');
  });

  it('builds the detail route /template/{cat}/{title}/{id}/{catId} from slugs', () => {
    expect(templateDetailPath({ id: 12, title: 'Invoice – Modern (2024)', cat_id: 3, cat_name: 'Business & Finance' }))
      .toBe('/template/business-finance/invoice-modern-2024/12/3');
    expect(templateDetailPath({ id: 1, title: 'Résumé', cat_id: 2, cat_name: 'CV' })).toBe('/template/cv/resume/1/2');
  });
});
