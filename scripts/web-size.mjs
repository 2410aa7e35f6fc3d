#!/usr/bin/env node
/**
 * The home page's JavaScript weight (SPEC: at most 200 KB gzipped): the entry chunk, its static
 * imports, and the chunks the marketing layout loads right after the first render. Reads the
 * Vite manifest of apps/web/dist, prints each chunk's gzipped size and fails (and so fails the
 * build) above the budget. The header's tool search and all-tools menu load on first intent, so
 * they are not counted.
 * Run by the web build; `node scripts/web-size.mjs [distDir]` runs it alone.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const budgetBytes = 200 * 1024;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distArg = process.argv.slice(2).find((a) => !a.startsWith('--'));
const dist = path.resolve(distArg ?? path.join(root, 'apps/web/dist'));

/** Lazy modules the marketing layout renders on every page, home included. */
const homeLazyModules = [
  'src/shell/EventPopup.tsx',
  'src/shell/TrafficBanner.tsx',
  'src/shell/PromoBanner.tsx',
];

let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
} catch (error) {
  console.error(`web-size: no Vite manifest in ${dist} (${error.message}); build the web app first.`);
  process.exit(1);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('web-size: the manifest has no entry');
  process.exit(1);
}

/** A chunk and every chunk it imports statically, each once. */
function withStaticImports(key, seen) {
  if (seen.has(key) || !manifest[key]) return;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) withStaticImports(imported, seen);
}

const firstLoad = new Set();
withStaticImports(entryKey, firstLoad);
const afterRender = new Set();
for (const key of homeLazyModules) {
  if (!manifest[key]) {
    console.error(`web-size: ${key} is not a chunk any more; update homeLazyModules`);
    process.exit(1);
  }
  withStaticImports(key, afterRender);
}
for (const key of firstLoad) afterRender.delete(key);

function gzipped(key) {
  const file = manifest[key].file;
  return { file, bytes: gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;
let total = 0;
for (const [title, keys] of [['first load', firstLoad], ['after first render', afterRender]]) {
  console.log(`home page JavaScript, ${title} (gzipped):`);
  let subtotal = 0;
  for (const { file, bytes } of [...keys].map(gzipped).sort((a, b) => b.bytes - a.bytes)) {
    subtotal += bytes;
    console.log(`  ${kb(bytes)}  ${file}`);
  }
  console.log(`  ${kb(subtotal)}  ${title}`);
  total += subtotal;
}
console.log(`  ${kb(total)}  total, budget ${kb(budgetBytes).trim()}`);
if (total > budgetBytes) {
  console.error(`web-size: the home page loads ${(total / 1024).toFixed(1)} KB of gzipped JavaScript, over the ${budgetBytes / 1024} KB budget`);
  process.exit(1);
}
