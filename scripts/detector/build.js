#!/usr/bin/env node
// Builds the AI-text detector's data and model: `node scripts/detector/build.js` (after
// `npx tsc -b packages/ai`). Deterministic: the same Debian text gives the same files.
//
// Source text: the King James Version of the Bible (public domain), as Debian's bible-kjv and
// bible-kjv-text packages print it (`bible -l100000 Gen1:1-Rev22:21`, installed by
// scripts/setup.sh). Its books are dealt, in order, to three roles that never share a book:
//   0. the reference language model the detector measures perplexity with;
//   1. the machine generator's training text;
//   2. the human passages of the labelled set (these books alternate between train and test).
// Machine passages: a word trigram model of role-1 books, sampled the way language models are
// decoded (top-k = 40, temperature 1.0, seeded), sentence by sentence until the passage is as long
// as a human one. No large language model can be reached here: this stand-in is weaker than a
// real model's text, and the accuracy measured on it says so (data/detector/README.md).
//
// Writes packages/ai/data/detector/: passages.json (the labelled set, with split and source),
// reference-lm.json (the language model) and model.json (the two logistic models fitted on the
// train split only, the threshold chosen on out-of-fold train scores, and the accuracy measured on the
// test split).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const dataDir = join(here, '..', '..', 'packages', 'ai', 'data', 'detector');
const ai = await import('@pagewright/ai');

const PER_SPLIT = 130;
// More training passages from the train books, drawn after the first 130 of each split so that
// the test split (and the generator's stream for it) stays as it was: the fit and the threshold's
// 5 % quantile are steadier on 400 human passages than on 130.
const TRAIN_EXTRA = 270;
const MAX_FPR = 0.05;
const GENERATOR = 'word trigram model of KJV books (role 1), top-k 40, temperature 1.0';

function readKjv() {
  const text = process.argv[2] ? readFileSync(process.argv[2], 'utf8') : execFileSync('bible', ['-l100000', 'Gen1:1-Rev22:21'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const books = [];
  let chapter = null;
  for (const line of text.split('\n')) {
    const heading = /^(\S.*?) (\d+)$/.exec(line);
    if (heading) {
      let book = books.at(-1);
      if (!book || book.name !== heading[1]) books.push((book = { name: heading[1], chapters: [] }));
      book.chapters.push((chapter = []));
      continue;
    }
    const verse = /^\s+\d+ (.+)$/.exec(line);
    if (verse && chapter) chapter.push(verse[1].trim());
  }
  return books;
}

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Consecutive verses of a chapter joined into passages of 400 to 900 characters. */
function humanPassages(book) {
  const passages = [];
  for (const [c, verses] of book.chapters.entries()) {
    let current = [];
    let length = 0;
    for (const verse of verses) {
      current.push(verse);
      length += verse.length + 1;
      if (length >= 400) {
        if (length <= 900) passages.push({ text: current.join(' '), source: `KJV ${book.name} ${c + 1}` });
        current = [];
        length = 0;
      }
    }
  }
  return passages;
}

/** Every n-th passage so that a split draws from all its books. */
const spread = (passages, count) => Array.from({ length: count }, (_, i) => passages[Math.floor((i * passages.length) / count)]);

const TOKEN = /[A-Za-z]+(?:'[a-z]+)?|[.,;:?!]/g;
const SENTENCE_END = new Set(['.', '?', '!']);

function trigramModel(books) {
  const counts = new Map();
  const add = (key, token) => {
    let row = counts.get(key);
    if (!row) counts.set(key, (row = new Map()));
    row.set(token, (row.get(token) ?? 0) + 1);
  };
  for (const book of books) for (const verses of book.chapters) for (const verse of verses) {
    let [a, b] = ['<s>', '<s>'];
    for (const token of verse.match(TOKEN) ?? []) {
      add(`${a} ${b}`, token);
      add(`* ${b}`, token);
      [a, b] = SENTENCE_END.has(token) ? ['<s>', '<s>'] : [b, token];
    }
  }
  return counts;
}

function sample(row, random) {
  const top = [...row.entries()].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).slice(0, 40);
  const weights = top.map(([, count]) => count ** (1 / 1.0));
  let pick = random() * weights.reduce((s, w) => s + w, 0);
  for (const [i, [token]] of top.entries()) if ((pick -= weights[i]) <= 0) return token;
  return top[0][0];
}

function generate(counts, random, targetLength) {
  let text = '';
  while (text.length < targetLength) {
    let [a, b] = ['<s>', '<s>'];
    const tokens = [];
    for (let i = 0; i < 60; i += 1) {
      const row = counts.get(`${a} ${b}`) ?? counts.get(`* ${b}`);
      const token = row ? sample(row, random) : '.';
      tokens.push(token);
      if (SENTENCE_END.has(token)) break;
      [a, b] = [b, token];
    }
    if (!SENTENCE_END.has(tokens.at(-1))) tokens.push('.');
    const sentence = tokens.join(' ').replace(/ ([.,;:?!])/g, '$1');
    text += (text ? ' ' : '') + sentence.charAt(0).toUpperCase() + sentence.slice(1);
  }
  return text;
}

const books = readKjv();
const roles = [[], [], []];
books.forEach((book, i) => roles[i % 3].push(book));
const humanTrainBooks = roles[2].filter((_, i) => i % 2 === 0);
const humanTestBooks = roles[2].filter((_, i) => i % 2 === 1);
const humanTrain = humanTrainBooks.flatMap(humanPassages);
const firstTrain = spread(humanTrain, PER_SPLIT);
const human = [
  ...firstTrain.map((p) => ({ ...p, split: 'train' })),
  ...spread(humanTestBooks.flatMap(humanPassages), PER_SPLIT).map((p) => ({ ...p, split: 'test' })),
  ...spread(humanTrain.filter((p) => !firstTrain.includes(p)), TRAIN_EXTRA).map((p) => ({ ...p, split: 'train' })),
];
const generator = trigramModel(roles[1]);
const random = mulberry32(20);
const machine = human.map((h, i) => ({
  text: generate(generator, random, h.text.length),
  source: `generated #${i + 1}: ${GENERATOR}`,
  split: h.split,
}));
const passages = [
  ...human.map((p, i) => ({ id: `h${i + 1}`, label: 'human', ...p })),
  ...machine.map((p, i) => ({ id: `m${i + 1}`, label: 'machine', ...p })),
];

const referenceSentences = roles[0].flatMap((b) => b.chapters.flat()).map((verse) => ai.wordTokens(verse));
const lm = ai.LanguageModel.build(referenceSentences);
writeFileSync(join(dataDir, 'reference-lm.json'), JSON.stringify(lm.toJSON()));

const train = passages.filter((p) => p.split === 'train');
const test = passages.filter((p) => p.split === 'test');
const labelOf = (p) => (p.label === 'machine' ? 1 : 0);
const bookOf = (p) => p.source.replace(/ \d+$/, '');
const featured = train.map((p) => ({ p, f: ai.textFeatures(lm, p.text) }));
const passageModel = ai.LogisticModel.fit([...ai.passageFeatureNames], featured.map(({ f }) => ai.passageFeatureNames.map((n) => f.passage[n])), train.map(labelOf));
const sentenceRows = featured.flatMap(({ p, f }) => f.sentences.map((s) => ({ row: ai.sentenceFeatureNames.map((n) => s.features[n]), label: labelOf(p) })));
const sentenceModel = ai.LogisticModel.fit([...ai.sentenceFeatureNames], sentenceRows.map((r) => r.row), sentenceRows.map((r) => r.label));
const trainScores = featured.map(({ f }) => passageModel.probability(f.passage));
// The threshold comes from out-of-fold scores (5-fold cross-validation on the train split): a
// model scores its own training passages more confidently than new ones, so a threshold read
// from in-sample scores lets more false positives through on new text. The folds are drawn by
// book (every human passage of a book in the same fold), as the test split shares no book with
// the train split: folds that mix a book's chapters score its other chapters as if they were
// known text, and a threshold read from them lets more human text through on new books.
const FOLDS = 5;
const trainBooks = [...new Set(train.filter((p) => p.label === 'human').map(bookOf))];
const foldOf = train.map((p, i) => (p.label === 'human' ? trainBooks.indexOf(bookOf(p)) : i) % FOLDS);
const passageRows = featured.map(({ f }) => ai.passageFeatureNames.map((n) => f.passage[n]));
const outOfFold = new Array(featured.length);
for (let fold = 0; fold < FOLDS; fold += 1) {
  const inFold = (i) => foldOf[i] === fold;
  const model = ai.LogisticModel.fit([...ai.passageFeatureNames], passageRows.filter((_, i) => !inFold(i)), train.map(labelOf).filter((_, i) => !inFold(i)));
  featured.forEach(({ f }, i) => { if (inFold(i)) outOfFold[i] = model.probability(f.passage); });
}
const threshold = ai.thresholdFor(outOfFold, train.map(labelOf), MAX_FPR);
const sentenceScores = featured.flatMap(({ f }) => f.sentences.map((s) => sentenceModel.probability(s.features)));
const sentenceThreshold = ai.thresholdFor(sentenceScores, sentenceRows.map((r) => r.label), 0.1);

const testScores = test.map((p) => passageModel.probability(ai.textFeatures(lm, p.text).passage));
const measured = {
  auc: ai.rocAuc(testScores, test.map(labelOf)),
  falsePositiveRate: ai.falsePositiveRate(testScores, test.map(labelOf), threshold),
  humanPassages: test.filter((p) => p.label === 'human').length,
  machinePassages: test.filter((p) => p.label === 'machine').length,
  generator: GENERATOR,
};
writeFileSync(join(dataDir, 'model.json'), `${JSON.stringify({ passage: passageModel.json, sentence: sentenceModel.json, threshold, sentenceThreshold, measured }, null, 1)}\n`);
writeFileSync(join(dataDir, 'passages.json'), `${JSON.stringify(passages, null, 1)}\n`);
console.log(`books ${books.length}; passages ${passages.length} (train ${train.length}, test ${test.length}); reference tokens ${lm.toJSON().tokens}`);
console.log(`train AUC ${ai.rocAuc(trainScores, train.map(labelOf)).toFixed(3)}; threshold ${threshold.toFixed(3)}; test AUC ${measured.auc.toFixed(3)}, FPR ${(measured.falsePositiveRate * 100).toFixed(1)} %`);
