// Benchmarks of the page-organising tools: rotate-pdf, delete-pages, rearrange-pdf-pages and
// split-pdf. Our engine runs in-process (warm, as the server's worker threads call it); qpdf
// does the same job as a child process of this script. Both run over the unencrypted corpus
// PDFs that qpdf accepts for the job; one iteration processes every file once.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { corpusFiles, hasCommand, loadEngine, ms, stats, timeAsync, timeProcess, withTempDir } from './lib.js';

/** The ratio our median may reach against qpdf's. */
const TARGET_RATIO = 1.5;

/**
 * Each job: what our engine does with one file, and the qpdf command line doing the same.
 * `out` is a file path, or a directory for split.
 */
const jobs = {
  'rotate-pdf': {
    what: 'turn page 1 by 90 degrees',
    ours: (engine, file, out) => engine.rotatePdf({ path: file }, out, { angle: 90, pages: [1] }),
    qpdf: (file, out) => [file, '--rotate=+90:1', out],
  },
  'delete-pages': {
    what: 'delete page 2',
    ours: (engine, file, out) => engine.deletePages({ path: file }, out, { pages: [2] }),
    qpdf: (file, out) => [file, '--pages', '.', '1,3-z', '--', out],
  },
  'rearrange-pdf-pages': {
    what: 'pages 3,1,2 (the rest dropped)',
    ours: (engine, file, out) => engine.rearrangePages({ path: file }, out, { order: [3, 1, 2] }),
    qpdf: (file, out) => ['--empty', '--pages', file, '3,1,2', '--', out],
  },
  'split-pdf': {
    what: 'one PDF per page',
    directory: true,
    ours: (engine, file, out) => engine.splitPdf({ path: file }, out, { mode: 'every' }),
    qpdf: (file, out) => [file, '--split-pages=1', join(out, 'page-%d.pdf')],
  },
};

function freshOutput(job, dir, name) {
  const out = join(dir, name);
  if (job.directory) {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out);
  }
  return out;
}

async function runJob(name, { iterations }) {
  const job = jobs[name];
  const corpus = corpusFiles();
  if (!corpus) {
    console.log(`${name}: corpus not found (set PAGEWRIGHT_CORPUS); nothing to measure`);
    return 0;
  }
  if (!hasCommand('qpdf')) {
    console.log(`${name}: qpdf not installed; no baseline to compare with`);
    return 0;
  }
  const engine = await loadEngine();
  const files = corpus.filter((f) => !f.encrypted).map((f) => f.file);

  return withTempDir(async (dir) => {
    // qpdf's baseline runs on the files it accepts for this job (delete and rearrange need 3 pages).
    const accepted = files.filter((file) => {
      const out = freshOutput(job, dir, 'probe');
      return spawnSync('qpdf', job.qpdf(file, out), { stdio: 'ignore' }).status === 0;
    });
    const rejected = files.filter((file) => !accepted.includes(file));
    const oursOut = join(dir, job.directory ? 'ours' : 'ours.pdf');
    const qpdfOut = join(dir, job.directory ? 'qpdf' : 'qpdf.pdf');

    // Warm-up: WebAssembly, JIT, file cache.
    for (const file of accepted) {
      await job.ours(engine, file, freshOutput(job, dir, basename(oursOut)));
      timeProcess('qpdf', job.qpdf(file, freshOutput(job, dir, basename(qpdfOut))));
    }

    const t = { ours: [], qpdf: [] };
    const perFile = new Map(accepted.map((file) => [file, { ours: [], qpdf: [] }]));
    for (let i = 0; i < iterations; i++) {
      // Interleaved file by file, so that load from elsewhere on the machine hits both alike.
      let ours = 0;
      let theirs = 0;
      for (const file of accepted) {
        const a = await timeAsync(() => job.ours(engine, file, freshOutput(job, dir, basename(oursOut))));
        const b = timeProcess('qpdf', job.qpdf(file, freshOutput(job, dir, basename(qpdfOut))));
        perFile.get(file).ours.push(a);
        perFile.get(file).qpdf.push(b);
        ours += a;
        theirs += b;
      }
      t.ours.push(ours);
      t.qpdf.push(theirs);
    }
    const s = { ours: stats(t.ours), qpdf: stats(t.qpdf) };
    const ratio = s.ours.median / s.qpdf.median;
    console.log(`${name} benchmark (${job.what}): ${iterations} iterations over ${accepted.length} corpus PDFs`);
    if (rejected.length) {
      const names = rejected.map((f) => basename(f).split(/[_-]/)[0]);
      console.log(`  left out, qpdf cannot do it on ${rejected.length} (fewer pages, or broken): ${names.join(', ')}`);
    }
    const line = (label, st) => console.log(`  ${label.padEnd(28)} median ${ms(st.median).padStart(10)}  mean ${ms(st.mean).padStart(10)}  min ${ms(st.min).padStart(10)}  max ${ms(st.max).padStart(10)}`);
    line('engine in-process (warm)', s.ours);
    line('qpdf child processes', s.qpdf);
    console.log(`  ratio ours/qpdf (median): ${ratio.toFixed(2)}  (target <= ${TARGET_RATIO})`);
    // The files where the engine spends most, with their own ratio.
    const rows = accepted
      .map((file) => ({ file, ours: stats(perFile.get(file).ours).median, qpdf: stats(perFile.get(file).qpdf).median }))
      .sort((a, b) => b.ours - a.ours)
      .slice(0, 3);
    for (const row of rows) console.log(`    ${basename(row.file).slice(0, 44).padEnd(44)} ours ${ms(row.ours).padStart(9)}  qpdf ${ms(row.qpdf).padStart(9)}  ratio ${(row.ours / row.qpdf).toFixed(2)}`);
    return 0;
  });
}

/** One benchmark module per tool, in the shape run.js expects. */
export const benchmarks = Object.fromEntries(Object.keys(jobs).map((name) => [name, { run: (options) => runJob(name, options) }]));
