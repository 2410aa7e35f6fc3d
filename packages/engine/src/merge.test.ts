import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError, documentInfo, mergePdf } from './index.js';
import { buildPdf, rawOutlineAndDests, readBack, tempDir, writePdf, type PdfSpec } from '../test/fixtures.js';
import { expectCode, listDir } from '../test/organize-fixtures.js';
import { toolsAvailable } from '../test/tools.js';

let dir: string;
let cleanup: () => void;
beforeAll(() => ({ dir, cleanup } = tempDir()));
afterAll(() => cleanup());

/** Doc A: 3 pages, a nested outline, an internal link and a URI link on page 1. */
const docA: PdfSpec = {
  pages: ['Alpha one', 'Alpha two', 'Alpha three'],
  outline: [
    { title: 'A Chapter 1', page: 0, children: [{ title: 'A Section 1.1', page: 1 }, { title: 'A Section 1.2', page: 2 }] },
    { title: 'A Chapter 2', page: 2, open: false, children: [{ title: 'A Section 2.1', page: 1 }] },
  ],
  links: [
    { page: 0, toPage: 2 },
    { page: 0, uri: 'https://example.com/alpha' },
  ],
};

/** Doc B: 2 pages, outline and links through named destinations (name tree and old /Dests). */
const docB: PdfSpec = {
  pages: ['Beta one', 'Beta two'],
  namedDests: { 'sec.intro': 0, 'sec.end': 1 },
  oldDests: { legacy: 1 },
  outline: [{ title: 'B Intro', named: 'sec.intro', children: [{ title: 'B End', named: 'sec.end' }] }],
  links: [
    { page: 0, namedDest: 'sec.end' },
    { page: 0, gotoNamed: 'sec.end' },
    { page: 1, oldNamed: 'legacy' },
    { page: 1, toPage: 0 },
    { page: 1, uri: 'mailto:beta@example.com' },
  ],
};

const docC: PdfSpec = { pages: ['Gamma one'] };

describe('mergePdf: pages, outlines, links', () => {
  let a: string;
  let b: string;
  let c: string;
  beforeAll(() => {
    a = writePdf(dir, 'a.pdf', docA);
    b = writePdf(dir, 'b.pdf', docB);
    c = writePdf(dir, 'c.pdf', docC);
  });

  it('keeps every page of every input, in input order, and reports progress up to 100', async () => {
    const out = join(dir, 'pages.pdf');
    const progress: number[] = [];
    const result = await mergePdf([{ path: a }, { path: b }, { path: c }], out, (p) => progress.push(p));
    expect(result).toEqual({ pages: 6 });
    const merged = readBack(readFileSync(out));
    expect(merged.pageCount).toBe(6);
    expect(merged.texts).toEqual(['Alpha one', 'Alpha two', 'Alpha three', 'Beta one', 'Beta two', 'Gamma one']);
    expect(progress.at(-1)).toBe(100);
    expect(progress[0]).toBe(0);
    expect([...progress].sort((x, y) => x - y)).toEqual(progress);
    expect(new Set(progress).size).toBe(progress.length);
  });

  it('appends the outline of every input with its nesting, pointing at the merged pages', async () => {
    const out = join(dir, 'outline.pdf');
    await mergePdf([{ path: a }, { path: b }, { path: c }], out);
    const { outline } = readBack(readFileSync(out));
    expect(outline).toEqual([
      { title: 'A Chapter 1', page: 0, children: [
        { title: 'A Section 1.1', page: 1, children: [] },
        { title: 'A Section 1.2', page: 2, children: [] },
      ] },
      { title: 'A Chapter 2', page: 2, children: [{ title: 'A Section 2.1', page: 1, children: [] }] },
      // Named destinations of input 2 resolved and shifted by the 3 pages of input 1.
      { title: 'B Intro', page: 3, children: [{ title: 'B End', page: 4, children: [] }] },
    ]);
  });

  it('keeps open/closed state of outline items (/Count sign) and a consistent root count', async () => {
    const out = join(dir, 'outline-count.pdf');
    await mergePdf([{ path: a }, { path: b }], out);
    const { counts, rootCount } = rawOutlineAndDests(readFileSync(out));
    // Chapter 1 open with 2 children, Chapter 2 closed with 1 child, B Intro open with 1 child.
    expect(counts).toEqual({
      'A Chapter 1': 2, 'A Section 1.1': undefined, 'A Section 1.2': undefined,
      'A Chapter 2': -1, 'A Section 2.1': undefined,
      'B Intro': 1, 'B End': undefined,
    });
    // Visible items: Chapter 1 + 2 sections, Chapter 2 (closed), B Intro + B End.
    expect(rootCount).toBe(6);
  });

  it('keeps URI links and remaps internal and named-destination links to the merged pages', async () => {
    const out = join(dir, 'links.pdf');
    await mergePdf([{ path: a }, { path: b }, { path: c }], out);
    const { links } = readBack(readFileSync(out));
    const summary = links.map((l) => (l.external ? `${l.on}->${l.uri}` : `${l.on}->p${l.target}`)).sort();
    expect(summary).toEqual([
      '0->https://example.com/alpha',
      '0->p2', // explicit destination inside input 1
      '3->p4', // /Dest (sec.end) via the name tree
      '3->p4', // /A GoTo (sec.end)
      '4->mailto:beta@example.com',
      '4->p3', // explicit destination to input 2's page 1
      '4->p4', // old-style /Dests name
    ].sort());
  });

  it('makes named destinations explicit and points every annotation /P at its merged page', async () => {
    const out = join(dir, 'explicit.pdf');
    await mergePdf([{ path: b }, { path: a }], out);
    const bytes = readFileSync(out);
    const merged = readBack(bytes);
    merged.annotParents.forEach((parents, page) => {
      for (const parent of parents) expect(parent).toBe(merged.pageObjectNumbers[page]);
    });
    // No source page (or page tree) was dragged along by the copied annotations and outlines.
    expect(merged.pageObjects).toBe(merged.pageCount);
    const { destKinds } = rawOutlineAndDests(bytes);
    expect(destKinds.length).toBe(2 + 5 + 1 + 4); // outlines of B and A, internal links of A and B
    expect(new Set(destKinds)).toEqual(new Set(['array']));
  });

  it('maps the links of the same file given twice to each copy', async () => {
    const out = join(dir, 'twice.pdf');
    const result = await mergePdf([{ path: b }, { path: b }], out);
    expect(result.pages).toBe(4);
    const { links, outline } = readBack(readFileSync(out));
    const internal = links.filter((l) => !l.external).map((l) => `${l.on}->p${l.target}`).sort();
    expect(internal).toEqual(['0->p1', '0->p1', '1->p0', '1->p1', '2->p3', '2->p3', '3->p2', '3->p3'].sort());
    expect(outline.map((o) => [o.title, o.page, o.children[0]?.page])).toEqual([['B Intro', 0, 1], ['B Intro', 2, 3]]);
  });

  it.skipIf(!toolsAvailable('mergePdf writes a file qpdf checks without warnings', 'qpdf'))('writes a file qpdf checks without warnings', async () => {
    const out = join(dir, 'check.pdf');
    await mergePdf([{ path: a }, { path: b }, { path: c }], out);
    const check = spawnSync('qpdf', ['--check', out], { encoding: 'utf8' });
    expect(check.status).toBe(0);
    expect(check.stdout + check.stderr).not.toMatch(/WARNING/);
    expect(execFileSync('qpdf', ['--show-npages', out]).toString().trim()).toBe('6');
  });
});

describe('mergePdf: forms, annotations, attachments', () => {
  it('keeps form fields (renaming clashes), sticky notes and attached files', async () => {
    const a = writePdf(dir, 'form-a.pdf', { pages: ['Form A1', 'Form A2'], fields: [[1, 'name', 'Ada']], note: 'Note of A', attachments: { 'a.txt': 'alpha' } });
    const b = writePdf(dir, 'form-b.pdf', { pages: ['Form B1'], fields: [[0, 'name', 'Bob']], attachments: { 'a.txt': 'beta' } });
    const out = join(dir, 'forms.pdf');
    await mergePdf([{ path: a }, { path: b }], out);
    const merged = readBack(readFileSync(out));
    expect(merged.widgets).toEqual([
      { on: 1, name: 'name', value: 'Ada' },
      { on: 2, name: 'name_2', value: 'Bob' },
    ]);
    expect(merged.annotations.filter((x) => x.type === 'Text')).toEqual([{ on: 0, type: 'Text', contents: 'Note of A' }]);
    const text = merged.rawAnnots.find((x) => x.subtype === 'Text')!;
    const popup = merged.rawAnnots.find((x) => x.subtype === 'Popup')!;
    expect(popup).toMatchObject({ on: 0, parent: text.num });
    expect(text.popup).toBe(popup.num);
    expect(merged.attachments.sort()).toEqual(['a.txt', 'a.txt (2)']);
    expect(merged.pageObjects).toBe(3);
  });
});

describe('mergePdf: encrypted inputs', () => {
  let plain: string;
  let locked: string;
  beforeAll(() => {
    plain = writePdf(dir, 'plain.pdf', docC);
    locked = writePdf(dir, 'locked.pdf', { ...docA, encrypt: { user: 'secret', owner: 'owner-secret' } });
  });

  it('fails with 3122 naming the input when no password is given', async () => {
    const err = await expectCode(mergePdf([{ path: plain }, { path: locked }], join(dir, 'enc1.pdf')), 3122);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).inputIndex).toBe(1);
    expect((err as InputError).inputPath).toBe(locked);
    expect(existsSync(join(dir, 'enc1.pdf'))).toBe(false);
  });

  it('fails with INCORRECT_PASSWORD for a wrong password', async () => {
    await expectCode(mergePdf([{ path: plain }, { path: locked, password: 'nope' }], join(dir, 'enc2.pdf')), 'INCORRECT_PASSWORD');
  });

  it('merges with the password, keeps outline and links, and writes an unencrypted file', async () => {
    const out = join(dir, 'enc3.pdf');
    const result = await mergePdf([{ path: plain }, { path: locked, password: 'secret' }], out);
    expect(result.pages).toBe(4);
    const merged = readBack(readFileSync(out));
    expect(merged.needsPassword).toBe(false);
    expect(merged.encryption).toBe('None');
    expect(merged.texts).toEqual(['Gamma one', 'Alpha one', 'Alpha two', 'Alpha three']);
    expect(merged.outline[0]).toMatchObject({ title: 'A Chapter 1', page: 1 });
    expect(merged.links.filter((l) => !l.external).map((l) => l.target)).toEqual([3]);
    expect((await documentInfo(out)).encrypted).toBe(false);
  });
});

describe('mergePdf: bad inputs', () => {
  let good: string;
  let badDir: string;
  beforeAll(() => {
    badDir = join(dir, 'bad');
    mkdirSync(badDir, { recursive: true });
    good = writePdf(dir, 'good.pdf', docC);
  });

  const cases: Array<[string, () => Uint8Array | string, string]> = [
    ['a text file named .pdf', () => 'just some text, not a PDF\n', 'FILE_TYPE_ERROR'],
    ['an empty file', () => '', 'FILE_TYPE_ERROR'],
    ['a PDF header followed by garbage', () => `%PDF-1.7\n${'garbage '.repeat(500)}`, 'FILE_DAMAGED'],
    ['a PDF truncated before its object stream (pages lost)', () => {
      const full = Buffer.from(buildPdf({ ...docA, saveOptions: 'compress,objstms' }));
      const cut = full.indexOf('/Type/ObjStm');
      expect(cut).toBeGreaterThan(0);
      return full.subarray(0, cut);
    }, 'FILE_DAMAGED'],
  ];

  for (const [label, make, code] of cases) {
    it(`rejects ${label} with ${code} and leaves nothing in the output directory`, async () => {
      const input = join(dir, `bad-${code}-${label.length}.pdf`);
      writeFileSync(input, make());
      const before = listDir(badDir);
      const err = await expectCode(mergePdf([{ path: good }, { path: input }], join(badDir, 'out.pdf')), code);
      expect((err as InputError).inputIndex).toBe(1);
      expect(listDir(badDir)).toEqual(before);
    });
  }

  it('rejects a missing input and an empty input list with INVALID_PARAMS', async () => {
    await expectCode(mergePdf([{ path: join(dir, 'missing.pdf') }], join(badDir, 'out.pdf')), 'INVALID_PARAMS');
    await expectCode(mergePdf([], join(badDir, 'out.pdf')), 'INVALID_PARAMS');
    expect(listDir(badDir)).toEqual([]);
  });

  it('fails with a catalogue error and no partial file when the output cannot be written', async () => {
    const err = await expectCode(mergePdf([{ path: good }], join(dir, 'no-such-dir', 'out.pdf')), 'UNKNOWN');
    expect(err.message).toMatch(/cannot write output/);
  });

  it('removes its temporary file when the final rename fails', async () => {
    const target = join(badDir, 'occupied');
    mkdirSync(target);
    const before = listDir(badDir);
    await expectCode(mergePdf([{ path: good }], target), 'UNKNOWN');
    expect(listDir(badDir)).toEqual(before);
    expect(listDir(target)).toEqual([]);
  });

  it('recovers the pages of a file whose page tree object is missing', async () => {
    // Uncompressed objects; then the catalogue loses its /Pages entry (renamed, same length).
    const bytes = Buffer.from(buildPdf({ pages: ['Lost one', 'Lost two', 'Lost three'], saveOptions: 'garbage=compact' }));
    const text = bytes.toString('latin1');
    expect(text).toMatch(/\/Type\/Catalog\/Pages /);
    const broken = text.replace('/Type/Catalog/Pages ', '/Type/Catalog/Pagex ');
    const input = join(dir, 'lost-tree.pdf');
    writeFileSync(input, Buffer.from(broken, 'latin1'));
    expect((await documentInfo(input)).total_page).toBe(3);
    const out = join(dir, 'recovered.pdf');
    expect(await mergePdf([{ path: input }, { path: good }], out)).toEqual({ pages: 4 });
    expect(readBack(readFileSync(out)).texts).toEqual(['Lost one', 'Lost two', 'Lost three', 'Gamma one']);
  });

  it('may overwrite one of its inputs', async () => {
    const input = writePdf(dir, 'self.pdf', docA);
    await mergePdf([{ path: input }, { path: good }], input);
    expect(readBack(readFileSync(input)).texts).toEqual(['Alpha one', 'Alpha two', 'Alpha three', 'Gamma one']);
  });
});
