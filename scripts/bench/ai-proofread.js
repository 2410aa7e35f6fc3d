// Proofreader spelling benchmark: `npm run bench -- ai-proofread` (after `npx tsc -b packages/ai`;
// needs the Hunspell dictionaries scripts/setup.sh installs). Reads the 164 sentences of
// packages/ai/data/proofread/sentences.txt, each with seeded misspellings marked {wrong|right},
// checks each sentence's plain text with the proofreader's spelling check, and reports:
//   - recall: seeded misspellings found (a spelling finding on exactly that word);
//   - precision: spelling findings that are seeded misspellings (the rest flag correct words);
//   - suggestion hit rate: found misspellings whose right spelling is among the suggestions;
// overall, per language, and for the two ways of checking apart: the Hunspell languages and the
// confusion lists of Japanese and Chinese (a list of known misspellings is not a dictionary, and
// its figures should not be read as one's); with the time to load each dictionary and to check the set.
// Targets: recall >= 0.9 and precision >= 0.9; exit code 1 when one is missed.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SET = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'packages', 'ai', 'data', 'proofread', 'sentences.txt');
const TARGET = 0.9;
/** Languages whose spelling is a list of known misspellings (packages/ai/src/proofread/confusions.ts), not a dictionary. */
const CONFUSION_LIST = new Set(['ja', 'zh']);

/** A marked line as its plain text and the spans of its seeded errors. */
export function parseMarked(line) {
  const [lang, marked] = line.split('\t');
  const errors = [];
  let text = '';
  let last = 0;
  for (const m of marked.matchAll(/\{([^|{}]+)\|([^|{}]+)\}/g)) {
    text += marked.slice(last, m.index);
    errors.push({ start: text.length, end: text.length + m[1].length, wrong: m[1], right: m[2] });
    text += m[1];
    last = m.index + m[0].length;
  }
  return { lang, text: text + marked.slice(last), errors };
}

export async function run() {
  const { Proofreader } = await import('@pagewright/ai');
  const proofreader = new Proofreader();
  try {
    return await measure(proofreader);
  } finally {
    // Portuguese and Italian are read by Hunspell processes, which would keep the bench running.
    await proofreader.close();
  }
}

async function measure(proofreader) {
  const sentences = readFileSync(SET, 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).map(parseMarked);
  const totals = new Map();
  const misses = [];
  const falseAlarms = [];
  for (const lang of [...new Set(sentences.map((s) => s.lang))]) {
    const loadStart = performance.now();
    await proofreader.spelling('warm', lang);
    const loadMs = performance.now() - loadStart;
    const start = performance.now();
    const t = { sentences: 0, errors: 0, findings: 0, found: 0, suggested: 0, loadMs, checkMs: 0 };
    for (const sentence of sentences.filter((s) => s.lang === lang)) {
      const findings = await proofreader.spelling(sentence.text, lang);
      t.sentences += 1;
      t.errors += sentence.errors.length;
      t.findings += findings.length;
      for (const error of sentence.errors) {
        const finding = findings.find((f) => f.start === error.start && f.end === error.end);
        if (!finding) misses.push(`${lang}: ${error.wrong} (${sentence.text})`);
        else {
          t.found += 1;
          if (finding.suggestions.includes(error.right)) t.suggested += 1;
        }
      }
      for (const f of findings) if (!sentence.errors.some((e) => e.start === f.start && e.end === f.end)) falseAlarms.push(`${lang}: ${f.text} (${sentence.text})`);
    }
    t.checkMs = performance.now() - start;
    totals.set(lang, t);
  }
  const sum = (langs) => [...totals].filter(([lang]) => langs(lang)).map(([, t]) => t)
    .reduce((a, t) => ({ sentences: a.sentences + t.sentences, errors: a.errors + t.errors, findings: a.findings + t.findings, found: a.found + t.found, suggested: a.suggested + t.suggested }), { sentences: 0, errors: 0, findings: 0, found: 0, suggested: 0 });
  const all = sum(() => true);
  for (const [lang, t] of totals) {
    process.stdout.write(`ai-proofread ${lang}: ${t.sentences} sentences, ${t.errors} seeded errors; recall ${(t.found / t.errors).toFixed(3)}, precision ${(t.found / (t.findings || 1)).toFixed(3)}, ` +
      `suggestion hit ${(t.suggested / (t.found || 1)).toFixed(3)}; dictionary ${Math.round(t.loadMs)} ms, check ${Math.round(t.checkMs)} ms\n`);
  }
  for (const [name, langs] of [['Hunspell languages', (l) => !CONFUSION_LIST.has(l)], ['confusion lists (ja, zh)', (l) => CONFUSION_LIST.has(l)]]) {
    const t = sum(langs);
    if (t.sentences === 0) continue;
    process.stdout.write(`ai-proofread ${name}: ${t.sentences} sentences, ${t.errors} seeded errors; recall ${(t.found / (t.errors || 1)).toFixed(3)}, precision ${(t.found / (t.findings || 1)).toFixed(3)}, ` +
      `suggestion hit ${(t.suggested / (t.found || 1)).toFixed(3)}\n`);
  }
  const recall = all.found / all.errors;
  const precision = all.found / (all.findings || 1);
  process.stdout.write(`ai-proofread: ${sentences.length} sentences, ${all.errors} seeded errors; spelling recall ${recall.toFixed(3)}, precision ${precision.toFixed(3)}, suggestion hit ${(all.suggested / (all.found || 1)).toFixed(3)}\n`);
  for (const miss of misses) process.stdout.write(`  missed ${miss}\n`);
  for (const alarm of falseAlarms) process.stdout.write(`  flagged a correct word ${alarm}\n`);
  if (recall < TARGET || precision < TARGET) {
    process.stdout.write(`ai-proofread: target missed (recall and precision >= ${TARGET})\n`);
    return 1;
  }
  return 0;
}
