/**
 * The organize and protect tools over every real-world corpus PDF (../shared/corpus/pdf, when
 * present): split, rotate, crop, delete, rearrange, extract images, protect and unlock. The
 * encrypted file is opened with its password. Facts are read back with MuPDF, poppler and qpdf.
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueError } from '@pagewright/contracts';
import { cropPdf, deletePages, extractImages, protectPdf, rearrangePages, rotatePdf, splitPdf, unlockPdf } from './index.js';
import { openPdfBytes } from './pdf/open.js';
import { documentFail } from './pdf/single.js';
import { cropMinBox } from '@pagewright/contracts';
import { mupdf } from './mupdf.js';
import { tempDir } from '../test/fixtures.js';
import {
  displayedSize, expectQpdfClean, pageRotations, pdfinfoPages, readZip, run,
} from '../test/organize-fixtures.js';
import { corpusAvailable, toolsAvailable } from '../test/tools.js';

const corpusDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'shared', 'corpus', 'pdf');
const SUITE = 'corpus: organize and protect tools';
const present = corpusAvailable(join(corpusDir, 'py-pdf-files.json'), SUITE) && toolsAvailable(SUITE, 'qpdf', 'pdftotext', 'pdfinfo', 'pdfimages', 'unzip');

const PASSWORDS: Record<string, string> = { '005-libreoffice-writer-password_libreoffice-writer-password.pdf': 'openpassword' };

interface CorpusFile {
  name: string;
  path: string;
  password?: string;
  /**
   * The input as the tools see it, saved unencrypted: with its password applied, and for the
   * broken 017 with its page tree recovered (MuPDF and poppler alone find no page in the
   * original). Facts about the input are read from this copy.
   */
  reference: string;
  back: Facts;
}

interface Facts {
  pageCount: number;
  /** Text of every page (reference) or of the sampled pages (outputs); null where not read. */
  texts: Array<string | null>;
  links: number;
  outline: unknown;
}

/**
 * Page count, page texts, link count and outline, read with MuPDF. Text is the costly part:
 * with `sample`, only the first three, middle and last three pages are read.
 */
function facts(path: string, sample = false): Facts {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  try {
    const pageCount = doc.countPages();
    const wanted = sample ? sampledPages(pageCount) : new Set(Array.from({ length: pageCount }, (_, i) => i));
    const texts: Array<string | null> = [];
    let links = 0;
    for (let i = 0; i < pageCount; i++) {
      const page = doc.loadPage(i);
      links += page.getLinks().length;
      if (wanted.has(i)) {
        const text = page.toStructuredText('preserve-whitespace');
        texts.push(text.asText().trim());
        text.destroy();
      } else texts.push(null);
      page.destroy();
    }
    const outline = (items: ReturnType<typeof doc.loadOutline>): unknown =>
      (items ?? []).map((item) => [item.title, item.page, outline(item.down ?? [])]);
    return { pageCount, texts, links, outline: outline(doc.loadOutline()) };
  } finally {
    doc.destroy();
  }
}

/** The pages whose text a sampled read takes: all of a short document, else its ends and middle. */
function sampledPages(pageCount: number): Set<number> {
  if (pageCount <= 12) return new Set(Array.from({ length: pageCount }, (_, i) => i));
  return new Set([0, 1, 2, pageCount >> 1, pageCount - 3, pageCount - 2, pageCount - 1]);
}

/** `texts` where `sampled` read a page; `null` elsewhere. */
function sampledLike(texts: Array<string | null>, sampled: Array<string | null>): Array<string | null> {
  return texts.map((text, i) => (sampled[i] === null ? null : text));
}

function load(): CorpusFile[] {
  return readdirSync(corpusDir)
    .filter((name) => name.endsWith('.pdf'))
    .sort()
    .map((name) => {
      const path = join(corpusDir, name);
      const password = PASSWORDS[name];
      const reference = join(dir, `reference-${name}`);
      const { doc } = openPdfBytes(readFileSync(path), password, documentFail);
      try {
        const buffer = doc.saveToBuffer('encrypt=none');
        writeFileSync(reference, buffer.asUint8Array());
        buffer.destroy();
      } finally {
        doc.destroy();
      }
      return { name, path, ...(password ? { password } : {}), reference, back: facts(reference) };
    });
}

let dir: string;
let cleanup: () => void;
let files: CorpusFile[];

describe.skipIf(!present)(SUITE, () => {
  beforeAll(() => {
    ({ dir, cleanup } = tempDir('pagewright-corpus-organize-'));
    files = load();
    expect(files.length).toBeGreaterThan(25);
  });
  afterAll(() => cleanup());

  const input = (file: CorpusFile): { path: string; password?: string } => (file.password ? { path: file.path, password: file.password } : { path: file.path });
  const out = (file: CorpusFile, suffix: string): string => join(dir, `${file.name}.${suffix}`);

  it('rotates every page by 90 degrees on top of its rotation, keeping links and bookmarks', async () => {
    for (const file of files) {
      const target = out(file, 'rotated.pdf');
      const before = pageRotations(file.reference);
      expect(await rotatePdf(input(file), target, { angle: 90 })).toEqual({ pages: file.back.pageCount });
      const after = facts(target, true);
      expect({ file: file.name, pages: after.pageCount, links: after.links, outline: after.outline })
        .toEqual({ file: file.name, pages: file.back.pageCount, links: file.back.links, outline: file.back.outline });
      expect({ file: file.name, rotate: pageRotations(target) }).toEqual({ file: file.name, rotate: before.map((r) => (r + 90) % 360) });
      expectQpdfClean(target);
    }
  });

  it('crops 10 pt off every side of every page, or refuses pages too small for it', async () => {
    let cropped = 0;
    for (const file of files) {
      const target = out(file, 'cropped.pdf');
      const sizesIn = pdfinfoPages(file.reference).map(displayedSize);
      const result = await cropPdf(input(file), target, { margins: { l: 10, r: 10, t: 10, b: 10 } }).catch((e: unknown) => e);
      if (sizesIn.some(([w, h]) => Math.min(w, h) - 20 < cropMinBox)) {
        // The ImageMagick files have 3.84 pt pages.
        expect({ file: file.name, code: (result as CatalogueError).code }).toEqual({ file: file.name, code: 'INVALID_PARAMS' });
        continue;
      }
      const sizesOut = pdfinfoPages(target).map(displayedSize);
      expect({ file: file.name, sizes: sizesOut.map(([w, h]) => [Math.round(w), Math.round(h)]) })
        .toEqual({ file: file.name, sizes: sizesIn.map(([w, h]) => [Math.round(w - 20), Math.round(h - 20)]) });
      expectQpdfClean(target);
      cropped++;
    }
    expect(cropped).toBeGreaterThan(20);
  });

  it('deletes the first page, reverses the order, and splits into single pages, texts following their pages', async () => {
    for (const file of files) {
      const { pageCount, texts } = file.back;
      const deleted = out(file, 'deleted.pdf');
      if (pageCount === 1) {
        const err = await deletePages(input(file), deleted, { pages: [1] }).catch((e: unknown) => e);
        expect((err as CatalogueError).code).toBe('INVALID_PARAMS');
      } else {
        await deletePages(input(file), deleted, { pages: [1] });
        const after = facts(deleted, true).texts;
        expect({ file: file.name, texts: after }).toEqual({ file: file.name, texts: sampledLike(texts.slice(1), after) });
        expectQpdfClean(deleted);
      }
      const reversed = out(file, 'reversed.pdf');
      const order = Array.from({ length: pageCount }, (_, i) => pageCount - i);
      await rearrangePages(input(file), reversed, { order });
      const back = facts(reversed, true);
      expect({ file: file.name, texts: back.texts, links: back.links })
        .toEqual({ file: file.name, texts: sampledLike([...texts].reverse(), back.texts), links: file.back.links });
      expectQpdfClean(reversed);

      const parts = join(dir, `${file.name}.parts`);
      mkdirSync(parts);
      const { files: written } = await splitPdf(input(file), parts, { mode: 'every' });
      expect(written).toHaveLength(pageCount);
      // Every part has one page; the sampled ones show the text of their page.
      const sample = sampledPages(pageCount);
      const partTexts = written.map((part, i) => (sample.has(i) ? facts(part).texts[0] : facts(part, true).pageCount));
      expect({ file: file.name, parts: partTexts }).toEqual({ file: file.name, parts: texts.map((text, i) => (sample.has(i) ? text : 1)) });
      expect(run('qpdf', ['--show-npages', written[0]!]).stdout.trim()).toBe('1');
    }
  });

  it('extracts the images poppler finds, once each, and answers 2405 for files without', async () => {
    let total = 0;
    for (const file of files) {
      const target = out(file, 'images.zip');
      const list = run('pdfimages', ['-list', file.reference]);
      const rows = list.stdout.split('\n').slice(2).filter(Boolean).map((line) => line.trim().split(/\s+/));
      const objects = new Set(rows.filter((r) => r[2] === 'image' || r[2] === 'stencil').map((r) => (r[10] === '[inline]' ? `inline-${r[1]}` : r[10])));
      const result = await extractImages(input(file), target).catch((e: unknown) => e);
      if (result instanceof CatalogueError) {
        expect({ file: file.name, code: result.code }).toEqual({ file: file.name, code: 2405 });
        expect(objects.size).toBe(0);
        continue;
      }
      const entries = readZip(target);
      expect((result as { images: number }).images).toBe(entries.size);
      expect({ file: file.name, images: entries.size }).toEqual({ file: file.name, images: objects.size });
      for (const [name, data] of entries) {
        const magic = name.endsWith('.jpg') ? 'ffd8' : '89504e47';
        expect({ name, magic: data.subarray(0, magic.length / 2).toString('hex') }).toEqual({ name, magic });
      }
      total += entries.size;
    }
    expect(total).toBeGreaterThan(20);
  });

  it('protects every file with AES-256 and unlocks it again', async () => {
    for (const file of files) {
      const locked = out(file, 'locked.pdf');
      await protectPdf(input(file), locked, { password: 'corpus-pw' });
      expect({ file: file.name, requires: run('qpdf', ['--requires-password', locked]).status }).toEqual({ file: file.name, requires: 0 });
      if (file === files[0]) expect(run('qpdf', ['--password=corpus-pw', '--show-encryption', locked]).stdout).toMatch(/R = 6/);
      const unlocked = out(file, 'unlocked.pdf');
      await unlockPdf({ path: locked, password: 'corpus-pw' }, unlocked);
      expect(run('qpdf', ['--requires-password', unlocked]).status).toBe(2);
      const after = facts(unlocked, true).texts;
      expect({ file: file.name, texts: after }).toEqual({ file: file.name, texts: sampledLike(file.back.texts, after) });
    }
    const encrypted = files.find((f) => f.password)!;
    const unlocked = out(encrypted, 'direct-unlock.pdf');
    await unlockPdf(input(encrypted), unlocked);
    expect(run('qpdf', ['--requires-password', unlocked]).status).toBe(2);
    const plain = files.find((f) => !f.password)!;
    const err = await unlockPdf(input(plain), out(plain, 'never.pdf')).catch((e: unknown) => e);
    expect((err as CatalogueError).code).toBe('NOT_PROTECTED');
  });
});
