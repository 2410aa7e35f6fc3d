import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TemplateIndex, TemplateItem, TemplateList } from '@pagewright/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, browser, type Browser } from './browser.js';
import { removeDir, startServer, type TestServer } from './harness.js';
import { encryptPdf, makeCorruptPdf, makePdf } from './pdfFixtures.js';
import { textImagePng } from './readBack.js';

let server: TestServer;
let fixtures: string;
let b: Browser;
const invoiceBasic = makePdf(['Basic invoice']);

function folder(name: string, files: Record<string, Buffer>): string {
  const dir = path.join(fixtures, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, bytes] of Object.entries(files)) writeFileSync(path.join(dir, file), bytes);
  return dir;
}

async function importFolder(args: string[]): Promise<string> {
  const r = await admin(server, ['import-templates', ...args]);
  expect(r.code, r.output).toBe(0);
  return r.output;
}

const list = async (q: string, lang = 'en') =>
  (await b<TemplateList>('GET', `/api/v1/pdfTemplate/template/list?${q}`, undefined, { Lang: lang })).env;

beforeAll(async () => {
  server = await startServer();
  b = browser(server);
  fixtures = mkdtempSync(path.join(tmpdir(), 'pw-templates-'));
  writeFileSync(path.join(fixtures, 'banner.png'), textImagePng('Invoices', 72));
  const invoices = folder('invoices', {
    'Invoice_basic.pdf': invoiceBasic,
    'Invoice - modern.pdf': makePdf(['Modern invoice', 'Terms']),
    'notes.txt': Buffer.from('not a template'),
    'broken.pdf': makeCorruptPdf(),
    'locked.pdf': encryptPdf(makePdf(['secret']), 'secret1'),
  });
  const output = await importFolder([
    '--dir', invoices, '--category', 'Invoices', '--parent', 'Business', '--hot', '--new',
    '--banner', path.join(fixtures, 'banner.png'), '--banner-url', 'https://example.com/invoices',
  ]);
  expect(output).toMatch(/2 imported, 2 skipped/);
  await importFolder(['--dir', folder('resumes', { 'Resume classic.pdf': makePdf(['Resume']) }), '--category', 'Resumes', '--parent', 'Business']);
  await importFolder(['--dir', folder('briefe', { 'Geschaeftsbrief.pdf': makePdf(['Brief']) }), '--category', 'Briefe', '--lang', 'de']);
  const forms = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`Form ${String(i + 1).padStart(2, '0')}.pdf`, makePdf([`Form ${i + 1}`])]));
  await importFolder(['--dir', folder('forms', forms), '--category', 'Forms']);
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
  removeDir(fixtures);
});

describe('template gallery (template API of SPEC §7)', () => {
  it('imports every PDF of a folder and skips what is not a readable PDF', async () => {
    const all = await list('query=invoice');
    expect(all.data.list.map((t) => t.title).sort()).toEqual(['Invoice basic', 'Invoice modern']);
    expect(all.data.list.find((t) => t.title === 'Invoice modern')).toMatchObject({ total_page: 2, cat_name: 'Invoices' });
    expect((await list('query=broken')).data.pager.total).toBe(0);
    expect((await list('query=locked')).data.pager.total).toBe(0);
  });

  it('answers the index with a category tree: levels, parents, flags, banner and template_num including children', async () => {
    const r = await b<TemplateIndex>('GET', '/api/v1/pdfTemplate/template/index', undefined, { Lang: 'en' });
    expect(r.env.code).toBe(0);
    const business = r.env.data.categories.find((c) => c.cat_name === 'Business')!;
    expect(business).toMatchObject({ level: 1, parent_id: 0, template_num: 3, is_hot: 0, banner_show: 0 });
    const invoices = business.children.find((c) => c.cat_name === 'Invoices')!;
    expect(invoices).toMatchObject({
      level: 2, parent_id: business.cat_id, template_num: 2, is_hot: 1, is_new: 1, banner_show: 1,
      banner_url: 'https://example.com/invoices', children: [],
    });
    expect(r.env.data.banner.map((c) => c.cat_name)).toEqual(['Invoices']);
    const banner = await fetch(server.baseUrl + invoices.banner_img);
    expect(banner.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await banner.arrayBuffer())).metadata()).width).toBeGreaterThan(100);
    expect(r.env.data.new).toHaveLength(8);
    expect(r.env.data.new.every((t) => t.is_new === 1)).toBe(true);
  });

  it('pages lists 10 at a time with pageNum, pageSize and total', async () => {
    const forms = await list('query=form');
    expect(forms.data.pager).toEqual({ pageNum: 1, pageSize: 10, total: 12 });
    expect(forms.data.list).toHaveLength(10);
    const second = await list('query=form&pageNum=2');
    expect(second.data.pager).toEqual({ pageNum: 2, pageSize: 10, total: 12 });
    expect(second.data.list).toHaveLength(2);
    const titles = [...forms.data.list, ...second.data.list].map((t) => t.title);
    expect(new Set(titles).size).toBe(12);
  });

  it('lists a parent category with its children’s templates, and searches titles word by word in any case', async () => {
    const index = (await b<TemplateIndex>('GET', '/api/v1/pdfTemplate/template/index')).env.data;
    const business = index.categories.find((c) => c.cat_name === 'Business')!;
    const inBusiness = await list(`cat=${business.cat_id}`);
    expect(inBusiness.data.list.map((t) => t.title).sort()).toEqual(['Invoice basic', 'Invoice modern', 'Resume classic']);
    expect((await list('query=MODERN%20invoice')).data.list.map((t) => t.title)).toEqual(['Invoice modern']);
    expect((await list('query=%25')).data.pager.total).toBe(0);
  });

  it('counts downloads with add-num, sorts hot by downloads, and serves the stored PDF', async () => {
    const basic = (await list('query=invoice%20basic')).data.list[0]!;
    for (let i = 0; i < 2; i++) {
      const counted = await b<{ id: number; download_num: number }>('GET', `/api/v1/pdfTemplate/template/add-num?id=${basic.id}`);
      expect(counted.env.data).toEqual({ id: basic.id, download_num: i + 1 });
    }
    const hot = await list('sort=hot');
    expect(hot.data.list[0]).toMatchObject({ id: basic.id, download_num: 2 });
    const file = await fetch(`${server.baseUrl}/api/v1/pdfTemplate/template/download-file?id=${basic.id}`);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toContain('Invoice basic.pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(invoiceBasic)).toBe(true);
    const indexHot = (await b<TemplateIndex>('GET', '/api/v1/pdfTemplate/template/index')).env.data.hot;
    expect(indexHot.map((t) => t.id)).toEqual([basic.id]);
  });

  it("serves a thumbnail PNG rendered from the template's first page", async () => {
    const modern = (await list('query=modern')).data.list[0]!;
    const res = await fetch(server.baseUrl + modern.thumbnail_url);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([modern.thumbnail_w, modern.thumbnail_h]);
    expect(meta.width).toBeGreaterThanOrEqual(390);
    expect(meta.width).toBeLessThanOrEqual(410);
    // The page's black text is drawn: the darkest pixel is nearly black, the page white.
    const stats = await sharp(png).stats();
    expect(stats.channels[0]!.min).toBeLessThan(60);
    expect(stats.channels[0]!.max).toBeGreaterThan(240);
  });

  it('answers detail for one template and 2405 for an unknown one', async () => {
    const resume = (await list('query=resume')).data.list[0]!;
    const detail = await b<TemplateItem>('GET', `/api/v1/pdfTemplate/template/detail?id=${resume.id}`);
    expect(detail.env.data).toEqual(resume);
    expect(detail.env.data.parent_id).toBeGreaterThan(0);
    expect((await b('GET', '/api/v1/pdfTemplate/template/detail?id=999999')).env.code).toBe(2405);
    expect((await b('GET', '/api/v1/pdfTemplate/template/add-num?id=999999')).env.code).toBe(2405);
    expect((await fetch(`${server.baseUrl}/api/v1/pdfTemplate/template/download-file?id=999999`)).status).toBe(404);
  });

  it('shows templates of the Lang header’s language besides the English ones', async () => {
    expect((await list('query=geschaeftsbrief', 'en')).data.pager.total).toBe(0);
    const de = await list('query=geschaeftsbrief', 'de');
    expect(de.data.list.map((t) => [t.title, t.lang])).toEqual([['Geschaeftsbrief', 'de']]);
    expect((await list('query=invoice', 'de')).data.pager.total).toBe(2);
    const deIndex = (await b<TemplateIndex>('GET', '/api/v1/pdfTemplate/template/index', undefined, { Lang: 'de' })).env.data;
    expect(deIndex.categories.find((c) => c.cat_name === 'Briefe')?.template_num).toBe(1);
  });

  it('replaces a template imported again under the same title instead of adding one', async () => {
    const before = (await list('query=resume')).data.list;
    await importFolder(['--dir', folder('resumes2', { 'Resume classic.pdf': makePdf(['Resume v2', 'Page two']) }), '--category', 'Resumes', '--parent', 'Business']);
    const after = (await list('query=resume')).data.list;
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before[0]!.id, total_page: 2 });
  });

  it('answers kol with an empty list', async () => {
    const r = await b<{ list: unknown[] }>('GET', '/api/v1/pdfTemplate/template/kol');
    expect(r.env).toMatchObject({ code: 0, data: { list: [] } });
  });
});
