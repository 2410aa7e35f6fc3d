/**
 * The positional from-PDF outputs (images, html, dxf, pptx, xlsx) through the converter's
 * dispatcher over every real-world corpus PDF (../shared/corpus/pdf, when present); the
 * encrypted file is opened with its password. Facts are read back from the outputs: image
 * sizes with sharp, zip entries with unzip, slide counts from the PPTX, sheets with exceljs.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CatalogueError } from '@pagewright/contracts';
import { convertPdf } from './index.js';
import { openPdfBytes } from './pdf/open.js';
import { documentFail } from './pdf/single.js';
import { useTempDir } from '../test/harness.js';
import { readZip } from '../test/organize-fixtures.js';
import { corpusAvailable, toolsAvailable } from '../test/tools.js';

const corpusDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'shared', 'corpus', 'pdf');
const SUITE = 'from-PDF converters over the corpus';
const corpusPresent = corpusAvailable(join(corpusDir, 'py-pdf-files.json'), SUITE) && toolsAvailable(SUITE, 'unzip');
const PASSWORDS: Record<string, string> = { '005-libreoffice-writer-password_libreoffice-writer-password.pdf': 'openpassword' };
const files = corpusPresent ? readdirSync(corpusDir).filter((f) => f.endsWith('.pdf')).sort() : [];

/**
 * Larger documents (the 117-page GeoTopo) skip the html and pptx outputs here, the slowest two
 * (about 20 s together for that file); the pdf-to-ppt benchmark runs over all of them.
 */
const MAX_PAGES_FOR_SLOW_OUTPUTS = 20;

/**
 * Page count, page sizes (points, as displayed) and the first words of the text, read with
 * MuPDF as opened by the engine (so the broken 017 has its page tree recovered).
 */
function facts(path: string, password?: string): { pages: number; widths: number[]; words: string[] } {
  const { doc, pageCount: pages } = openPdfBytes(readFileSync(path), password, documentFail);
  try {
    const widths: number[] = [];
    let words: string[] = [];
    for (let i = 0; i < pages; i++) {
      const page = doc.loadPage(i);
      const b = page.getBounds();
      widths.push(b[2] - b[0]);
      if (words.length === 0) {
        const text = page.toStructuredText('preserve-whitespace');
        words = (text.asText().match(/[A-Za-z]{4,}/g) ?? []).slice(0, 5);
        text.destroy();
      }
      page.destroy();
    }
    return { pages, widths, words };
  } finally {
    doc.destroy();
  }
}

const tmp = useTempDir('pagewright-corpus-from-pdf-');

describe.skipIf(!corpusPresent)(SUITE, () => {
  it.each(files)('%s', async (name) => {
    const password = PASSWORDS[name];
    const input = password ? { path: join(corpusDir, name), password } : { path: join(corpusDir, name) };
    const known = facts(input.path, password);
    const stem = name.slice(0, 3);

    // Images: one PNG per page at 36 dpi (zipped when several).
    const images = await convertPdf(input, tmp.out(`${stem}.img`), { format: 'png', dpi: 36 });
    if (known.pages === 1) {
      expect(images.extension).toBe('png');
      expect((await sharp(readFileSync(tmp.out(`${stem}.img`))).metadata()).width).toBe(Math.ceil((known.widths[0]! * 36) / 72 - 1e-9));
    } else {
      expect(images.extension).toBe('zip');
      expect(readZip(tmp.out(`${stem}.img`)).size).toBe(known.pages);
    }

    const slow = known.pages <= MAX_PAGES_FOR_SLOW_OUTPUTS;
    // HTML, fixed layout: one page box per page, the first words of the text, no script.
    if (slow) {
    await convertPdf(input, tmp.out(`${stem}.html`), { format: 'html' });
    const html = readFileSync(tmp.out(`${stem}.html`), 'utf8');
    expect(html).not.toMatch(/<script|javascript:/i);
    expect(html.match(/<section class="page"/g)).toHaveLength(known.pages);
    for (const word of known.words) expect(html).toContain(word);
    }

    // DXF: as wide as the widest page, in mm; the words as TEXT.
    await convertPdf(input, tmp.out(`${stem}.dxf`), { format: 'dxf' });
    const dxf = readFileSync(tmp.out(`${stem}.dxf`), 'latin1');
    const extmax = /\$EXTMAX\r\n 10\r\n([\d.]+)/.exec(dxf.replace(/\r\n10\r\n/g, '\r\n 10\r\n'));
    expect(Number(extmax?.[1])).toBeCloseTo((Math.max(...known.widths) * 25.4) / 72, 1);
    for (const word of known.words) expect(dxf).toContain(word);

    // PPTX: one slide per page.
    if (slow) {
      await convertPdf(input, tmp.out(`${stem}.pptx`), { format: 'pptx' });
      const slides = spawnSync('unzip', ['-Z1', tmp.out(`${stem}.pptx`)], { encoding: 'utf8' }).stdout.split('\n').filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
      expect(slides).toHaveLength(known.pages);
      expect(statSync(tmp.out(`${stem}.pptx`)).size).toBeGreaterThan(0);
    }

    // XLSX: a workbook of at least one sheet, or 2405 for a document without any text.
    try {
      await convertPdf(input, tmp.out(`${stem}.xlsx`), { format: 'xlsx' });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(tmp.out(`${stem}.xlsx`));
      expect(workbook.worksheets.length).toBeGreaterThan(0);
    } catch (err) {
      expect(err).toBeInstanceOf(CatalogueError);
      expect((err as CatalogueError).code).toBe(2405);
      expect(known.words).toEqual([]);
    }
    // Nothing but the outputs in the directory: no temporary file left behind.
    expect(readdirSync(tmp.dir).filter((f) => f.startsWith('.'))).toEqual([]);
  }, 120_000);
});
