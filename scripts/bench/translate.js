// Document translator: `npm run bench -- translate [--iterations N]`.
// A 10-page English report made here with MuPDF (headings, wrapped paragraphs in two sizes, a
// ruled table, a bar chart drawn as vector art, a photo-like image, a running header and page
// numbers) is translated into Spanish by the offline engine (Apertium, eng-spa) and written
// back in place by the engine. Reported:
//   - overflow: the share of text boxes whose translation runs out of its box, measured on the
//     output (a line of the translated page, belonging to the box it overlaps most, that ends
//     past the box's sides or whose baseline falls below its bottom, 1.5 pt of slack), beside
//     what the fitter itself reports; target 0;
//   - layout kept: the share of pages whose SSIM outside the text boxes (original against
//     translated, both rendered at 50 dpi with every box blanked) is at least 0.98; target 1;
//   - pages per second of the whole translation (read the boxes, Apertium, write), the median
//     of min(N, 3) runs.
// The same numbers for an English report of the shared corpus (federal-register-2020-17221.pdf,
// 15 pages, read in place) when the corpus is there.
// Exit code 1 when a target is not met.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import * as mupdf from 'mupdf';
import { corpusDir, f3, loadEngine, withTempDir } from './lib.js';

const PAGES = 10;
const SSIM_TARGET = 0.98;
const SLACK = 1.5;

const SENTENCES = [
  'The company opened three new offices in the northern region during the year.',
  'Sales grew by twelve percent, mainly because of strong demand for our services.',
  'Our team worked closely with local partners to improve the quality of the products.',
  'The board approved a new plan to reduce the cost of energy in every building.',
  'Most of the new employees joined the technical department in the spring.',
  'Customers told us that they wanted faster delivery and simpler prices.',
  'The results of the survey show that the staff are happy with the new tools.',
  'We invested in training because skilled people are the key to our future.',
  'The price of raw materials rose sharply in the second half of the year.',
  'A new warehouse near the port will open before the end of next summer.',
  'The report describes the main events of the year and the plans for the next one.',
  'Our customers in the south bought more than in any previous year.',
];

function wrap(text, max) {
  const lines = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && (line + ' ' + word).length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

const esc = (text) => text.replace(/[\\()]/g, (c) => `\\${c}`);
const show = (font, size, x, y, text) => `BT 0 0 0 rg /${font} ${size} Tf ${x} ${y} Td (${esc(text)}) Tj ET`;

/** The 10-page English report, deterministic. */
export function reportPdf() {
  const doc = new mupdf.PDFDocument();
  const fonts = {
    F1: doc.addSimpleFont(new mupdf.Font('Times-Roman')),
    F2: doc.addSimpleFont(new mupdf.Font('Helvetica-Bold')),
    F3: doc.addSimpleFont(new mupdf.Font('Helvetica')),
  };
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, 96, 64], false);
  const samples = pixmap.getPixels();
  for (let i = 0; i < samples.length; i += 3) {
    const p = i / 3;
    samples[i] = (p * 7) % 256;
    samples[i + 1] = (p * 13 + 60) % 256;
    samples[i + 2] = 180;
  }
  const image = doc.addImage(new mupdf.Image(pixmap));
  const W = 595;
  const H = 842;
  for (let page = 0; page < PAGES; page++) {
    const ops = [show('F3', 9, 72, H - 40, 'Annual Report of the Northern Trading Company'), show('F3', 9, W / 2 - 3, 36, String(page + 1))];
    let y = H - 90;
    ops.push(show('F2', 17, 72, y, `Chapter ${page + 1}: The work of the year`));
    y -= 28;
    for (let p = 0; p < 3; p++) {
      const text = Array.from({ length: 4 }, (_, k) => SENTENCES[(page * 5 + p * 4 + k) % SENTENCES.length]).join(' ');
      for (const line of wrap(text, 88)) {
        ops.push(show('F1', 11, 72, y, line));
        y -= 14;
      }
      y -= 10;
    }
    if (page % 2 === 0) {
      // A ruled table: three columns, four rows.
      const rows = [['Region', 'Offices', 'Sales'], ['North', String(3 + page), String(1200 + page * 10)], ['South', '9', '2750'], ['Coast', '4', '990']];
      const top = y;
      const rules = [];
      for (let r = 0; r <= rows.length; r++) rules.push(`72 ${top - r * 18} m 432 ${top - r * 18} l`);
      for (let c = 0; c <= 3; c++) rules.push(`${72 + c * 120} ${top} m ${72 + c * 120} ${top - rows.length * 18} l`);
      ops.push(`0.6 w 0 0 0 RG ${rules.join(' ')} S`);
      rows.forEach((row, r) => row.forEach((cell, c) => ops.push(show(r === 0 ? 'F2' : 'F3', 10, 77 + c * 120, top - r * 18 - 13, cell))));
      y = top - rows.length * 18 - 30;
    } else {
      // A bar chart drawn as vector art, and a picture beside it.
      const base = y - 110;
      [40, 75, 55, 95, 60].forEach((h, i) => ops.push(`0.2 0.4 0.7 rg ${80 + i * 30} ${base} 20 ${h} re f`));
      ops.push(`0 0 0 RG 1 w 72 ${base} m 240 ${base} l S`);
      ops.push(`q 150 100 0 0 0 0 cm Q q 150 0 0 100 320 ${base} cm /Im1 Do Q`);
      ops.push(show('F3', 9, 72, base - 16, 'Figure: sales of the five main products in the year.'));
      y = base - 40;
    }
    const closing = `${SENTENCES[(page + 3) % SENTENCES.length]} ${SENTENCES[(page + 7) % SENTENCES.length]}`;
    for (const line of wrap(closing, 88)) {
      ops.push(show('F1', 11, 72, y, line));
      y -= 14;
    }
    doc.insertPage(-1, doc.addPage([0, 0, W, H], 0, { Font: fonts, XObject: { Im1: image } }, ops.join('\n')));
  }
  const bytes = doc.saveToBuffer('compress').asUint8Array().slice();
  doc.destroy();
  return bytes;
}

/** The lines of each page of a PDF with their boxes (top-left page space). */
function pageLines(path) {
  const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  const pages = [];
  for (let i = 0; i < doc.countPages(); i++) {
    const page = doc.loadPage(i);
    const stext = page.toStructuredText('preserve-whitespace');
    const lines = [];
    let text = '';
    let box;
    let baseline;
    stext.walk({
      beginLine: (bbox) => { box = bbox; text = ''; baseline = undefined; },
      onChar: (c, origin) => { text += c; baseline ??= origin[1]; },
      endLine: () => { if (text.trim()) lines.push({ text, baseline, x0: box[0], y0: box[1], x1: box[2], y1: box[3] }); },
    });
    stext.destroy();
    page.destroy();
    pages.push(lines);
  }
  doc.destroy();
  return pages;
}

/**
 * A line stays in its box when it starts and ends within the box's sides and its baseline is
 * above the box's bottom. Its own top and bottom are the font's ascender and descender, which
 * differ from the original font's, so they are not compared; its baseline is.
 */
const inside = (a, r) => a.x0 >= r.x0 - SLACK && a.x1 <= r.x1 + SLACK && a.baseline >= r.y0 - SLACK && a.baseline <= r.y1 + SLACK;

const area = (a, r) => Math.max(0, Math.min(a.x1, r.x1) - Math.max(a.x0, r.x0)) * Math.max(0, Math.min(a.y1, r.y1) - Math.max(a.y0, r.y0));

/**
 * Boxes whose translation runs out of them: each line of the translated page belongs to the box
 * it overlaps most, and a line not inside its box makes that box overflow.
 */
function overflowingBoxes(pages, lines) {
  const over = new Set();
  for (const page of pages) {
    for (const line of lines[page.page - 1] ?? []) {
      let best = null;
      for (const box of page.boxes) if (area(line, box.room) > (best ? area(line, best.room) : 0)) best = box;
      if (best && !inside(line, best.room)) {
        if (process.env.PAGEWRIGHT_BENCH_VERBOSE && !over.has(best.id)) process.stdout.write(`  overflow ${best.id} ${JSON.stringify(best.rect)} size ${best.size}: ${JSON.stringify(line)}\n`);
        over.add(best.id);
      }
    }
  }
  return over.size;
}

/** Translates `input` into Spanish `runs` times; the numbers of the last run and the median time. */
async function measure(engine, translator, input, output, runs) {
  const times = [];
  let last;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    const pages = await engine.readTextBoxes({ path: input });
    const boxes = pages.flatMap((p) => p.boxes);
    const { texts } = await translator.translate(boxes.map((b) => b.text), 'en', 'es');
    const translations = Object.fromEntries(boxes.map((b, k) => [b.id, texts[k]]));
    const fit = await engine.writeTranslation({ path: input }, output, { pages, translations, layout: 'translated', rtl: false, breakAnywhere: false });
    times.push(performance.now() - start);
    last = { pages, boxes, texts, fit };
  }
  const { pages, boxes, texts, fit } = last;
  const measured = overflowingBoxes(pages, pageLines(output));
  const similarity = await engine.similarityOutsideBoxes(input, output, pages);
  const kept = similarity.filter((s) => s >= SSIM_TARGET).length;
  const medianMs = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
  const longer = boxes.reduce((sum, b, k) => sum + (texts[k] ?? '').length, 0) / boxes.reduce((sum, b) => sum + b.text.length, 0);
  const lines = [
    `  ${boxes.length} text boxes, Spanish text ${f3(longer)}x the English length`,
    `  overflowing boxes (measured)       ${measured} of ${boxes.length} = ${f3(measured / boxes.length)}   (target 0)`,
    `  overflowing boxes (fitter's count) ${fit.overflowing} of ${fit.boxes}; set smaller to fit: ${fit.shrunk}`,
    `  pages with SSIM outside boxes >= ${SSIM_TARGET}: ${kept} of ${similarity.length} = ${f3(kept / similarity.length)}   (min ${f3(Math.min(...similarity))}, target 1)`,
    `  pages per second                   ${(pages.length / (medianMs / 1000)).toFixed(2)}   (median of ${runs} runs, ${medianMs.toFixed(0)} ms)`,
  ];
  return { lines, ok: measured === 0 && kept === similarity.length };
}

/** An English report from the shared corpus (read in place), when it is there. */
const CORPUS_REPORT = join(dirname(corpusDir), 'pdf-real', 'federal-register-2020-17221.pdf');

export async function run({ iterations }) {
  const engine = await loadEngine();
  const { createTranslator } = await import('@pagewright/ai');
  if (spawnSync('apertium', ['-l'], { encoding: 'utf8' }).stdout?.includes('eng-spa') !== true) {
    process.stdout.write('translate: Apertium with the eng-spa pair is not installed (scripts/setup.sh), skipped\n');
    return 0;
  }
  const translator = createTranslator({ kind: 'offline' });
  return withTempDir(async (dir) => {
    const input = join(dir, 'report.pdf');
    writeFileSync(input, reportPdf());
    const runs = Math.min(iterations, 3);
    const made = await measure(engine, translator, input, join(dir, 'report-es.pdf'), runs);
    process.stdout.write([`translate: ${PAGES}-page English report made here, into Spanish (Apertium eng-spa)`, ...made.lines, ''].join('\n'));
    let ok = made.ok;
    if (existsSync(CORPUS_REPORT)) {
      const corpus = await measure(engine, translator, CORPUS_REPORT, join(dir, 'corpus-es.pdf'), 1);
      process.stdout.write([`translate: corpus ${basename(CORPUS_REPORT)}, into Spanish (Apertium eng-spa)`, ...corpus.lines, ''].join('\n'));
      ok = ok && corpus.ok;
    }
    return ok ? 0 : 1;
  });
}
