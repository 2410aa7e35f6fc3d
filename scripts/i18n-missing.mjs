#!/usr/bin/env node
/**
 * Prints, as JSON, the keys of en.json that each other locale file lacks and the keys it has
 * that en.json no longer has: the work list of a translation pass. Exits 1 when any differ.
 * Usage: node scripts/i18n-missing.mjs [--values]   (--values adds the English text)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/src/i18n/locales');
const locales = ['de', 'es', 'fr', 'ja', 'pt-br', 'zh-cn'];
const withValues = process.argv.includes('--values');

function flatten(tree, prefix = '', out = new Map()) {
  for (const [key, value] of Object.entries(tree)) {
    const p = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(p, value);
    else flatten(value, p, out);
  }
  return out;
}

const read = (locale) => JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8'));
const english = flatten(read('en'));
const report = {};
let differs = false;
for (const locale of locales) {
  let strings;
  try {
    strings = flatten(read(locale));
  } catch {
    strings = new Map();
  }
  const missingKeys = [...english.keys()].filter((k) => !strings.has(k));
  const extra = [...strings.keys()].filter((k) => !english.has(k));
  if (missingKeys.length || extra.length) differs = true;
  const missing = withValues ? Object.fromEntries(missingKeys.map((k) => [k, english.get(k)])) : missingKeys;
  report[locale] = { missing, extra };
}
console.log(JSON.stringify(report, null, 2));
process.exitCode = differs ? 1 : 0;
