// compress-pdf benchmark: our engine (in-process, warm) at level medium against Ghostscript
// `-dPDFSETTINGS=/ebook` run as child processes of this script, over the corpus PDFs that hold
// images (py-pdf-files.json `images` > 0, and the big pdflatex 009 file). Prints, honestly:
//   - total output bytes, ours / gs (target <= 0.9)
//   - mean SSIM of every page rendered at 100 dpi with MuPDF (grey, 8x8 windows, stride 4),
//     ours vs the original and gs vs the original (target ours >= 0.9)
//   - time ours (in-process) / gs (target <= 1.0)
// Usage: npm run bench -- compress-pdf [--iterations N] (env COMPRESS_LEVEL=high|medium|low).
import { readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import * as mupdf from 'mupdf';
import { corpusFiles, hasCommand, kib, loadEngine, ms, stats, timeAsync, timeProcess, withTempDir } from './lib.js';

const DPI = 100;
const BIG_PDFLATEX = '009-pdflatex-geotopo';

const gsArgs = (input, output) => ['-sDEVICE=pdfwrite', '-dPDFSETTINGS=/ebook', '-dNOPAUSE', '-dBATCH', '-dQUIET', `-sOutputFile=${output}`, input];

// The engine's grey renderer and SSIM (packages/engine/dist/pdf/ssim.js), loaded by run().
let greyPages;
let ssim;

/** Every page of a PDF rendered to grey samples at DPI (the engine's renderer); [] when MuPDF cannot open it. */
function renderGrey(path) {
  let doc;
  try {
    doc = mupdf.Document.openDocument(readFileSync(path), 'application/pdf');
  } catch {
    return [];
  }
  try {
    return greyPages(doc, DPI);
  } finally {
    doc.destroy();
  }
}

/** The top-left `width` x `height` part of a grey image. */
function crop(image, width, height) {
  if (image.width === width && image.height === height) return image;
  const grey = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) grey.set(image.grey.subarray(y * image.width, y * image.width + width), y * width);
  return { width, height, grey };
}

/** The engine's SSIM (8x8 windows moved by 4 pixels, Wang et al. constants) over the part both images cover. */
function ssimCommon(a, b) {
  const width = Math.min(a.width, b.width);
  const height = Math.min(a.height, b.height);
  return ssim(crop(a, width, height), crop(b, width, height));
}

/** Per-page SSIM of `path` against the original's pages; null when the page counts differ. */
function pageSsims(original, path) {
  const pages = renderGrey(path);
  if (pages.length !== original.length) return null;
  return pages.map((page, i) => ssimCommon(original[i], page));
}

const mean = (values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);

export async function run({ iterations }) {
  const corpus = corpusFiles();
  if (!corpus) {
    console.log('compress-pdf: corpus not found (set PAGEWRIGHT_CORPUS); nothing to measure');
    return 0;
  }
  if (!hasCommand('gs')) {
    console.log('compress-pdf: Ghostscript (gs) not installed; no baseline to compare with');
    return 0;
  }
  const level = process.env.COMPRESS_LEVEL ?? 'medium';
  const engine = await loadEngine();
  ({ greyPages, ssim } = await loadEngine('pdf/ssim.js'));
  const files = corpus
    .filter((f) => !f.encrypted && ((f.images ?? 0) > 0 || basename(f.file).startsWith(BIG_PDFLATEX)))
    .map((f) => f.file);

  return withTempDir(async (dir) => {
    const rows = [];
    const times = { ours: [], gs: [] };
    for (let round = 0; round <= iterations; round++) {
      let oursTotal = 0;
      let gsTotal = 0;
      for (const [i, file] of files.entries()) {
        const ours = join(dir, `ours-${i}.pdf`);
        const theirs = join(dir, `gs-${i}.pdf`);
        // Round 0 warms up (WebAssembly, JIT, file cache) and is not timed.
        const tOurs = await timeAsync(() => engine.compressPdf({ path: file }, ours, { level }));
        const tGs = timeProcess('gs', gsArgs(file, theirs));
        oursTotal += tOurs;
        gsTotal += tGs;
        if (round === 0) rows.push({ file, ours, theirs });
      }
      if (round > 0) {
        times.ours.push(oursTotal);
        times.gs.push(gsTotal);
      }
    }

    console.log(`compress-pdf benchmark: level ${level} vs gs /ebook, ${files.length} corpus PDFs with images, ${iterations} timed iterations, SSIM at ${DPI} dpi`);
    console.log(`  ${'file'.padEnd(44)} ${'input'.padStart(9)} ${'ours'.padStart(9)} ${'gs'.padStart(9)}  ${'SSIM ours'.padStart(9)} ${'SSIM gs'.padStart(9)}  ${'min ours'.padStart(8)}`);
    let inTotal = 0;
    let oursBytes = 0;
    let gsBytes = 0;
    let oursBytesCommon = 0;
    let gsBytesCommon = 0;
    const oursAll = [];
    const gsAll = [];
    const gsFailed = [];
    const gsBroken = [];
    for (const row of rows) {
      const original = renderGrey(row.file);
      const oursS = pageSsims(original, row.ours);
      const gsS = pageSsims(original, row.theirs);
      const inSize = statSync(row.file).size;
      const oSize = statSync(row.ours).size;
      const gSize = statSync(row.theirs).size;
      inTotal += inSize;
      oursBytes += oSize;
      if (oursS) oursAll.push(...oursS);
      else oursAll.push(...original.map(() => 0));
      if (gsS) {
        gsAll.push(...gsS);
        gsBytes += gSize;
        if (mean(gsS) >= 0.9) {
          gsBytesCommon += gSize;
          oursBytesCommon += oSize;
        }
      } else {
        // gs wrote a document without the pages: count its result as the untouched input.
        gsFailed.push(basename(row.file));
        gsBytes += inSize;
      }
      if (gsS && mean(gsS) < 0.9) gsBroken.push(`${basename(row.file)} (SSIM ${mean(gsS).toFixed(3)}, ${gSize} bytes)`);
      const fmt = (v) => (v === null ? 'failed' : mean(v).toFixed(4));
      console.log(`  ${basename(row.file).slice(0, 44).padEnd(44)} ${String(inSize).padStart(9)} ${String(oSize).padStart(9)} ${String(gSize).padStart(9)}  ${fmt(oursS).padStart(9)} ${fmt(gsS).padStart(9)}  ${(oursS ? Math.min(...oursS).toFixed(4) : '-').padStart(8)}`);
    }
    const so = stats(times.ours);
    const sg = stats(times.gs);
    console.log(`  totals: input ${kib(inTotal)}, ours ${kib(oursBytes)}, gs ${kib(gsBytes)}`);
    if (gsFailed.length) {
      console.log(`  gs produced no pages for: ${gsFailed.join(', ')} (counted as the input size for gs; left out of the 'handled' ratio)`);
    }
    if (gsBroken.length) console.log(`  gs output does not look like the input (in the totals, flattering gs; not in the 'handled' ratio): ${gsBroken.join(', ')}`);
    console.log(`  bytes ratio ours/gs, all files:        ${(oursBytes / gsBytes).toFixed(3)}  (target <= 0.9)`);
    console.log(`  bytes ratio ours/gs, files gs handled (pages kept, SSIM >= 0.9): ${(oursBytesCommon / gsBytesCommon).toFixed(3)}`);
    console.log(`  mean page SSIM vs original: ours ${mean(oursAll).toFixed(4)} over ${oursAll.length} pages (target >= 0.9), gs ${mean(gsAll).toFixed(4)} over ${gsAll.length} pages; worst page ours ${Math.min(...oursAll).toFixed(4)}, gs ${Math.min(...gsAll).toFixed(4)}`);
    console.log(`  time, all files per run: ours in-process median ${ms(so.median)} (mean ${ms(so.mean)}), gs child processes median ${ms(sg.median)} (mean ${ms(sg.mean)})`);
    console.log(`  time ratio ours/gs: ${(so.median / sg.median).toFixed(2)} (median)  ${(so.mean / sg.mean).toFixed(2)} (mean)  (target <= 1.0)`);
    return 0;
  });
}
