/**
 * The signals the detector reads from a text, each computed from the text alone (and the
 * reference language model). Passage features feed the overall probability; sentence features
 * feed the per-sentence scores. Each is a signal people have used to tell generated text from
 * written text; none is proof, which is why the page shows them and never claims certainty.
 */
import type { LanguageModel } from './languageModel.js';
import { sentenceSpans, wordTokens, type Span } from './text.js';

/** Common English function words: their rate is a style signal that topics barely move. */
const FUNCTION_WORDS = new Set(
  ('a an the and or but nor so yet for of in on at by to from with without into onto upon about above below over under ' +
    'between among through during before after since until while as than that which who whom whose what when where why how ' +
    'i me my mine we us our you your he him his she her it its they them their this these those there here ' +
    'is are was were be been being am do does did have has had shall will would should can could may might must ' +
    'not no all any some each every both either neither such own same other only very too also then thus').split(' '),
);

/** Window of the moving-average type/token ratio: long enough to mean something, short enough for 250 characters. */
const MATTR_WINDOW = 25;

/** A word among this many likeliest followers of the word before counts as a top-ranked choice. */
const TOP_RANKS = 10;
/** Sentences shorter than this many words count as short (fragments, exclamations). */
const SHORT_SENTENCE_WORDS = 6;

export const passageFeatureNames = [
  'meanLogProb', 'burstiness', 'lengthVariation', 'meanSentenceWords', 'vocabularyRichness', 'functionWordRate', 'repeatedTrigrams', 'unseenBigrams',
  'contentRecurrence', 'sentenceOverlap', 'topRankShare', 'surprisalSpread', 'punctuationRate', 'sentenceStartVariety', 'shortSentenceShare',
] as const;
export type PassageFeatureName = (typeof passageFeatureNames)[number];
export type PassageFeatures = Record<PassageFeatureName, number>;

export const sentenceFeatureNames = ['meanLogProb', 'minLogProb', 'unseenBigrams', 'logWords', 'functionWordRate', 'topRankShare', 'contextOverlap'] as const;
export type SentenceFeatureName = (typeof sentenceFeatureNames)[number];
export type SentenceFeatures = Record<SentenceFeatureName, number>;

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);
const std = (values: number[]) => {
  if (values.length < 2) return 0;
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, v) => sum + (v - m) ** 2, 0) / (values.length - 1));
};

/** Moving-average type/token ratio: the share of distinct words in each window, averaged (length-independent, unlike the plain ratio). */
export function movingTypeTokenRatio(words: string[], window = MATTR_WINDOW): number {
  if (words.length === 0) return 0;
  if (words.length <= window) return new Set(words).size / words.length;
  const ratios: number[] = [];
  for (let i = 0; i + window <= words.length; i += 1) ratios.push(new Set(words.slice(i, i + window)).size / window);
  return mean(ratios);
}

/** The share of word trigrams that occur more than once in the text (generators loop on phrases). */
export function repeatedTrigramShare(words: string[]): number {
  if (words.length < 3) return 0;
  const counts = new Map<string, number>();
  for (let i = 0; i + 3 <= words.length; i += 1) {
    const key = words.slice(i, i + 3).join(' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let repeated = 0;
  for (const count of counts.values()) if (count > 1) repeated += count;
  return repeated / (words.length - 2);
}

export function functionWordRate(words: string[]): number {
  return words.length ? words.filter((w) => FUNCTION_WORDS.has(w)).length / words.length : 0;
}

/** Content words: three letters or more and not among the reference text's most frequent words. */
function contentWords(model: LanguageModel, words: string[]): string[] {
  return words.filter((w) => w.length > 2 && !model.isCommon(w));
}

/** The share of content words that occur more than once: a writer keeps to a topic, a drifting generator keeps changing it. */
export function contentRecurrence(content: string[]): number {
  const counts = new Map<string, number>();
  for (const w of content) counts.set(w, (counts.get(w) ?? 0) + 1);
  return content.length ? content.filter((w) => counts.get(w)! > 1).length / content.length : 0;
}

/** Mean Jaccard overlap of the content words of each sentence with the sentence before (lexical cohesion). */
export function sentenceOverlap(sentences: string[][]): number {
  const overlaps: number[] = [];
  for (let i = 1; i < sentences.length; i += 1) {
    const before = new Set(sentences[i - 1]);
    const current = new Set(sentences[i]);
    const union = new Set([...before, ...current]).size;
    overlaps.push(union ? [...current].filter((w) => before.has(w)).length / union : 0);
  }
  return mean(overlaps);
}

export interface ScoredSentence extends Span {
  features: SentenceFeatures;
}

type ScoredWord = ReturnType<LanguageModel['score']>[number];

/**
 * Features of one sentence (null for a sentence without words). `contentCounts` counts the
 * content words of the whole passage, so that a sentence's ties to the rest can be read.
 */
function sentenceFeaturesOf(model: LanguageModel, scored: ScoredWord[], contentCounts: Map<string, number>): SentenceFeatures | null {
  if (scored.length === 0) return null;
  const logProbs = scored.map((s) => s.logProb);
  const content = contentWords(model, scored.map((s) => s.word));
  const own = new Map<string, number>();
  for (const w of content) own.set(w, (own.get(w) ?? 0) + 1);
  return {
    meanLogProb: mean(logProbs),
    minLogProb: Math.min(...logProbs),
    unseenBigrams: scored.filter((s) => !s.known).length / scored.length,
    logWords: Math.log(scored.length),
    functionWordRate: functionWordRate(scored.map((s) => s.word)),
    topRankShare: scored.filter((s) => s.rank < TOP_RANKS).length / scored.length,
    // The share of the sentence's content words that the rest of the passage uses too.
    contextOverlap: content.length ? content.filter((w) => (contentCounts.get(w) ?? 0) > own.get(w)!).length / content.length : 0,
  };
}


/** The passage's features and its sentences' features. */
export function textFeatures(model: LanguageModel, text: string): { passage: PassageFeatures; sentences: ScoredSentence[] } {
  const spans = sentenceSpans(text).map((span) => ({ span, scored: model.score(span.text) })).filter((s) => s.scored.length > 0);
  const sentenceContent = spans.map((s) => contentWords(model, s.scored.map((w) => w.word)));
  const contentCounts = new Map<string, number>();
  for (const w of sentenceContent.flat()) contentCounts.set(w, (contentCounts.get(w) ?? 0) + 1);
  const sentences: ScoredSentence[] = [];
  for (const { span, scored } of spans) {
    const features = sentenceFeaturesOf(model, scored, contentCounts);
    if (features) sentences.push({ ...span, features });
  }
  const words = wordTokens(text);
  const perSentenceLogProb = sentences.map((s) => s.features.meanLogProb);
  const lengths = sentences.map((s) => Math.exp(s.features.logWords));
  const scoredWords = spans.flatMap((s) => s.scored);
  const meanLength = mean(lengths);
  const firstWords = spans.map((s) => s.scored[0]!.word);
  return {
    passage: {
      meanLogProb: mean(scoredWords.map((w) => w.logProb)),
      burstiness: std(perSentenceLogProb),
      lengthVariation: meanLength ? std(lengths) / meanLength : 0,
      meanSentenceWords: meanLength,
      vocabularyRichness: movingTypeTokenRatio(words),
      functionWordRate: functionWordRate(words),
      repeatedTrigrams: repeatedTrigramShare(words),
      unseenBigrams: scoredWords.length ? scoredWords.filter((w) => !w.known).length / scoredWords.length : 0,
      contentRecurrence: contentRecurrence(sentenceContent.flat()),
      sentenceOverlap: sentenceOverlap(sentenceContent),
      topRankShare: scoredWords.length ? scoredWords.filter((w) => w.rank < TOP_RANKS).length / scoredWords.length : 0,
      surprisalSpread: std(scoredWords.map((w) => w.logProb)),
      punctuationRate: words.length ? (text.match(/[,;:]/gu) ?? []).length / words.length : 0,
      sentenceStartVariety: firstWords.length ? new Set(firstWords).size / firstWords.length : 0,
      shortSentenceShare: lengths.length ? lengths.filter((n) => n < SHORT_SENTENCE_WORDS).length / lengths.length : 0,
    },
    sentences,
  };
}
