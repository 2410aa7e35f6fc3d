// Shared helpers of the benchmarks: corpus location, the built engine, timing, statistics.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const corpusDir = process.env.PAGEWRIGHT_CORPUS ?? join(repoRoot, '..', 'shared', 'corpus', 'pdf');
/** The real-world set (`--set real`): PDFs nobody here made, for layout analysis. */
export const realCorpusDir = process.env.PAGEWRIGHT_REAL_CORPUS ?? join(repoRoot, '..', 'shared', 'corpus', 'pdf-real');
export const engineDist = join(repoRoot, 'packages', 'engine', 'dist', 'index.js');
export const engineBin = join(repoRoot, 'packages', 'engine', 'bin', 'pagewright.js');

/**
 * The built engine (the server's worker threads load the same files), or one of its internal
 * modules by its path under packages/engine/dist (e.g. 'pdf/ssim.js').
 */
export async function loadEngine(module = 'index.js') {
  const path = join(dirname(engineDist), module);
  if (!existsSync(path)) {
    throw new Error(`the engine is not built: run 'npx tsc -b packages/engine' first (${path} missing)`);
  }
  return import(pathToFileURL(path).href);
}

/** Corpus PDFs with their facts (py-pdf-files.json paths use '/' where file names use '_'). */
export function corpusFiles() {
  const factsPath = join(corpusDir, 'py-pdf-files.json');
  if (!existsSync(factsPath)) return null;
  const facts = JSON.parse(readFileSync(factsPath, 'utf8')).data;
  return facts
    .map((fact) => ({ ...fact, file: join(corpusDir, fact.path.replaceAll('/', '_')) }))
    .filter((fact) => existsSync(fact.file))
    .filter((fact) => !process.env.PAGEWRIGHT_BENCH_FILES || new RegExp(process.env.PAGEWRIGHT_BENCH_FILES).test(fact.file.slice(corpusDir.length + 1)));
}

/** The corpus set chosen with `--set` (run.js): '' for the default one. */
export const benchSet = () => process.env.PAGEWRIGHT_BENCH_SET ?? '';

/**
 * The PDFs of the real-world set as `{ file }` (no facts file: their page counts are read when
 * they are opened), in name order, filtered like the corpus by `--files`.
 */
export function realFiles() {
  if (!existsSync(realCorpusDir)) return null;
  return readdirSync(realCorpusDir)
    .filter((name) => /\.pdf$/i.test(name))
    .sort()
    .filter((name) => !process.env.PAGEWRIGHT_BENCH_FILES || new RegExp(process.env.PAGEWRIGHT_BENCH_FILES).test(name))
    .map((name) => ({ file: join(realCorpusDir, name) }));
}

export function hasCommand(command, args = ['--version']) {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

/**
 * LibreOffice headless with its own profile. On a timeout Node kills the `soffice` wrapper
 * only: the soffice.bin under it keeps running and keeps the profile locked, so every later
 * call on that profile failed. It is killed too.
 */
export function soffice(profile, args, timeout = 1_800_000) {
  const r = spawnSync('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', ...args], { encoding: 'utf8', timeout });
  if (r.error) spawnSync('pkill', ['-KILL', '-f', `UserInstallation=file://${profile}`]);
  return r;
}

/** Past this, LibreOffice's rendering of one of its own imports counts as failed. */
const LO_RENDER_TIMEOUT = Number(process.env.PAGEWRIGHT_LO_RENDER_TIMEOUT_MS ?? 240_000);

/**
 * LibreOffice's rendering of its own import (a DOCX or PPTX made from the PDF) back to PDF, one
 * process per file with a time limit: its imports of some tables are thousands of frames that
 * take it many minutes to lay out, and one such file must not use up the time of the others
 * (it then has no round trip, like a failed import). The result does not change between runs,
 * so under PAGEWRIGHT_BENCH_CACHE=<dir> each file's PDF (or its failure) is kept beside the
 * import (`<cached>.<ext>.pdf`, `<cached>.<ext>.pdf-failed`). `entries` are `{ path, cached }`
 * (cached: the cache key of the file, or undefined). Returns the failures by path.
 */
export function renderLoImports(profile, outDir, entries) {
  const failed = new Map();
  for (const { path, cached } of entries) {
    const pdf = join(outDir, basename(path).replace(/\.[^.]+$/, '.pdf'));
    const kept = cached && `${cached}${path.slice(path.lastIndexOf('.'))}.pdf`;
    if (kept && existsSync(kept)) {
      copyFileSync(kept, pdf);
      continue;
    }
    if (kept && existsSync(`${kept}-failed`)) {
      failed.set(path, readFileSync(`${kept}-failed`, 'utf8'));
      continue;
    }
    const r = soffice(profile, ['--convert-to', 'pdf', '--outdir', outDir, path], LO_RENDER_TIMEOUT);
    if (existsSync(pdf)) {
      if (kept) copyFileSync(pdf, kept);
    } else {
      const reason = r.error ? `rendering timed out after ${LO_RENDER_TIMEOUT / 1000} s` : `rendering exited ${r.status}`;
      failed.set(path, reason);
      if (kept) writeFileSync(`${kept}-failed`, reason);
    }
  }
  return failed;
}

export function withTempDir(fn) {
  const dir = mkdtempSync(join(tmpdir(), 'pagewright-bench-'));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  return Promise.resolve()
    .then(() => fn(dir))
    .finally(cleanup);
}

/** Runs a command to completion and returns its wall time in ms; throws when it fails. */
export function timeProcess(command, args) {
  const start = performance.now();
  const result = spawnSync(command, args, { encoding: 'utf8' });
  const ms = performance.now() - start;
  if (result.status !== 0) throw new Error(`${command} ${args.slice(0, 3).join(' ')} ... exited ${result.status}: ${result.stderr}`);
  return ms;
}

export async function timeAsync(fn) {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

export function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
  return { median, mean, min: sorted[0], max: sorted.at(-1) };
}

export const ms = (value) => `${value.toFixed(1)} ms`;
export const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;

function cropGrey(image, width, height) {
  if (image.width === width && image.height === height) return image;
  const grey = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) grey.set(image.grey.subarray(y * image.width, y * image.width + width), y * width);
  return { width, height, grey };
}

/**
 * Mean SSIM of the original's pages against a round trip's, page by page on their common
 * size; a page the round trip lost counts as 0. `ssim` is the engine's (pdf/ssim.js).
 */
export function meanPageSsim(original, roundTrip, ssim) {
  if (original.length === 0) return NaN;
  let total = 0;
  original.forEach((page, i) => {
    const other = roundTrip[i];
    if (!other) return;
    const w = Math.min(page.width, other.width);
    const h = Math.min(page.height, other.height);
    total += ssim(cropGrey(page, w, h), cropGrey(other, w, h));
  });
  return total / original.length;
}

/** Mean of the finite values; NaN when there is none. */
export const mean = (values) => {
  const v = values.filter((x) => Number.isFinite(x));
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN;
};
/** A value for the tables: three or one decimals, a dash when there is none. */
export const f3 = (v) => (Number.isFinite(v) ? v.toFixed(3) : '  -  ');
export const f1 = (v) => (Number.isFinite(v) ? v.toFixed(1) : '  - ');

/** The file as the engine opens it (page tree rebuilt), saved by MuPDF. */
export async function repaired(dir, path) {
  const { openPdfBytes } = await loadEngine('pdf/open.js');
  const { documentFail, saveDocument } = await loadEngine('pdf/single.js');
  const out = join(dir, `repaired-${basename(path)}`);
  const { doc } = openPdfBytes(readFileSync(path), undefined, documentFail);
  try {
    writeFileSync(out, saveDocument(doc));
  } finally {
    doc.destroy();
  }
  return out;
}

/**
 * Starts the built server on a free loopback port with its embedded defaults in a temporary
 * data directory (paywalls off; `env` adds to or overrides its environment), waits until it
 * answers, and returns its base URL, the data directory, the environment it was given (which
 * `npm run worker` processes beside it share) and `stop()` (SIGTERM, then the directory removed).
 */
export async function startBuiltServer(name, extraEnv = {}) {
  const { spawn } = await import('node:child_process');
  const { createServer } = await import('node:net');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const port = await new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    }).on('error', reject);
  });
  const dataDir = mkdtempSync(join(tmpdir(), `pagewright-bench-${name}-`));
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', PAYWALLS: 'off', ...extraEnv };
  const server = spawn(process.execPath, [join(repoRoot, 'apps/server/dist/main.js')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300 || server.exitCode !== null) {
      await stop();
      throw new Error('the server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, dataDir, env, stop };
}

/**
 * A visitor of a running server as a browser is: keeps the cookies it is given, uploads as the
 * web app does (one PUT, or parts and the callback); every call's answer must have code 0.
 */
export function benchBrowser(base) {
  let cookie = '';
  const call = async (path, init = {}) => {
    const res = await fetch(base + path, { ...init, headers: { ...init.headers, ...(cookie ? { cookie } : {}) } });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const name = pair.split('=')[0];
      cookie = [...cookie.split('; ').filter((c) => c && c.split('=')[0] !== name), pair].join('; ');
    }
    return res;
  };
  const json = async (path, init = {}) => {
    const body = await (await call(path, init)).json();
    if (body.code !== 0) throw new Error(`${path}: ${body.code} ${body.msg}`);
    return body.data;
  };
  const post = (path, data) => json(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(data) });
  return {
    call,
    json,
    post,
    cookie: () => cookie,
    setCookie: (value) => { cookie = value; },
    async upload(name, bytes) {
      const md5 = createHash('md5').update(bytes).digest('hex');
      const { file_id: fileId, policy } = await post('/api/file/oss/object', { filename: name, file_size: bytes.length, md5_code: md5 });
      const local = (url) => url.replace(/^https?:\/\/[^/]+/, '');
      const octets = { 'content-type': 'application/octet-stream' };
      if (bytes.length <= policy.chunk_threshold) {
        await json(local(policy.sts_url), { method: 'PUT', headers: octets, body: bytes });
        return fileId;
      }
      const parts = Math.ceil(bytes.length / policy.part_size);
      for (let part = 1; part <= parts; part++) {
        const body = bytes.subarray((part - 1) * policy.part_size, part * policy.part_size);
        await json(local(policy.part_url.replace('{part}', String(part))), { method: 'PUT', headers: octets, body });
      }
      await post(local(policy.sts_url), { parts });
      return fileId;
    },
  };
}
