#!/usr/bin/env node
// Benchmark dispatcher: `npm run bench -- <tool> [--iterations N] [--files <pattern>] [--set <name>]`.
// Each tool page name maps to a module exporting `run({ iterations })`, which prints its
// numbers and returns an exit code. Later tools add a line to `benchmarks`.
import { parseArgs } from 'node:util';

const benchmarks = {
  'merge-pdf': () => import('./merge-pdf.js'),
  'rotate-pdf': () => import('./organize.js').then((m) => m.benchmarks['rotate-pdf']),
  'delete-pages': () => import('./organize.js').then((m) => m.benchmarks['delete-pages']),
  'rearrange-pdf-pages': () => import('./organize.js').then((m) => m.benchmarks['rearrange-pdf-pages']),
  'split-pdf': () => import('./organize.js').then((m) => m.benchmarks['split-pdf']),
  'compress-pdf': () => import('./compress-pdf.js'),
  'image-compressor': () => import('./image-compressor.js'),
  OCR: () => import('./ocr.js'),
  'office-to-pdf': () => import('./office-to-pdf.js'),
  'pdf-to-word': () => import('./pdf-to-word.js'),
  'pdf-to-excel': () => import('./pdf-to-excel.js'),
  'pdf-to-ppt': () => import('./pdf-to-ppt.js'),
  'live-progress': () => import('./live-progress.js'),
  cloud: () => import('./cloud.js'),
  soak: () => import('./soak.js'),
  scale: () => import('./scale.js'),
  'ai-retrieval': () => import('./ai-retrieval.js'),
  translate: () => import('./translate.js'),
  'ai-detector': () => import('./ai-detector.js'),
  'ai-proofread': () => import('./ai-proofread.js'),
};

function usage() {
  return `Usage: npm run bench -- <tool> [--iterations N] [--files <pattern>] [--set <name>]\n  --files  only the corpus files whose name contains the pattern (a regular expression)\n  --set    another document set where the tool has one (pdf-to-word and pdf-to-ppt: real, ../shared/corpus/pdf-real; pdf-to-excel: icdar)\n\nTools: ${Object.keys(benchmarks).join(', ')}, all\n`;
}

const { values, positionals } = parseArgs({
  options: { iterations: { type: 'string', short: 'n' }, files: { type: 'string' }, set: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  allowPositionals: true,
});
if (values.help) {
  process.stdout.write(usage());
  process.exit(0);
}
const iterations = values.iterations === undefined ? 10 : Number(values.iterations);
if (!Number.isInteger(iterations) || iterations < 1) {
  process.stderr.write(`--iterations must be a positive integer\n${usage()}`);
  process.exit(2);
}
const names = positionals[0] === 'all' ? Object.keys(benchmarks) : positionals;
if (names.length === 0 || names.some((name) => !(name in benchmarks))) {
  process.stderr.write(usage());
  process.exit(2);
}
if (values.files !== undefined) process.env.PAGEWRIGHT_BENCH_FILES = values.files;
if (values.set !== undefined) process.env.PAGEWRIGHT_BENCH_SET = values.set;
let code = 0;
for (const name of names) {
  const module = await benchmarks[name]();
  code = Math.max(code, await module.run({ iterations, set: values.set }));
}
process.exit(code);
