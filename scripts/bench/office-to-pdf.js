// office-to-pdf throughput: 20 small DOCX files (made here with the `docx` package) converted
// through the engine's warm LibreOffice pool, against what a naive service does: a fresh
// `soffice --headless --convert-to pdf` per file, each with a fresh profile. Same files, same
// concurrency (the pool's instance count), same run. Also reports the pool's start-up time.
// `npm run bench -- office-to-pdf [--iterations N]` (N rounds of the 20 files through the pool).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Document, HeadingLevel, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { hasCommand, loadEngine, ms, stats, withTempDir } from './lib.js';

const FILES = 20;

async function smallDocx(i) {
  const rows = Array.from({ length: 4 }, (_, r) => new TableRow({
    children: Array.from({ length: 3 }, (_, c) => new TableCell({ children: [new Paragraph(`R${r + 1}C${c + 1} ${i}`)] })),
  }));
  const doc = new Document({
    sections: [{
      children: [
        new Paragraph({ text: `Report number ${i}`, heading: HeadingLevel.HEADING_1 }),
        new Paragraph({ children: [new TextRun('A short paragraph with '), new TextRun({ text: 'bold', bold: true }), new TextRun(' and '), new TextRun({ text: 'italic', italics: true }), new TextRun(' text.')] }),
        ...Array.from({ length: 6 }, (_, p) => new Paragraph(`Paragraph ${p + 1} of document ${i}: the quick brown fox jumps over the lazy dog.`)),
        new Table({ rows }),
      ],
    }],
  });
  return Packer.toBuffer(doc);
}

/** Runs `task(i)` for i in 0..count-1, at most `concurrency` at a time. */
async function inParallel(count, concurrency, task) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) await task(next++);
  }));
}

function run1(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}: ${stderr}`))));
  });
}

export async function run({ iterations }) {
  if (!hasCommand('soffice', ['--version'])) {
    console.log('office-to-pdf: soffice not installed; nothing to measure');
    return 0;
  }
  const engine = await loadEngine();
  const rounds = Math.min(iterations, 3);
  return withTempDir(async (dir) => {
    const inputs = [];
    for (let i = 0; i < FILES; i++) {
      const path = join(dir, `doc-${String(i + 1).padStart(2, '0')}.docx`);
      writeFileSync(path, await smallDocx(i + 1));
      inputs.push(path);
    }
    const pool = new engine.OfficePool();
    const concurrency = pool.instances;
    let startMs;
    const poolRounds = [];
    try {
      let t = performance.now();
      await pool.start();
      startMs = performance.now() - t;
      for (let r = 0; r < rounds; r++) {
        const out = join(dir, `pool-${r}`);
        mkdirSync(out);
        t = performance.now();
        await inParallel(FILES, concurrency, (i) => engine.documentToPdf(pool, inputs[i], join(out, `${i}.pdf`), 'docx'));
        poolRounds.push(performance.now() - t);
      }
    } finally {
      await pool.close();
    }

    const naiveOut = join(dir, 'naive');
    mkdirSync(naiveOut);
    const t = performance.now();
    await inParallel(FILES, concurrency, async (i) => {
      const profile = join(dir, `naive-profile-${i}`);
      await run1('soffice', [`-env:UserInstallation=${pathToFileURL(profile).href}`, '--headless', '--convert-to', 'pdf', '--outdir', naiveOut, inputs[i]]);
    });
    const naiveMs = performance.now() - t;

    const pooled = stats(poolRounds);
    const s = (value) => `${(value / 1000).toFixed(2)} s`;
    console.log(`office-to-pdf benchmark: ${FILES} small DOCX files, ${concurrency} at a time (pool of ${concurrency} instance${concurrency > 1 ? 's' : ''}), ${rounds} round(s) through the pool`);
    const line = (label, value) => console.log(`  ${label.padEnd(48)} ${value}`);
    line('pool start-up (all instances, profiles written)', s(startMs));
    line(`warm pool, ${FILES} files`, `${s(pooled.median)} median  (${ms(pooled.median / FILES)} per file; min ${s(pooled.min)}, max ${s(pooled.max)})`);
    line('warm pool incl. start-up, first round', s(startMs + poolRounds[0]));
    line('fresh soffice --convert-to per file', `${s(naiveMs)}  (${ms(naiveMs / FILES)} per file)`);
    line('speed-up, warm pool vs fresh soffice', `${(naiveMs / pooled.median).toFixed(1)}x  (target >= 2x)`);
    line("speed-up including the pool's start-up", `${(naiveMs / (startMs + poolRounds[0])).toFixed(1)}x`);
    return naiveMs / pooled.median >= 2 ? 0 : 1;
  });
}
