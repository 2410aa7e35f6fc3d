// merge-pdf benchmark: our engine (in-process, warm, as the server's worker threads call it;
// and through the `pagewright` CLI process) against `qpdf --empty --pages ... --`, run as a
// child process of this script, on the unencrypted corpus PDFs.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { corpusFiles, engineBin, hasCommand, kib, loadEngine, ms, stats, timeAsync, timeProcess, withTempDir } from './lib.js';

export async function run({ iterations }) {
  const corpus = corpusFiles();
  if (!corpus) {
    console.log('merge-pdf: corpus not found (set PAGEWRIGHT_CORPUS); nothing to measure');
    return 0;
  }
  if (!hasCommand('qpdf')) {
    console.log('merge-pdf: qpdf not installed; no baseline to compare with');
    return 0;
  }
  const engine = await loadEngine();
  const files = corpus.filter((f) => !f.encrypted).map((f) => f.file);

  return withTempDir(async (dir) => {
    // The baseline runs on the files qpdf can merge; ours is timed on the same set.
    const rejected = files.filter((file) => spawnSync('qpdf', ['--empty', '--pages', file, '--', join(dir, 'probe.pdf')], { stdio: 'ignore' }).status !== 0);
    const common = files.filter((file) => !rejected.includes(file));
    const ours = join(dir, 'ours.pdf');
    const oursCli = join(dir, 'ours-cli.pdf');
    const oursAll = join(dir, 'ours-all.pdf');
    const theirs = join(dir, 'qpdf.pdf');
    const qpdfArgs = ['--empty', '--pages', ...common, '--', theirs];
    const cliArgs = [engineBin, 'merge-pdf', ...common, '-o', oursCli];
    const inputs = common.map((path) => ({ path }));

    // Warm-up: load WebAssembly, JIT, file cache.
    await engine.mergePdf(inputs, ours);
    timeProcess('qpdf', qpdfArgs);

    const t = { inProcess: [], cli: [], qpdf: [], inProcessAll: [] };
    for (let i = 0; i < iterations; i++) {
      t.inProcess.push(await timeAsync(() => engine.mergePdf(inputs, ours)));
      t.cli.push(timeProcess(process.execPath, cliArgs));
      t.qpdf.push(timeProcess('qpdf', qpdfArgs));
      t.inProcessAll.push(await timeAsync(() => engine.mergePdf(files.map((path) => ({ path })), oursAll)));
    }
    const s = Object.fromEntries(Object.entries(t).map(([k, v]) => [k, stats(v)]));
    const pages = async (file) => (await engine.documentInfo(file)).total_page;
    const qpdfPages = (file) => Number(spawnSync('qpdf', ['--show-npages', file], { encoding: 'utf8' }).stdout.trim());

    console.log(`merge-pdf benchmark: ${iterations} iterations, ${common.length} corpus PDFs (${kib(common.reduce((n, f) => n + statSync(f).size, 0))} in)`);
    if (rejected.length) console.log(`  qpdf cannot merge (left out of the comparison): ${rejected.map((f) => basename(f)).join(', ')}`);
    const line = (label, st) => console.log(`  ${label.padEnd(34)} median ${ms(st.median).padStart(10)}  mean ${ms(st.mean).padStart(10)}  min ${ms(st.min).padStart(10)}  max ${ms(st.max).padStart(10)}`);
    line('engine in-process (warm)', s.inProcess);
    line('engine via CLI process', s.cli);
    line('qpdf child process', s.qpdf);
    console.log(`  ratio ours/qpdf, in-process:      ${(s.inProcess.median / s.qpdf.median).toFixed(2)} (median)  ${(s.inProcess.mean / s.qpdf.mean).toFixed(2)} (mean)`);
    console.log(`  ratio ours/qpdf, CLI process:     ${(s.cli.median / s.qpdf.median).toFixed(2)} (median)  ${(s.cli.mean / s.qpdf.mean).toFixed(2)} (mean)`);
    console.log(`  pages: ours ${await pages(ours)} (qpdf counts ${qpdfPages(ours)}), qpdf ${qpdfPages(theirs)}`);
    console.log(`  sizes: ours ${kib(statSync(ours).size)}, qpdf ${kib(statSync(theirs).size)}`);
    line(`engine in-process, all ${files.length} files`, s.inProcessAll);
    console.log(`  all files: ${await pages(oursAll)} pages, ${kib(statSync(oursAll).size)}`);
    return 0;
  });
}
