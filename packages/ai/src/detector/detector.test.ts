import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { falsePositiveRate, LogisticModel, rocAuc, thresholdFor } from './classifier.js';
import { AiTextDetector } from './detector.js';
import { contentRecurrence, movingTypeTokenRatio, repeatedTrigramShare, sentenceOverlap, textFeatures } from './features.js';
import { LanguageModel } from './languageModel.js';
import { sentenceSpans, wordSpans } from './text.js';

interface Passage { id: string; label: 'human' | 'machine'; split: 'train' | 'test'; text: string; source: string }
const passages = JSON.parse(readFileSync(new URL('../../data/detector/passages.json', import.meta.url), 'utf8')) as Passage[];

describe('text spans', () => {
  it('sentence spans point at their sentence in the original text', () => {
    const text = '  First one here.  Second?\n\nThird without end';
    const spans = sentenceSpans(text);
    expect(spans.map((s) => s.text)).toEqual(['First one here.', 'Second?', 'Third without end']);
    for (const s of spans) expect(text.slice(s.start, s.end)).toBe(s.text);
  });
  it('word spans keep apostrophes inside words', () => {
    expect(wordSpans("Don't stop, l'homme").map((w) => w.text)).toEqual(["Don't", 'stop', "l'homme"]);
  });
});

describe('language model', () => {
  const model = LanguageModel.build([['the', 'cat', 'sat'], ['the', 'cat', 'ran'], ['a', 'dog', 'sat'], ['the', 'cat', 'sat']]);
  it('gives a seen bigram a higher probability than an unseen one', () => {
    expect(model.logProb('the', 'cat')).toBeGreaterThan(model.logProb('the', 'dog'));
    expect(model.knows('the', 'cat')).toBe(true);
    expect(model.knows('the', 'dog')).toBe(false);
  });
  it('ranks the most frequent follower first and an unseen follower at Infinity', () => {
    expect(model.rank('the', 'cat')).toBe(0);
    expect(model.rank('cat', 'sat')).toBe(0);
    expect(model.rank('the', 'dog')).toBe(Infinity);
  });
  it('round-trips through JSON with the same probabilities', () => {
    const copy = new LanguageModel(JSON.parse(JSON.stringify(model.toJSON())));
    expect(copy.logProb('cat', 'sat')).toBe(model.logProb('cat', 'sat'));
  });
});

describe('features', () => {
  it('repeated trigram share is 0 for distinct words and high for a loop', () => {
    expect(repeatedTrigramShare('one two three four five'.split(' '))).toBe(0);
    expect(repeatedTrigramShare('a b c a b c a b c'.split(' '))).toBeGreaterThan(0.9);
  });
  it('content recurrence is 0 when no content word comes back and counts every occurrence of one that does', () => {
    expect(contentRecurrence(['river', 'mountain', 'village'])).toBe(0);
    expect(contentRecurrence(['river', 'mountain', 'river', 'village'])).toBe(0.5);
  });
  it('sentence overlap is the mean Jaccard overlap of neighbouring sentences', () => {
    expect(sentenceOverlap([['river', 'boat'], ['river', 'boat']])).toBe(1);
    expect(sentenceOverlap([['river', 'boat'], ['mountain'], ['mountain', 'snow']])).toBeCloseTo((0 + 0.5) / 2);
  });
  it('a passage that keeps to its topic reads as more cohesive than one whose sentences drift', () => {
    const lm = LanguageModel.build([['the', 'a', 'of']]);
    const kept = textFeatures(lm, 'The river rose in spring. The river flooded the village. The village moved away from the river.').passage;
    const drifting = textFeatures(lm, 'The river rose in spring. Bread was baked at dawn. Stars shone over distant hills.').passage;
    expect(kept.contentRecurrence).toBeGreaterThan(drifting.contentRecurrence);
    expect(kept.sentenceOverlap).toBeGreaterThan(drifting.sentenceOverlap);
  });
  it('moving type/token ratio is 1 for distinct words and lower for repeated ones', () => {
    expect(movingTypeTokenRatio('a b c d e'.split(' '))).toBe(1);
    expect(movingTypeTokenRatio('a b a b a b'.split(' '))).toBeCloseTo(2 / 6);
  });
});

describe('classifier', () => {
  it('logistic regression separates separable data and ROC AUC is 1 on it', () => {
    const rows = [[0], [1], [2], [8], [9], [10]];
    const labels = [0, 0, 0, 1, 1, 1];
    const model = LogisticModel.fit(['x'], rows, labels);
    const scores = rows.map(([x]) => model.probability({ x: x! }));
    expect(rocAuc(scores, labels)).toBe(1);
    expect(scores[0]!).toBeLessThan(0.5);
    expect(scores[5]!).toBeGreaterThan(0.5);
  });
  it('the threshold chosen for 5 % keeps training false positives at or below 5 %', () => {
    const scores = Array.from({ length: 100 }, (_, i) => i / 100);
    const labels = scores.map(() => 0);
    const threshold = thresholdFor(scores, labels, 0.05);
    expect(falsePositiveRate(scores, labels, threshold)).toBeLessThanOrEqual(0.05);
  });
});

describe('shipped detector', () => {
  const detector = AiTextDetector.load();
  it('scores each sentence of a text with spans into the text and never claims certainty', () => {
    const text = passages.find((p) => p.split === 'test' && p.label === 'human')!.text;
    const detection = detector.detect(text);
    expect(detection.sentences.length).toBeGreaterThan(0);
    for (const s of detection.sentences) {
      expect(text.slice(s.start, s.end)).toBe(s.text);
      expect(s.score).toBeGreaterThan(0);
      expect(s.score).toBeLessThan(1);
    }
    expect(detection.probability).toBeGreaterThan(0);
    expect(detection.probability).toBeLessThan(1);
    expect(detection.signals.map((s) => s.name)).toContain('meanLogProb');
  });
  it('the data set has at least 200 human and 200 machine passages with train and test apart', () => {
    expect(passages.filter((p) => p.label === 'human').length).toBeGreaterThanOrEqual(200);
    expect(passages.filter((p) => p.label === 'machine').length).toBeGreaterThanOrEqual(200);
    const train = new Set(passages.filter((p) => p.split === 'train').map((p) => p.text));
    expect(passages.filter((p) => p.split === 'test').some((p) => train.has(p.text))).toBe(false);
    const trainBooks = new Set(passages.filter((p) => p.split === 'train' && p.label === 'human').map((p) => p.source.replace(/ \d+$/, '')));
    expect(passages.filter((p) => p.split === 'test' && p.label === 'human').some((p) => trainBooks.has(p.source.replace(/ \d+$/, '')))).toBe(false);
  });
  it('the accuracy the model states is the one recomputed on the test split', () => {
    const test = passages.filter((p) => p.split === 'test');
    const labels = test.map((p) => (p.label === 'machine' ? 1 : 0));
    const scores = test.map((p) => detector.probability(p.text));
    const detection = detector.detect(test[0]!.text);
    expect(rocAuc(scores, labels)).toBeCloseTo(detection.measured.auc, 6);
    expect(falsePositiveRate(scores, labels, detection.threshold)).toBeCloseTo(detection.measured.falsePositiveRate, 6);
  });
  it('features of the passage include every signal as a finite number', () => {
    const lm = LanguageModel.build([['a', 'b']]);
    const { passage } = textFeatures(lm, 'A b. A b c d. E f g.');
    for (const value of Object.values(passage)) expect(Number.isFinite(value)).toBe(true);
  });
});
