/**
 * Extractive summaries by TextRank: sentences are the nodes of a graph weighted by the words
 * they share, and the sentences the rest of the text points to most are the summary. Nothing is
 * written: a summary is the document's own sentences, in the document's order.
 */
import { chunkDocument, type Chunk } from './chunk.js';
import { countWords, guessLanguage } from './segment.js';
import { terms } from './terms.js';
import type { DocumentText, PageRect } from './types.js';

export const SUMMARY_WORDS = 150;
/** No budget asked for may go past this (SPEC: the summary card stays under 200 words). */
export const SUMMARY_MAX_WORDS = 200;

export interface SummaryOptions {
  /** The word budget (150 unless asked; never more than 200). */
  words?: number;
  /** A text the summary should stay near, such as the title: its sentences rank higher. */
  bias?: string | null;
  language?: string;
}

export interface DocumentSentence {
  text: string;
  page: number;
  rects: PageRect[];
}

/** A sentence needs this many terms to say something a summary can use. */
const MIN_TERMS = 3;
/** Above this many sentences the graph (quadratic) is built over the most central ones only. */
const MAX_GRAPH = 600;
const DAMPING = 0.85;
/** Sentences sharing this share of their terms repeat each other; the summary keeps one. */
const DUPLICATE = 0.6;

/** The body sentences of the chunks (headings left out), optionally of some pages only. */
export function documentSentences(chunks: Chunk[], pages?: ReadonlySet<number>): DocumentSentence[] {
  return chunks
    .filter((chunk) => !pages || pages.has(chunk.page))
    .flatMap((chunk) => chunk.sentences.filter((sentence) => !sentence.heading).map((sentence) => ({ text: sentence.text, page: chunk.page, rects: sentence.rects })));
}

export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const term of a) if (b.has(term)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

function similarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const term of a) if (b.has(term)) shared += 1;
  // TextRank's normalisation (Mihalcea and Tarau, 2004): long sentences share more words by chance.
  return shared === 0 ? 0 : shared / (Math.log(a.size + 1) + Math.log(b.size + 1));
}

/** The sentences' TextRank scores, biased towards `bias` when given (personalised PageRank). */
function rank(termSets: Array<Set<string>>, bias: Set<string> | null): number[] {
  const n = termSets.length;
  const edges: Array<Array<[number, number]>> = termSets.map(() => []);
  const outWeight = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i += 1) {
    for (let j = i + 1; j < n; j += 1) {
      const weight = similarity(termSets[i] as Set<string>, termSets[j] as Set<string>);
      if (weight === 0) continue;
      edges[i]?.push([j, weight]);
      edges[j]?.push([i, weight]);
      outWeight[i] = (outWeight[i] ?? 0) + weight;
      outWeight[j] = (outWeight[j] ?? 0) + weight;
    }
  }
  const teleport = termSets.map((set) => 1 + (bias ? 3 * [...bias].filter((term) => set.has(term)).length / Math.max(bias.size, 1) : 0));
  const teleportTotal = teleport.reduce((sum, value) => sum + value, 0);
  for (let i = 0; i < n; i += 1) teleport[i] = (teleport[i] ?? 0) / teleportTotal;
  let scores = [...teleport];
  for (let iteration = 0; iteration < 100; iteration += 1) {
    const next = teleport.map((value) => (1 - DAMPING) * value);
    let dangling = 0;
    for (let i = 0; i < n; i += 1) {
      const score = scores[i] ?? 0;
      const out = outWeight[i] ?? 0;
      if (out === 0) {
        dangling += score;
        continue;
      }
      for (const [j, weight] of edges[i] ?? []) next[j] = (next[j] ?? 0) + (DAMPING * score * weight) / out;
    }
    // A sentence sharing no word with any other hands its score back through the teleport vector.
    for (let i = 0; i < n; i += 1) next[i] = (next[i] ?? 0) + DAMPING * dangling * (teleport[i] ?? 0);
    const change = next.reduce((sum, value, i) => sum + Math.abs(value - (scores[i] ?? 0)), 0);
    scores = next;
    if (change < 1e-6) break;
  }
  return scores;
}

/** The most central sentences when there are too many for the graph: those made of the text's most frequent terms. */
function mostCentral(termSets: Array<Set<string>>, limit: number): number[] {
  const frequency = new Map<string, number>();
  for (const set of termSets) for (const term of set) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const centrality = termSets.map((set) => [...set].reduce((sum, term) => sum + Math.log(1 + (frequency.get(term) ?? 0)), 0) / Math.sqrt(set.size));
  return centrality
    .map((score, index) => ({ score, index }))
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((entry) => entry.index)
    .sort((a, b) => a - b);
}

/**
 * The summary of a list of sentences: the best-ranked ones that fit the word budget, no two
 * repeating each other, returned in their original order (the objects given, unchanged).
 */
export function summarizeSentences<T extends { text: string }>(sentences: T[], options: SummaryOptions = {}): T[] {
  const budget = Math.min(options.words ?? SUMMARY_WORDS, SUMMARY_MAX_WORDS);
  const language = options.language ?? guessLanguage(sentences.slice(0, 100).map((sentence) => sentence.text).join(' '));
  let candidates = sentences
    .map((sentence, index) => ({ sentence, index, terms: new Set(terms(sentence.text, language)), words: countWords(sentence.text) }))
    .filter((candidate) => candidate.terms.size >= MIN_TERMS);
  if (candidates.length === 0) candidates = sentences.map((sentence, index) => ({ sentence, index, terms: new Set(terms(sentence.text, language)), words: countWords(sentence.text) }));
  if (candidates.length > MAX_GRAPH) {
    const keep = mostCentral(candidates.map((candidate) => candidate.terms), MAX_GRAPH);
    candidates = keep.map((index) => candidates[index] as (typeof candidates)[number]);
  }
  const bias = options.bias ? new Set(terms(options.bias, language)) : null;
  const scores = rank(candidates.map((candidate) => candidate.terms), bias && bias.size > 0 ? bias : null);
  const ranked = candidates.map((candidate, i) => ({ ...candidate, score: scores[i] ?? 0 })).sort((a, b) => b.score - a.score);
  const chosen: typeof ranked = [];
  let used = 0;
  for (const candidate of ranked) {
    if (used + candidate.words > budget) continue;
    if (chosen.some((other) => jaccard(other.terms, candidate.terms) >= DUPLICATE)) continue;
    chosen.push(candidate);
    used += candidate.words;
    if (used >= budget * 0.9) break;
  }
  return chosen.sort((a, b) => a.index - b.index).map((candidate) => candidate.sentence);
}

/** The summary of a document (or of some of its pages), biased towards its title. */
export function summarizeDocument(
  doc: DocumentText,
  options: SummaryOptions & { pages?: ReadonlySet<number>; chunks?: Chunk[] } = {},
): Array<{ text: string; page: number }> {
  const sentences = documentSentences(options.chunks ?? chunkDocument(doc), options.pages);
  return summarizeSentences(sentences, { ...options, bias: options.bias ?? doc.title }).map(({ text, page }) => ({ text, page }));
}
