// scale benchmark: how task throughput grows with `npm run worker` processes (QUEUE_KIND=bullmq).
// Starts a Redis of its own (redis-server on a free loopback port, no persistence) and the built
// API with QUEUE_KIND=bullmq; the database and the objects stay the embedded ones (a SQLite file
// and a local directory in a temporary data directory, shared by the API and its workers), so
// PostgreSQL and S3 are not part of what is measured. One signed-in user (paywalls off, so no
// limit interferes) uploads a few small PDFs made here once, then for 1, 2 and 4 worker
// processes (ENGINE_THREADS=1 each, so the curve shows processes, not threads):
//   - a warm-up of 2 tasks per worker, then 200 compress tasks submitted at once (8 at a time);
//   - tasks per minute: 200 over the time from the first submission to the last task's finish
//     (its updated_at in the database, this machine's clock);
//   - the API's latency for `get-task-result` while that runs, polled by 4 clients (each every
//     200 ms, about 20 requests/s: what some 40 browsers polling every 2 s would send): p50, p95;
//   - each worker's RSS (VmRSS of /proc/<pid>/status, with any child processes), sampled every
//     200 ms: mean of the samples and peak.
// Prints a table and the worker count after which tasks per minute stop growing (less than
// 10 % more). Every process and directory it started is stopped and removed at the end.
// Usage: npm run bench -- scale   (PAGEWRIGHT_SCALE_TASKS=N to change the 200 tasks,
// PAGEWRIGHT_SCALE_WORKERS=1,2,4 the worker counts).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, totalmem } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { benchBrowser, repoRoot, startBuiltServer } from './lib.js';

const TASKS = Number(process.env.PAGEWRIGHT_SCALE_TASKS ?? 200);
const WORKER_COUNTS = (process.env.PAGEWRIGHT_SCALE_WORKERS ?? '1,2,4').split(',').map(Number);
const SUBMITTERS = 8;
const POLLERS = 4;
const POLL_EVERY_MS = 200;
const FILES = 8;
const ROUND_TIMEOUT_MS = 20 * 60_000;
const workerMain = join(repoRoot, 'apps/server/dist/worker.js');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    }).on('error', reject);
  });
}

/** A redis-server of its own on a free loopback port, without persistence. */
async function startRedis() {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout.on('data', (d) => (log += d.toString()));
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 10_000;
  while (!log.includes('Ready to accept connections')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`redis-server did not start:\n${log}`);
    }
    await sleep(50);
  }
  return { url: `redis://127.0.0.1:${port}`, process: child, stop };
}

/** `npm run worker` with the API's environment; resolves once it takes tasks. */
async function startWorker(env) {
  const child = spawn(process.execPath, [workerMain], { env: { ...env, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  let ready = false;
  const keep = (d) => {
    log = (log + d.toString()).slice(-20_000);
    if (log.includes('taking tasks from the BullMQ queues')) ready = true;
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 30_000;
  while (!ready) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`worker did not start:\n${log}`);
    }
    await sleep(50);
  }
  return { pid: child.pid, stop, log: () => log };
}

/** Resident memory of a process and its descendants, in bytes (0 once it is gone). */
function rss(pid) {
  let total = 0;
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    total += kb ? Number(kb[1]) * 1024 : 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim();
      for (const child of children ? children.split(/\s+/) : []) total += rss(Number(child));
    }
  } catch {
    // the process ended between two reads
  }
  return total;
}

/**
 * A small PDF: a page of text and a page with an uncompressed 256x256 RGB image (the part a
 * compression has work on), different for each seed; about 200 KB.
 */
function makePdf(seed) {
  const side = 256;
  const pixels = Buffer.alloc(side * side * 3);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const i = (y * side + x) * 3;
      pixels[i] = (x * 3 + seed * 17) & 255;
      pixels[i + 1] = (y * 2 + seed * 31) & 255;
      pixels[i + 2] = ((x ^ y) + seed * 7) & 255;
    }
  }
  const text = `BT /F1 18 Tf 72 720 Td (Scale benchmark document ${seed}) Tj ET`;
  const draw = 'q 400 0 0 400 106 196 cm /Im1 Do Q';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R 6 0 R] /Count 2 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 8 0 R >> >> /Contents 7 0 R >>',
    `<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`,
  ];
  const parts = [];
  let length = 0;
  const push = (chunk) => {
    const b = typeof chunk === 'string' ? Buffer.from(chunk, 'latin1') : chunk;
    parts.push(b);
    length += b.length;
  };
  const offsets = [];
  push('%PDF-1.7\n');
  objects.forEach((body, i) => {
    offsets.push(length);
    push(`${i + 1} 0 obj\n${body}\nendobj\n`);
  });
  offsets.push(length);
  push(`8 0 obj\n<< /Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Length ${pixels.length} >>\nstream\n`);
  push(pixels);
  push('\nendstream\nendobj\n');
  const xref = length;
  push(`xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`);
  push(`trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}


const percentile = (samples, p) => {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
};
const mb = (bytes) => (Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(0)} MB` : '-');

/** Submits `count` compress tasks, SUBMITTERS at a time; returns their ids. */
async function submit(user, fileIds, count, ids = []) {
  let next = 0;
  await Promise.all(Array.from({ length: SUBMITTERS }, async () => {
    while (next < count) {
      const i = next++;
      const { task_id: taskId } = await user.post('/api/compress', { file_id: fileIds[i % fileIds.length], level: 'medium' });
      ids.push(taskId);
    }
  }));
  return ids;
}

/** Waits until every task has ended (finished or failed) in the database; returns the rows. */
async function waitDone(db, ids, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  const placeholders = ids.map(() => '?').join(',');
  const query = db.prepare(`select task_id, status, code, updated_at from tasks where task_id in (${placeholders})`);
  for (;;) {
    const rows = query.all(...ids);
    if (rows.length === ids.length && rows.every((r) => r.status === 'finished' || r.status === 'failed')) return rows;
    if (Date.now() > deadline) throw new Error(`tasks not done after ${timeoutMs / 1000} s: ${rows.filter((r) => r.status !== 'finished' && r.status !== 'failed').length} left`);
    await sleep(100);
  }
}

async function round(server, user, db, fileIds, count) {
  const workers = [];
  try {
    for (let i = 0; i < count; i++) workers.push(await startWorker(server.env));
    // Warm-up: the engine threads load MuPDF on their first task.
    await waitDone(db, await submit(user, fileIds, 2 * count), ROUND_TIMEOUT_MS);

    const samples = new Map(workers.map((w) => [w.pid, []]));
    const sample = () => {
      for (const w of workers) samples.get(w.pid).push(rss(w.pid));
    };
    sample();
    const sampler = setInterval(sample, 200);
    const latencies = [];
    const pollErrors = [];
    let running = true;
    const ids = [];
    const pollers = Array.from({ length: POLLERS }, async (_, n) => {
      // Each poller is its own connection with the user's session, as another tab would be.
      const tab = benchBrowser(server.base);
      tab.setCookie(user.cookie());
      for (let k = n; running; k++) {
        if (ids.length > 0) {
          const id = ids[(k * 7) % ids.length];
          const t0 = performance.now();
          try {
            await tab.json(`/api/get-task-result?task_id=${id}`);
            latencies.push(performance.now() - t0);
          } catch (err) {
            pollErrors.push(err.message);
          }
        }
        await sleep(POLL_EVERY_MS);
      }
    });
    const start = Date.now();
    await submit(user, fileIds, TASKS, ids);
    const submitted = Date.now();
    const rows = await waitDone(db, ids, ROUND_TIMEOUT_MS);
    running = false;
    clearInterval(sampler);
    sample();
    await Promise.all(pollers);
    const end = Math.max(...rows.map((r) => Number(r.updated_at)));
    const failed = rows.filter((r) => r.status !== 'finished');
    const seconds = (end - start) / 1000;
    const perWorker = [...samples.values()].map((s) => ({ mean: s.reduce((a, b) => a + b, 0) / s.length, peak: Math.max(...s) }));
    return {
      workers: count,
      seconds,
      submitSeconds: (submitted - start) / 1000,
      perMinute: (rows.length - failed.length) / seconds * 60,
      failed: failed.length,
      failedCodes: [...new Set(failed.map((r) => r.code))],
      polls: latencies.length,
      pollErrors: pollErrors.length,
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
      rssMean: Math.max(...perWorker.map((w) => w.mean)),
      rssPeak: Math.max(...perWorker.map((w) => w.peak)),
    };
  } finally {
    for (const w of workers) await w.stop();
  }
}

export async function run() {
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) {
    process.stderr.write('scale: redis-server is not installed (apt-get install redis-server, or bash scripts/scale-up.sh)\n');
    return 1;
  }
  const redis = await startRedis();
  let server;
  let db;
  try {
    server = await startBuiltServer('scale', {
      // The embedded database and storage whatever this shell has set: the task rows are read
      // from the SQLite file.
      DATABASE_URL: undefined,
      DATABASE_FILE: undefined,
      STORAGE_KIND: 'local',
      QUEUE_KIND: 'bullmq',
      REDIS_URL: redis.url,
      ENGINE_THREADS: '1',
      UPLOAD_SIGNING_SECRET: 'bench-scale-secret-0123456789',
      CLIENT_SIGN_SECRET: 'bench-scale-client-0123456789',
    });
    db = new Database(join(server.dataDir, 'pagewright.db'), { readonly: true, fileMustExist: true });
    const user = benchBrowser(server.base);
    await user.post('/api/v2/user/register', { email: 'scale@example.com', password: 'correct horse battery', first_name: 'Scale', last_name: 'Bench' });
    const pdfs = Array.from({ length: FILES }, (_, i) => makePdf(i));
    const fileIds = [];
    for (const [i, bytes] of pdfs.entries()) fileIds.push(await user.upload(`scale-${i}.pdf`, bytes));

    process.stdout.write(`scale: ${TASKS} compress tasks (level medium) of ${FILES} PDFs of ${(pdfs[0].length / 1024).toFixed(0)} KB (2 pages, one 256x256 RGB image), `
      + `BullMQ on a local redis-server, SQLite and local storage; ENGINE_THREADS=1 per worker; `
      + `${availableParallelism()} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GB\n`);
    const results = [];
    for (const count of WORKER_COUNTS) {
      const r = await round(server, user, db, fileIds, count);
      results.push(r);
      process.stdout.write(`  ${count} worker(s): ${r.perMinute.toFixed(0)} tasks/min in ${r.seconds.toFixed(1)} s\n`);
    }

    process.stdout.write('\n  workers | tasks/min | wall s | failed | get-task-result p50 / p95 (n)  | RSS/worker mean / peak\n');
    process.stdout.write('  --------+-----------+--------+--------+--------------------------------+-----------------------\n');
    for (const r of results) {
      process.stdout.write(`  ${String(r.workers).padStart(7)} | ${r.perMinute.toFixed(0).padStart(9)} | ${r.seconds.toFixed(1).padStart(6)} | ${String(r.failed).padStart(6)} | `
        + `${`${r.p50.toFixed(1)} / ${r.p95.toFixed(1)} ms (${r.polls})`.padEnd(30)} | ${mb(r.rssMean)} / ${mb(r.rssPeak)}\n`);
    }
    let knee = results.at(-1);
    for (let i = 1; i < results.length; i++) {
      if (results[i].perMinute < results[i - 1].perMinute * 1.1) {
        knee = results[i - 1];
        break;
      }
    }
    const best = results.reduce((a, b) => (b.perMinute > a.perMinute ? b : a));
    process.stdout.write(knee === results.at(-1)
      ? `\n  the curve still grows at ${knee.workers} workers (${knee.perMinute.toFixed(0)} tasks/min)\n`
      : `\n  the curve stops growing after ${knee.workers} worker(s): ${knee.perMinute.toFixed(0)} tasks/min (best ${best.perMinute.toFixed(0)} with ${best.workers}); `
        + `more workers than cores only share the same ${availableParallelism()} cores\n`);
    const failures = results.filter((r) => r.failed > 0 || r.pollErrors > 0);
    for (const r of failures) process.stdout.write(`  ${r.workers} worker(s): ${r.failed} failed (codes ${r.failedCodes.join(', ') || '-'}), ${r.pollErrors} poll errors\n`);
    return failures.length === 0 ? 0 : 1;
  } finally {
    db?.close();
    await server?.stop();
    await redis.stop();
  }
}
