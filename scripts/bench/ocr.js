// OCR benchmark: time per page of our `ocrToPdf` (through the `pagewright OCR` CLI process,
// and in-process as the server's worker threads call it) against the `tesseract` CLI alone
// making a searchable PDF from the same page images, all as child processes of this script.
// Page images: pages of a corpus PDF rendered at 300 dpi (synthetic text pages without the
// corpus). Tesseract is slow, so at most 3 iterations are run.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { corpusDir, engineBin, hasCommand, kib, loadEngine, ms, stats, timeAsync, timeProcess, withTempDir } from './lib.js';

const DPI = 300;
const MAX_ITERATIONS = 3;
/** Corpus pages to render: dense running text from LaTeX. */
const CORPUS_PAGES = [
  ['004-pdflatex-4-pages_pdflatex-4-pages.pdf', 0],
  ['026-latex-multicolumn_multicolumn.pdf', 0],
  ['002-trivial-libre-office-writer_002-trivial-libre-office-writer.pdf', 0],
];

function renderPng(doc, index) {
  const page = doc.loadPage(index);
  const pixmap = page.toPixmap(mupdf.Matrix.scale(DPI / 72, DPI / 72), mupdf.ColorSpace.DeviceGray, false);
  pixmap.setResolution(DPI, DPI);
  const png = Buffer.from(pixmap.asPNG());
  pixmap.destroy();
  page.destroy();
  return png;
}

function syntheticPage(seed) {
  const vocabulary = 'the quick brown fox jumps over lazy dog document scanner page text layer search find every word line paragraph number river mountain city letter office report figure table result method data value'.split(' ');
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const doc = new mupdf.PDFDocument();
  const font = doc.addSimpleFont(new mupdf.Font('Times-Roman'));
  const lines = [];
  for (let i = 0; i < 48; i++) {
    const words = [];
    while (words.join(' ').length < 80) words.push(vocabulary[Math.floor(next() * vocabulary.length)]);
    lines.push(`BT /F1 11 Tf 60 ${780 - i * 15} Td (${words.join(' ')}) Tj ET`);
  }
  doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: { F1: font } }, lines.join('\n')));
  const png = renderPng(doc, 0);
  doc.destroy();
  return png;
}

function pageImages(dir) {
  const images = [];
  CORPUS_PAGES.forEach(([name, index], i) => {
    const path = join(corpusDir, name);
    let png;
    if (existsSync(path)) {
      const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
      png = renderPng(doc, index);
      doc.destroy();
    } else {
      png = syntheticPage(i + 1);
    }
    const file = join(dir, `page-${i + 1}.png`);
    writeFileSync(file, png);
    images.push(file);
  });
  return images;
}

/** Runs `jobs` (argument lists) as tesseract processes, `parallel` at a time; wall time in ms. */
async function tesseractPool(jobs, parallel, env) {
  const { spawn } = await import('node:child_process');
  const start = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < jobs.length) {
      const args = jobs[next++];
      await new Promise((resolve, reject) => {
        const child = spawn('tesseract', args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, ...env } });
        let err = '';
        child.stderr.on('data', (d) => (err += d));
        child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`tesseract exited ${code}: ${err}`))));
      });
    }
  };
  await Promise.all(Array.from({ length: parallel }, lane));
  return performance.now() - start;
}

export async function run({ iterations }) {
  if (!hasCommand('tesseract')) {
    console.log('OCR: tesseract not installed; nothing to measure');
    return 0;
  }
  const rounds = Math.min(iterations, MAX_ITERATIONS);
  const engine = await loadEngine();
  return withTempDir(async (dir) => {
    const images = pageImages(dir);
    const n = images.length;
    const ours = join(dir, 'ours.pdf');
    const oursInProcess = join(dir, 'ours-in-process.pdf');
    const cliArgs = [engineBin, 'OCR', '--languages', 'eng', ...images, '-o', ours];
    const perImage = images.map((image, i) => [image, join(dir, `tess-${i + 1}`), '-l', 'eng', 'pdf']);
    const listFile = join(dir, 'list.txt');
    writeFileSync(listFile, `${images.join('\n')}\n`);
    const listArgs = [listFile, join(dir, 'tess-all'), '-l', 'eng', 'pdf'];

    // Warm-up: file cache, tesseract models in the page cache.
    timeProcess('tesseract', perImage[0]);

    const t = { cli: [], inProcess: [], tessEach: [], tessList: [], tessPair: [] };
    for (let i = 0; i < rounds; i++) {
      t.cli.push(timeProcess(process.execPath, cliArgs) / n);
      t.inProcess.push((await timeAsync(() => engine.ocrToPdf(images.map((path) => ({ path })), oursInProcess, { languages: ['eng'], outputFormat: 'pdf' }))) / n);
      t.tessEach.push((await tesseractPool(perImage, 1, {})) / n);
      t.tessList.push(timeProcess('tesseract', listArgs) / n);
      t.tessPair.push((await tesseractPool(perImage, 2, { OMP_THREAD_LIMIT: '1' })) / n);
    }
    const s = Object.fromEntries(Object.entries(t).map(([k, v]) => [k, stats(v)]));
    const words = (file) => spawnSync('pdftotext', [file, '-'], { encoding: 'utf8' }).stdout.split(/\s+/).filter(Boolean).length;

    console.log(`OCR benchmark: ${rounds} iterations, ${n} page images at ${DPI} dpi (${images.map((f) => kib(statSync(f).size)).join(', ')}), language eng, time per page`);
    const line = (label, st) => console.log(`  ${label.padEnd(58)} median ${ms(st.median).padStart(10)}  mean ${ms(st.mean).padStart(10)}  min ${ms(st.min).padStart(10)}  max ${ms(st.max).padStart(10)}`);
    line('ours: pagewright OCR CLI process (2 pages at once)', s.cli);
    line('ours: ocrToPdf in-process (warm)', s.inProcess);
    line('tesseract CLI, one process per page, one after another', s.tessEach);
    line('tesseract CLI, one process, all pages (list file)', s.tessList);
    line('tesseract CLI, two processes at once, OMP_THREAD_LIMIT=1', s.tessPair);
    const ratio = (a, b) => `${(a.median / b.median).toFixed(2)} (median)  ${(a.mean / b.mean).toFixed(2)} (mean)`;
    console.log(`  ratio ours CLI / tesseract per page:          ${ratio(s.cli, s.tessEach)}   target <= 1.2`);
    console.log(`  ratio ours CLI / tesseract list file:         ${ratio(s.cli, s.tessList)}`);
    console.log(`  ratio ours CLI / tesseract two at once:       ${ratio(s.cli, s.tessPair)}`);
    console.log(`  ratio ours in-process / tesseract per page:   ${ratio(s.inProcess, s.tessEach)}`);
    console.log(`  words found (pdftotext): ours ${words(ours)}, tesseract ${images.map((_, i) => words(join(dir, `tess-${i + 1}.pdf`))).reduce((a, b) => a + b, 0)}`);
    console.log(`  sizes: ours ${kib(statSync(ours).size)}, tesseract ${kib(images.reduce((sum, _, i) => sum + statSync(join(dir, `tess-${i + 1}.pdf`)).size, 0))} (${n} files)`);
    return 0;
  });
}
