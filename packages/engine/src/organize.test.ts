import { mkdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletePages, rearrangePages, splitPdf } from './index.js';
import { mupdf } from './mupdf.js';
import { fileStem } from './organize.js';
import { readBack, tempDir, writePdf, type PdfSpec, type ReadBack, type ReadOutline } from '../test/fixtures.js';
import {
  expectCode, expectQpdfClean, infoEntry, listDir, modifyPdf, pageRotations, pdftotextPages, progressRecorder,
} from '../test/organize-fixtures.js';
import { toolsAvailable } from '../test/tools.js';

let dir: string;
let cleanup: () => void;
beforeAll(() => ({ dir, cleanup } = tempDir()));
afterAll(() => cleanup());

/** Five pages; bookmarks, links and form fields pointing at several of them. */
const five: PdfSpec = {
  pages: ['Page one', 'Page two', 'Page three', 'Page four', 'Page five'],
  namedDests: { 'dest.three': 2 },
  outline: [
    { title: 'Ch1', page: 0, children: [{ title: 'S1.1', page: 1 }] },
    { title: 'Ch2', page: 2, children: [{ title: 'S2.1', page: 3 }, { title: 'S2.2', page: 4 }] },
    { title: 'Ch3', page: 4 },
    { title: 'Named', named: 'dest.three' },
  ],
  links: [
    { page: 0, toPage: 3 },
    { page: 0, uri: 'https://example.com/one' },
    { page: 1, namedDest: 'dest.three' },
    { page: 3, toPage: 0 },
    { page: 4, gotoNamed: 'dest.three' },
  ],
  fields: [[0, 'first', 'v1'], [2, 'third', 'v3']],
  attachments: { 'notes.txt': 'attached' },
};

/** Outline as `depth:title->page` lines (page 0-based, '-' without destination). */
function outlineLines(items: ReadOutline[], depth = 0): string[] {
  return items.flatMap((item) => [
    `${depth}:${item.title}->${item.page === undefined || item.page < 0 ? '-' : item.page}`,
    ...outlineLines(item.children, depth + 1),
  ]);
}

/** Links as `on->target` (0-based pages) or `on->uri`. */
function linkLines(back: ReadBack): string[] {
  return back.links.map((link) => `${link.on}->${link.external ? link.uri : link.target === undefined || link.target < 0 ? '-' : `p${link.target}`}`);
}

function read(path: string): ReadBack {
  return readBack(readFileSync(path));
}

describe('splitPdf', () => {
  let input: string;
  beforeAll(() => {
    input = writePdf(dir, 'five.pdf', five);
    modifyPdf(input, (doc) => doc.setMetaData('info:Title', 'Five pages'));
  });

  it('writes one PDF per range, named after the input, with the bookmarks, links and fields of each part', async () => {
    const out = join(dir, 'ranges');
    mkdirSync(out);
    const progress = progressRecorder();
    const { files } = await splitPdf({ path: input }, out, { mode: 'ranges', ranges: [{ from: 1, to: 2 }, { from: 3, to: 5 }, { from: 2, to: 4 }] }, progress.onProgress);
    expect(files.map((f) => basename(f))).toEqual(['five-1-2.pdf', 'five-3-5.pdf', 'five-2-4.pdf']);
    expect(listDir(out)).toEqual(['five-1-2.pdf', 'five-2-4.pdf', 'five-3-5.pdf']);
    expect(progress.values.at(-1)).toBe(100);

    const [a, b, c] = files.map(read) as [ReadBack, ReadBack, ReadBack];
    expect(a.texts).toEqual(['Page one', 'Page two']);
    expect(b.texts).toEqual(['Page three', 'Page four', 'Page five']);
    expect(c.texts).toEqual(['Page two', 'Page three', 'Page four']);
    // Poppler also prints the form field value shown on page 3.
    if (toolsAvailable('splitPdf: pdftotext reads the second part', 'pdftotext')) expect(pdftotextPages(files[1]!)).toEqual(['Page three v3', 'Page four', 'Page five']);

    expect(outlineLines(a.outline)).toEqual(['0:Ch1->0', '1:S1.1->1']);
    expect(outlineLines(b.outline)).toEqual(['0:Ch2->0', '1:S2.1->1', '1:S2.2->2', '0:Ch3->2', '0:Named->0']);
    // Ch1's own page is not in 2-4, but its child is: it stays, without a destination.
    expect(outlineLines(c.outline)).toEqual(['0:Ch1->-', '1:S1.1->0', '0:Ch2->1', '1:S2.1->2', '0:Named->1']);

    expect(linkLines(a)).toEqual(['0->https://example.com/one']);
    expect(linkLines(b)).toEqual(['2->p0']);
    expect(linkLines(c)).toEqual(['0->p1']);

    expect(a.widgets.map((w) => `${w.on}:${w.name}=${w.value}`)).toEqual(['0:first=v1']);
    expect(b.widgets.map((w) => `${w.on}:${w.name}=${w.value}`)).toEqual(['0:third=v3']);
    for (const part of [a, b, c]) {
      expect(part.pageObjects).toBe(part.pageCount);
      expect(part.attachments).toEqual(['notes.txt']);
    }
    for (const file of files) {
      expect(infoEntry(file, 'Title')).toBe('Five pages');
      expectQpdfClean(file);
    }
  });

  it('writes one PDF per page with --every, named <stem>-<page>.pdf', async () => {
    const out = join(dir, 'every');
    mkdirSync(out);
    const { files } = await splitPdf({ path: input }, out, { mode: 'every' });
    expect(files.map((f) => basename(f))).toEqual(['five-1.pdf', 'five-2.pdf', 'five-3.pdf', 'five-4.pdf', 'five-5.pdf']);
    expect(files.map((f) => read(f).texts)).toEqual(five.pages.map((text) => [text]));
    // Page 5's GoTo link leads to page 3, which is another part: it is dropped.
    expect(read(files[4]!).links).toEqual([]);
    expect(outlineLines(read(files[2]!).outline)).toEqual(['0:Ch2->0', '0:Named->0']);
  });

  it('writes one PDF per n pages with each, the last part shorter', async () => {
    const out = join(dir, 'each');
    mkdirSync(out);
    const { files } = await splitPdf({ path: input }, out, { mode: 'each', n: 2 });
    expect(files.map((f) => basename(f))).toEqual(['five-1-2.pdf', 'five-3-4.pdf', 'five-5.pdf']);
    expect(files.map((f) => read(f).pageCount)).toEqual([2, 2, 1]);
    const { files: whole } = await splitPdf({ path: input }, out, { mode: 'each', n: 9 });
    expect(whole.map((f) => basename(f))).toEqual(['five-1-5.pdf']);
    expect(read(whole[0]!).texts).toEqual(five.pages);
  });

  it('numbers parts that would share a name', async () => {
    const out = join(dir, 'twice');
    mkdirSync(out);
    const { files } = await splitPdf({ path: input }, out, { mode: 'ranges', ranges: [{ from: 2, to: 3 }, { from: 2, to: 3 }, { from: 4, to: 4 }] });
    expect(files.map((f) => basename(f))).toEqual(['five-2-3.pdf', 'five-2-3_2.pdf', 'five-4.pdf']);
  });

  it('makes a safe file stem from the input name', () => {
    expect(fileStem('/x/report.PDF')).toBe('report');
    expect(fileStem('a:b*c?"d<e>f|g.pdf')).toBe('a_b_c__d_e_f_g');
    expect(fileStem('/x/.pdf')).toBe('document');
    expect(fileStem(`${'é'.repeat(150)}.pdf`)).toBe('é'.repeat(100));
  });

  it('rejects ranges outside the document and malformed specs, leaving the directory empty', async () => {
    const out = join(dir, 'bad');
    mkdirSync(out);
    await expectCode(splitPdf({ path: input }, out, { mode: 'ranges', ranges: [{ from: 1, to: 2 }, { from: 4, to: 6 }] }), 'PAGE_RANGE_INVALID');
    await expectCode(splitPdf({ path: input }, out, { mode: 'ranges', ranges: [{ from: 0, to: 2 }] }), 'PAGE_RANGE_INVALID');
    await expectCode(splitPdf({ path: input }, out, { mode: 'ranges', ranges: [{ from: 3, to: 2 }] }), 'PAGE_RANGE_INVALID');
    await expectCode(splitPdf({ path: input }, out, { mode: 'ranges', ranges: [{ from: 1.5, to: 2 }] }), 'PAGE_RANGE_INVALID');
    await expectCode(splitPdf({ path: input }, out, { mode: 'ranges', ranges: [] }), 'INVALID_PARAMS');
    await expectCode(splitPdf({ path: input }, out, { mode: 'each', n: 0 }), 'INVALID_PARAMS');
    await expectCode(splitPdf({ path: input }, out, { mode: 'halves' } as never), 'INVALID_PARAMS');
    await expectCode(splitPdf({ path: join(dir, 'missing.pdf') }, out, { mode: 'every' }), 'INVALID_PARAMS');
    expect(listDir(out)).toEqual([]);
  });

  it('removes the parts already written when a later one cannot be written', async () => {
    const out = join(dir, 'blocked');
    mkdirSync(out);
    // A directory where part 2 should go makes its rename fail.
    mkdirSync(join(out, 'five-2.pdf'));
    await expectCode(splitPdf({ path: input }, out, { mode: 'every' }), 'UNKNOWN');
    expect(listDir(out)).toEqual(['five-2.pdf']);
    expect(listDir(join(out, 'five-2.pdf'))).toEqual([]);
  });

  it('opens an encrypted input with its password and writes unencrypted parts', async () => {
    const locked = writePdf(dir, 'locked.pdf', { pages: ['L1', 'L2'], encrypt: { user: 'secret', owner: 'owner' } });
    const out = join(dir, 'locked');
    mkdirSync(out);
    await expectCode(splitPdf({ path: locked }, out, { mode: 'every' }), 3122);
    await expectCode(splitPdf({ path: locked, password: 'wrong' }, out, { mode: 'every' }), 'INCORRECT_PASSWORD');
    const { files } = await splitPdf({ path: locked, password: 'secret' }, out, { mode: 'every' });
    expect(files.map((f) => read(f))).toMatchObject([{ texts: ['L1'], needsPassword: false }, { texts: ['L2'], needsPassword: false }]);
    for (const file of files) expect(read(file).encryption ?? 'None').toBe('None');
  });
});

describe('deletePages', () => {
  let input: string;
  beforeAll(() => {
    input = writePdf(dir, 'del.pdf', five);
  });

  it('removes the pages, drops the bookmarks and links to them and remaps the others', async () => {
    const out = join(dir, 'del-out.pdf');
    const progress = progressRecorder();
    expect(await deletePages({ path: input }, out, { pages: [2, 4, 4] }, progress.onProgress)).toEqual({ pages: 3 });
    expect(progress.values.at(-1)).toBe(100);
    const back = read(out);
    expect(back.texts).toEqual(['Page one', 'Page three', 'Page five']);
    if (toolsAvailable('deletePages: pdftotext reads the result', 'pdftotext')) expect(pdftotextPages(out)).toEqual(['Page one v1', 'Page three v3', 'Page five']);
    expect(outlineLines(back.outline)).toEqual(['0:Ch1->0', '0:Ch2->1', '1:S2.2->2', '0:Ch3->2', '0:Named->1']);
    // Page 1's link to page 4 and page 4's link go; page 5's GoTo to page 3 now leads to page 2.
    expect(linkLines(back)).toEqual(['0->https://example.com/one', '2->p1']);
    expect(back.widgets.map((w) => `${w.on}:${w.name}`)).toEqual(['0:first', '1:third']);
    expect(back.pageObjects).toBe(3);
    expectQpdfClean(out);
  });

  it('rejects deleting every page, pages outside the document and an empty list', async () => {
    const out = join(dir, 'del-bad');
    mkdirSync(out);
    await expectCode(deletePages({ path: input }, join(out, 'o.pdf'), { pages: [1, 2, 3, 4, 5] }), 'INVALID_PARAMS');
    await expectCode(deletePages({ path: input }, join(out, 'o.pdf'), { pages: [6] }), 'PAGE_RANGE_INVALID');
    await expectCode(deletePages({ path: input }, join(out, 'o.pdf'), { pages: [0] }), 'PAGE_RANGE_INVALID');
    await expectCode(deletePages({ path: input }, join(out, 'o.pdf'), { pages: [] }), 'INVALID_PARAMS');
    expect(listDir(out)).toEqual([]);
  });

  it('drops a form field whose widgets were all on deleted pages, and the widgets of a field split over pages', async () => {
    const path = writePdf(dir, 'kids.pdf', { pages: ['K1', 'K2', 'K3'] });
    // One field with a widget on page 1 and one on page 3; another field on page 2 only.
    modifyPdf(path, (doc) => {
      const widget = (page: number): ReturnType<typeof doc.addObject> => {
        const w = doc.addObject(doc.newDictionary());
        w.put('Type', doc.newName('Annot'));
        w.put('Subtype', doc.newName('Widget'));
        w.put('Rect', [20, 20, 120, 40]);
        w.put('P', doc.findPage(page));
        let annots = doc.findPage(page).get('Annots');
        if (!annots.isArray()) annots = doc.findPage(page).put('Annots', doc.newArray());
        annots.push(w);
        return w;
      };
      const shared = doc.addObject(doc.newDictionary());
      shared.put('FT', doc.newName('Tx'));
      shared.put('T', doc.newString('shared'));
      shared.put('V', doc.newString('both'));
      const kids = doc.newArray();
      for (const page of [0, 2]) {
        const w = widget(page);
        w.put('Parent', shared);
        kids.push(w);
      }
      shared.put('Kids', kids);
      const only = widget(1);
      only.put('FT', doc.newName('Tx'));
      only.put('T', doc.newString('middle'));
      const gone = doc.addObject(doc.newDictionary());
      gone.put('FT', doc.newName('Tx'));
      gone.put('T', doc.newString('gone'));
      const goneKids = doc.newArray();
      const goneWidget = widget(2);
      goneWidget.put('Parent', gone);
      goneKids.push(goneWidget);
      gone.put('Kids', goneKids);
      const fields = doc.newArray();
      fields.push(shared);
      fields.push(only);
      fields.push(gone);
      const form = doc.newDictionary();
      form.put('Fields', fields);
      doc.getTrailer().get('Root').put('AcroForm', form);
    });
    const out = join(dir, 'kids-out.pdf');
    await deletePages({ path }, out, { pages: [2, 3] });
    const back = read(out);
    expect(back.widgets.map((w) => `${w.on}:${w.name}=${w.value}`)).toEqual(['0:shared=both']);
    expect(back.pageObjects).toBe(1);
    // The catalogue's field list names the shared field only.
    const doc = mupdf.Document.openDocument(readFileSync(out), 'application/pdf').asPDF()!;
    const fields = doc.getTrailer().get('Root', 'AcroForm', 'Fields');
    expect(Array.from({ length: fields.length }, (_, i) => fields.get(i).get('T').asString())).toEqual(['shared']);
    expect(fields.get(0).get('Kids').length).toBe(1);
    doc.destroy();
    expectQpdfClean(out);
  });
});

describe('rearrangePages', () => {
  let input: string;
  beforeAll(() => {
    input = writePdf(dir, 'order.pdf', { ...five, rotate: 90 });
  });

  it('writes the pages in the new order, turned by their extra rotation, bookmarks following their pages', async () => {
    const out = join(dir, 'order-out.pdf');
    const progress = progressRecorder();
    expect(await rearrangePages({ path: input }, out, { order: [5, 3, 1, 2, 4], rotations: { 3: 90, 1: 270, 4: 0 } }, progress.onProgress)).toEqual({ pages: 5 });
    expect(progress.values.at(-1)).toBe(100);
    const back = read(out);
    expect(back.texts).toEqual(['Page five', 'Page three', 'Page one', 'Page two', 'Page four']);
    expect(pageRotations(out)).toEqual([90, 180, 0, 90, 90]);
    expect(outlineLines(back.outline)).toEqual(['0:Ch1->2', '1:S1.1->3', '0:Ch2->1', '1:S2.1->4', '1:S2.2->0', '0:Ch3->0', '0:Named->1']);
    expect(linkLines(back).sort()).toEqual(['0->p1', '2->https://example.com/one', '2->p4', '3->p1', '4->p2']);
    expectQpdfClean(out);
  });

  it('deletes the pages left out of the order', async () => {
    const out = join(dir, 'order-subset.pdf');
    expect(await rearrangePages({ path: input }, out, { order: [4, 2] })).toEqual({ pages: 2 });
    const back = read(out);
    expect(back.texts).toEqual(['Page four', 'Page two']);
    expect(outlineLines(back.outline)).toEqual(['0:Ch1->-', '1:S1.1->1', '0:Ch2->-', '1:S2.1->0']);
  });

  it('rejects repeated pages, pages outside the document, bad angles and an empty order', async () => {
    const out = join(dir, 'order-bad');
    mkdirSync(out);
    const target = join(out, 'o.pdf');
    await expectCode(rearrangePages({ path: input }, target, { order: [1, 2, 1] }), 'INVALID_PARAMS');
    await expectCode(rearrangePages({ path: input }, target, { order: [1, 6] }), 'PAGE_RANGE_INVALID');
    await expectCode(rearrangePages({ path: input }, target, { order: [1], rotations: { 9: 90 } }), 'PAGE_RANGE_INVALID');
    await expectCode(rearrangePages({ path: input }, target, { order: [1], rotations: { 1: 45 as 90 } }), 'INVALID_PARAMS');
    await expectCode(rearrangePages({ path: input }, target, { order: [] }), 'INVALID_PARAMS');
    expect(listDir(out)).toEqual([]);
  });
});
