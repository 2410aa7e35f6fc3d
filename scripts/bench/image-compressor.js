// image-compressor benchmark: our compressor (in-process, warm, level medium unless
// COMPRESS_LEVEL=high|low) against sharp's defaults in the same run (JPEG quality 80, PNG
// compression level 6, each as sharp writes it by default), over the corpus JPEGs and PNGs
// (<corpus>/../images, or PAGEWRIGHT_CORPUS_IMAGES). Prints, honestly:
//   - bytes in, bytes out and bytes saved for each, per file and in total (target: ours < sharp)
//   - mean SSIM against the original (grey on white, 8x8 windows moved by 4: the engine's SSIM,
//     the one compress-pdf's benchmark uses) for each (target: ours >= 0.95)
//   - time per run of all files, ours and sharp's (median over the timed iterations)
// Usage: npm run bench -- image-compressor [--iterations N]
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import sharp from 'sharp';
import { corpusDir, kib, loadEngine, ms, stats, timeAsync, withTempDir } from './lib.js';

const imagesDir = process.env.PAGEWRIGHT_CORPUS_IMAGES ?? join(corpusDir, '..', 'images');
const KINDS = { '.jpg': 'jpeg', '.jpeg': 'jpeg', '.png': 'png' };

// The engine's SSIM (packages/engine/dist/pdf/ssim.js), loaded by run().
let ssim;

/** Grey samples of an image as shown on white, EXIF orientation applied. */
async function grey(bytes) {
  const { data, info } = await sharp(bytes, { autoOrient: true }).flatten({ background: '#ffffff' }).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, grey: data };
}

async function similarity(original, bytes) {
  const other = await grey(bytes);
  if (other.width !== original.width || other.height !== original.height) return 0;
  return ssim(original, other);
}

/** sharp's defaults for the format (no mozjpeg, no palette), EXIF orientation applied as ours does. */
function sharpDefault(path, kind) {
  const pipeline = sharp(path, { autoOrient: true });
  return kind === 'jpeg' ? pipeline.jpeg({ quality: 80 }).toBuffer() : pipeline.png({ compressionLevel: 6 }).toBuffer();
}

const mean = (values) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN);

export async function run({ iterations }) {
  if (!existsSync(imagesDir)) {
    console.log(`image-compressor: corpus images not found at ${imagesDir} (set PAGEWRIGHT_CORPUS_IMAGES); nothing to measure`);
    return 0;
  }
  const level = process.env.COMPRESS_LEVEL ?? 'medium';
  const engine = await loadEngine();
  ({ ssim } = await loadEngine('pdf/ssim.js'));
  const files = readdirSync(imagesDir)
    .filter((name) => KINDS[extname(name).toLowerCase()])
    .sort()
    .map((name) => ({ path: join(imagesDir, name), kind: KINDS[extname(name).toLowerCase()] }));

  return withTempDir(async (dir) => {
    const rows = [];
    const times = { ours: [], sharp: [] };
    for (let round = 0; round <= iterations; round++) {
      let oursTime = 0;
      let sharpTime = 0;
      for (const [i, file] of files.entries()) {
        const out = join(dir, `ours-${i}${extname(file.path)}`);
        let theirs;
        // Round 0 warms up (libvips, JIT, file cache) and is not timed.
        oursTime += await timeAsync(() => engine.processImage(file.path, out, { mode: 'compress', level }));
        sharpTime += await timeAsync(async () => {
          theirs = await sharpDefault(file.path, file.kind);
        });
        if (round === 0) rows.push({ ...file, out, theirs });
      }
      if (round > 0) {
        times.ours.push(oursTime);
        times.sharp.push(sharpTime);
      }
    }

    console.log(`image-compressor benchmark: level ${level} vs sharp defaults (JPEG q80, PNG compressionLevel 6), ${files.length} corpus JPEGs and PNGs, ${iterations} timed iterations`);
    console.log(`  ${'file'.padEnd(22)} ${'input'.padStart(9)} ${'ours'.padStart(9)} ${'sharp'.padStart(9)}  ${'SSIM ours'.padStart(9)} ${'SSIM sharp'.padStart(10)}`);
    let inTotal = 0;
    let oursTotal = 0;
    let sharpTotal = 0;
    const oursSsim = [];
    const sharpSsim = [];
    for (const row of rows) {
      const input = readFileSync(row.path);
      const original = await grey(input);
      const ours = readFileSync(row.out);
      const so = await similarity(original, ours);
      const ss = await similarity(original, row.theirs);
      inTotal += input.length;
      oursTotal += ours.length;
      sharpTotal += row.theirs.length;
      oursSsim.push(so);
      sharpSsim.push(ss);
      console.log(`  ${basename(row.path).slice(0, 22).padEnd(22)} ${String(input.length).padStart(9)} ${String(ours.length).padStart(9)} ${String(row.theirs.length).padStart(9)}  ${so.toFixed(4).padStart(9)} ${ss.toFixed(4).padStart(10)}`);
    }
    const to = stats(times.ours);
    const ts = stats(times.sharp);
    const saved = (out) => `${kib(inTotal - out)} (${(((inTotal - out) / inTotal) * 100).toFixed(1)}%)`;
    console.log(`  totals: input ${inTotal} B (${kib(inTotal)}), ours ${oursTotal} B, sharp defaults ${sharpTotal} B`);
    console.log(`  bytes saved: ours ${saved(oursTotal)}, sharp defaults ${saved(sharpTotal)}`);
    console.log(`  bytes ratio ours/sharp: ${(oursTotal / sharpTotal).toFixed(3)}  (target < 1)`);
    console.log(`  mean SSIM vs original: ours ${mean(oursSsim).toFixed(4)} (target >= 0.95, worst ${Math.min(...oursSsim).toFixed(4)}), sharp defaults ${mean(sharpSsim).toFixed(4)} (worst ${Math.min(...sharpSsim).toFixed(4)})`);
    console.log(`  time, all files per run: ours median ${ms(to.median)} (mean ${ms(to.mean)}), sharp defaults median ${ms(ts.median)} (mean ${ms(ts.mean)})`);
    const met = oursTotal < sharpTotal && mean(oursSsim) >= 0.95;
    console.log(`  target ${met ? 'met' : 'NOT met'}`);
    return 0;
  });
}
