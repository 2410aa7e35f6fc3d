// PDF to PowerPoint fidelity: `npm run bench -- pdf-to-ppt`.
// For each corpus PDF: our pdfToPpt makes a PPTX (timed: pages per second); LibreOffice
// (Impress) renders it back to PDF; the pages of that PDF and of the original are rendered in
// grey at 72 dpi with MuPDF and compared with the engine's SSIM (page i against page i, the
// common part when sizes differ by rounding; a missing page counts 0). For comparison, the same
// for LibreOffice's own route (its PDF import, impress_pdf_import, to PPTX, then back to PDF)
// unless PAGEWRIGHT_BENCH_LO=0 (its import kept between runs under PAGEWRIGHT_BENCH_CACHE=<dir>).
// Also per file: text similarity of the round trip against poppler's text flow of the original
// (pdf-to-word's measure) and whether the slide count equals the page count.
// `--set real`: the same over ../shared/corpus/pdf-real (real-world PDFs nobody here made).
// Run under `flock /tmp/heavy.lock` (LibreOffice).
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import * as mupdf from 'mupdf';
import { benchSet, corpusFiles, f1, f3, hasCommand, loadEngine, mean, meanPageSsim, realFiles, renderLoImports, repaired, soffice, withTempDir } from './lib.js';
import { PASSWORDS, decrypted, pdftotext, textSimilarity } from './pdf-to-word.js';

const DPI = 72;
const LO_TIMEOUT = Number(process.env.PAGEWRIGHT_LO_IMPORT_TIMEOUT_MS ?? 600_000);

let greyPages;
let ssim;

function renderGrey(path, password) {
  try {
    const doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
    try {
      if (doc.needsPassword()) doc.authenticatePassword(password ?? '');
      return greyPages(doc, DPI);
    } finally {
      doc.destroy();
    }
  } catch {
    return [];
  }
}



export async function run() {
  const real = benchSet() === 'real';
  if (benchSet() !== '' && !real) {
    process.stderr.write(`pdf-to-ppt: unknown set '${benchSet()}' (sets: real)\n`);
    return 2;
  }
  const files = real ? realFiles() : corpusFiles();
  if (!files) {
    process.stdout.write(`pdf-to-ppt: no corpus (${real ? '../shared/corpus/pdf-real' : '../shared/corpus/pdf'}), skipped\n`);
    return 0;
  }
  if (!hasCommand('soffice') || !hasCommand('pdftotext', ['-v'])) {
    process.stdout.write('pdf-to-ppt: soffice or pdftotext missing, skipped\n');
    return 0;
  }
  const withLo = process.env.PAGEWRIGHT_BENCH_LO !== '0';
  const engine = await loadEngine();
  ({ greyPages, ssim } = await loadEngine('pdf/ssim.js'));
  return withTempDir(async (dir) => {
    const profile = join(dir, 'profile');
    const dirs = { ours: join(dir, 'ours'), lo: join(dir, 'lo'), oursPdf: join(dir, 'ours-pdf'), loPdf: join(dir, 'lo-pdf') };
    for (const d of Object.values(dirs)) mkdirSync(d);
    const rows = [];
    const cache = process.env.PAGEWRIGHT_BENCH_CACHE;
    if (cache) mkdirSync(cache, { recursive: true });
    for (const fact of files) {
      const name = basename(fact.file);
      const stem = name.replace(/\.pdf$/i, '');
      const password = PASSWORDS[name];
      const row = { name, stem, password, pages: 0 };
      rows.push(row);
      try {
        row.pages = (await engine.documentInfo(fact.file, password)).total_page;
      } catch (err) {
        row.skip = `cannot open (${err.code}${err.message ? `: ${err.message}` : ''})`;
        continue;
      }
      const start = performance.now();
      try {
        await engine.pdfToPpt(password ? { path: fact.file, password } : { path: fact.file }, join(dirs.ours, `${stem}.pptx`));
        row.oursSeconds = (performance.now() - start) / 1000;
      } catch (err) {
        row.oursError = err.code ?? String(err);
      }
      if (withLo && !password) {
        // LibreOffice's own import gives the same result every run: PAGEWRIGHT_BENCH_CACHE=<dir> keeps it.
        const cached = cache && join(cache, `${stem}.${statSync(fact.file).size}`);
        row.cached = cached;
        if (cached && existsSync(`${cached}.pptx`)) {
          copyFileSync(`${cached}.pptx`, join(dirs.lo, `${stem}.pptx`));
          row.loSeconds = Number(readFileSync(`${cached}.pptx-seconds`, 'utf8'));
        } else if (cached && existsSync(`${cached}.pptx-failed`)) {
          row.loError = readFileSync(`${cached}.pptx-failed`, 'utf8');
        } else {
          const t = performance.now();
          const r = soffice(profile, ['--infilter=impress_pdf_import', '--convert-to', 'pptx', '--outdir', dirs.lo, fact.file], LO_TIMEOUT);
          if (r.status === 0 && existsSync(join(dirs.lo, `${stem}.pptx`))) {
            row.loSeconds = (performance.now() - t) / 1000;
            if (cached) {
              copyFileSync(join(dirs.lo, `${stem}.pptx`), `${cached}.pptx`);
              writeFileSync(`${cached}.pptx-seconds`, String(row.loSeconds));
            }
          } else {
            row.loError = r.error ? 'timeout' : `exit ${r.status}`;
            if (cached) writeFileSync(`${cached}.pptx-failed`, row.loError);
          }
        }
      }
    }
    const pptxOf = (d) => rows.map((r) => join(d, `${r.stem}.pptx`)).filter((p) => existsSync(p));
    soffice(profile, ['--convert-to', 'pdf', '--outdir', dirs.oursPdf, ...pptxOf(dirs.ours)]);
    if (withLo) {
      const failed = renderLoImports(profile, dirs.loPdf, rows.map((r) => ({ path: join(dirs.lo, `${r.stem}.pptx`), cached: r.cached })).filter((e) => existsSync(e.path)));
      for (const row of rows) if (failed.has(join(dirs.lo, `${row.stem}.pptx`))) row.loError = failed.get(join(dirs.lo, `${row.stem}.pptx`));
    }

    const line = (cells) => process.stdout.write(`${cells.join('  ')}\n`);
    line(['file'.padEnd(44), 'pages', 'text ours', 'text LO', 'SSIM ours', 'SSIM LO', 'p/s ours', 'p/s LO', 'pp ours', 'pp LO']);
    for (const row of rows) {
      if (row.skip) {
        line([row.name.slice(0, 44).padEnd(44), `skipped: ${row.skip}`]);
        continue;
      }
      const fact = files.find((f) => basename(f.file) === row.name);
      let original = renderGrey(fact.file, row.password);
      // A file whose page tree MuPDF has to rebuild (017) renders from the engine's repaired copy.
      if (original.length === 0 && !row.password) original = renderGrey(await repaired(dir, fact.file));
      const text = pdftotext(row.password ? decrypted(dir, fact.file, row.password) : fact.file);
      for (const side of ['ours', 'lo']) {
        const pdf = join(dirs[`${side}Pdf`], `${row.stem}.pdf`);
        if (!existsSync(pdf)) continue;
        const roundTrip = renderGrey(pdf);
        row[`${side}Ssim`] = meanPageSsim(original, roundTrip, ssim);
        row[`${side}Pages`] = roundTrip.length;
        // An image-only original has no text to compare.
        if (text !== '') row[`${side}Text`] = textSimilarity(dir, text, pdftotext(pdf));
      }
      line([
        row.name.slice(0, 44).padEnd(44),
        String(row.pages).padStart(5),
        f3(row.oursText).padStart(9),
        f3(row.loText).padStart(7),
        (row.oursError ? `err ${row.oursError}` : f3(row.oursSsim)).padStart(9),
        (row.loError ? row.loError : f3(row.loSsim)).padStart(7),
        f1(row.oursSeconds ? row.pages / row.oursSeconds : NaN).padStart(8),
        f1(row.loSeconds ? row.pages / row.loSeconds : NaN).padStart(6),
        pageCount(row.oursPages, row.pages).padStart(7),
        pageCount(row.loPages, row.pages).padStart(7),
      ]);
    }
    const done = rows.filter((r) => !r.skip);
    const pages = done.filter((r) => r.oursSeconds).reduce((n, r) => n + r.pages, 0);
    const seconds = done.reduce((s, r) => s + (r.oursSeconds ?? 0), 0);
    const loPages = done.filter((r) => r.loSeconds).reduce((n, r) => n + r.pages, 0);
    const loSeconds = done.reduce((s, r) => s + (r.loSeconds ?? 0), 0);
    line(['mean (files)'.padEnd(44), String(pages).padStart(5), f3(mean(done.map((r) => r.oursText))).padStart(9), f3(mean(done.map((r) => r.loText))).padStart(7), f3(mean(done.map((r) => r.oursSsim))).padStart(9), f3(mean(done.map((r) => r.loSsim))).padStart(7), f1(pages / seconds).padStart(8), f1(loPages / loSeconds).padStart(6)]);
    const both = done.filter((r) => Number.isFinite(r.oursSsim) && Number.isFinite(r.loSsim));
    if (withLo) process.stdout.write(`\nSSIM on the ${both.length} files both converted: ours ${f3(mean(both.map((r) => r.oursSsim)))}, LibreOffice ${f3(mean(both.map((r) => r.loSsim)))}\n`);
    const kept = (side) => done.filter((r) => r[`${side}Pages`] === r.pages).length;
    const tried = (side) => done.filter((r) => Number.isFinite(r[`${side}Pages`])).length;
    process.stdout.write(`page count kept: ours ${kept('ours')} of ${done.length} files (${((100 * kept('ours')) / done.length).toFixed(0)} %), LibreOffice ${kept('lo')} of ${tried('lo')}\n`);
    return 0;
  });
}

/** Round-trip pages / original pages, or a dash when there is no round trip. */
function pageCount(pages, original) {
  return Number.isFinite(pages) ? `${pages}/${original}${pages === original ? ' ' : '!'}` : '  -  ';
}

