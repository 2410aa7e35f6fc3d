/**
 * The offline provider (ARCHITECTURE "Offline AI engine"): answers with no model. It never
 * invents: every sentence it shows is a sentence of the passages (or of the selected text)
 * followed by its page, `[p. N]`; the only words of its own are the fixed sentences of
 * messages.ts, which say what it did.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { isHeading } from './chunk.js';
import { locateQuote } from './citations.js';
import { offlineMessages, type OfflineMessages } from './messages.js';
import { countWords, guessLanguage, sentences, wordParts } from './segment.js';
import { jaccard, summarizeSentences, SUMMARY_WORDS } from './summarize.js';
import { queryTerms, termMatches, terms } from './terms.js';
import { estimateTokens } from './tokens.js';
import type { AiProvider, AnswerEvent, AnswerRequest, Citation, PageRect, Passage } from './types.js';

/** A sentence the engine may show: the document's, with its page when it could be found. */
interface Quoted {
  text: string;
  page: number | null;
  rects: PageRect[];
}

interface Candidate extends Quoted {
  page: number;
  /** Its place in the request: passage, then sentence, for a readable order. */
  passage: number;
  position: number;
  /** The passage's retrieval score relative to the best passage's (0..1). */
  passageScore: number;
  terms: Set<string>;
}

/** Sentences shorter than this (labels, captions) are not shown as answers. */
const MIN_SENTENCE_WORDS = 4;
const MIN_ANSWER_SENTENCES = 2;
const MAX_ANSWER_SENTENCES = 4;
/**
 * The share of a question's (rarity-weighted) terms the best sentence must hold to count as an
 * answer: a sentence sharing one word of several is more likely a coincidence than an answer.
 */
const ANSWERS_QUESTION = 0.25;
/** The second sentence joins the answer when it scores at least this share of the best one, a third or fourth at GOOD_ENOUGH. */
const SECOND_GOOD_ENOUGH = 0.3;
const GOOD_ENOUGH = 0.5;
const NEAR_DUPLICATE = 0.7;
/** A rewrite keeps at most this share of the selection's words. */
const REWRITE_SHARE = 0.6;
/** A summary of a selection keeps about this share of its words. */
const SELECTION_SUMMARY_SHARE = 0.4;
/** Word-like segments per streamed token event: small enough that the answer appears as it is written. */
const WORDS_PER_TOKEN = 3;

class Answer {
  private readonly paragraphs: string[] = [];
  private current: { page: number | null; sentences: string[] } | null = null;
  readonly citations: Citation[] = [];
  private readonly cited = new Set<string>();

  line(text: string): void {
    this.close();
    this.paragraphs.push(text);
  }

  quote(sentence: Quoted): void {
    if (this.current?.page !== sentence.page) this.close();
    this.current ??= { page: sentence.page, sentences: [] };
    this.current.sentences.push(sentence.page === null ? sentence.text : `${sentence.text} [p. ${sentence.page}]`);
    if (sentence.page === null) return;
    const key = `${sentence.page}\u0000${sentence.text}`;
    if (this.cited.has(key)) return;
    this.cited.add(key);
    this.citations.push({ page: sentence.page, quote: sentence.text, rects: sentence.rects });
  }

  text(): string {
    this.close();
    return this.paragraphs.join('\n\n');
  }

  private close(): void {
    if (this.current) this.paragraphs.push(this.current.sentences.join(' '));
    this.current = null;
  }
}

function candidatesOf(passages: Passage[], language: string): Candidate[] {
  const best = Math.max(0, ...passages.map((passage) => passage.score));
  const seen = new Set<string>();
  const candidates: Candidate[] = [];
  passages.forEach((passage, index) => {
    passage.sentences.forEach((sentence, position) => {
      const key = `${passage.page}\u0000${sentence.text}`;
      if (isHeading(sentence) || seen.has(key) || countWords(sentence.text) < MIN_SENTENCE_WORDS) return;
      seen.add(key);
      candidates.push({
        text: sentence.text,
        page: passage.page,
        rects: sentence.rects,
        passage: index,
        position,
        passageScore: best > 0 ? passage.score / best : 1,
        terms: new Set(terms(sentence.text, language)),
      });
    });
  });
  return candidates;
}

const readingOrder = (a: Candidate, b: Candidate): number => a.page - b.page || a.passage - b.passage || a.position - b.position;

interface Scored {
  candidate: Candidate;
  /** The rarity-weighted share of the query's terms the sentence holds (0..1). */
  coverage: number;
  score: number;
}

/** Scores sentences by the query terms they hold, rare terms weighing more, weighted by their passage's score. */
function score(query: string[], candidates: Candidate[]): Scored[] {
  const holds = (candidate: Candidate, term: string): boolean => [...candidate.terms].some((other) => termMatches(term, other));
  const weights = query.map((term) => {
    // A term no sentence holds weighs as one held by a single sentence: rare, but not infinitely telling.
    const frequency = Math.max(1, candidates.filter((candidate) => holds(candidate, term)).length);
    return Math.log(1 + (candidates.length + 1) / (frequency + 0.5));
  });
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return candidates.map((candidate) => {
    let held = 0;
    let matched = 0;
    query.forEach((term, index) => {
      if (!holds(candidate, term)) return;
      held += weights[index] ?? 0;
      matched += 1;
    });
    const coverage = total > 0 ? held / total : 0;
    const density = candidate.terms.size > 0 ? matched / candidate.terms.size : 0;
    return { candidate, coverage, score: coverage * (0.4 + 0.6 * candidate.passageScore) + 0.05 * density };
  });
}

/**
 * The best sentences, up to four, none repeating another, in reading order. A second sentence
 * needs 30 % of the best one's score, a third or fourth 50 %: a weak match would only dilute
 * an answer that one sentence already gives.
 */
function pick(scored: Scored[]): Candidate[] {
  const ranked = scored.filter((entry) => entry.score > 0).sort((a, b) => b.score - a.score);
  const top = ranked[0]?.score ?? 0;
  const chosen: Candidate[] = [];
  for (const entry of ranked) {
    if (chosen.length >= MAX_ANSWER_SENTENCES) break;
    if (entry.score < top * (chosen.length >= MIN_ANSWER_SENTENCES ? GOOD_ENOUGH : SECOND_GOOD_ENOUGH)) break;
    if (chosen.some((other) => jaccard(other.terms, entry.candidate.terms) >= NEAR_DUPLICATE)) continue;
    chosen.push(entry.candidate);
  }
  return chosen.sort(readingOrder);
}

function answerQuestion(request: AnswerRequest, language: string, messages: OfflineMessages, answer: Answer): void {
  const candidates = candidatesOf(request.passages, language);
  const query = [...new Set(queryTerms(request.text, language))];
  const scored = query.length > 0 ? score(query, candidates) : [];
  const best = Math.max(0, ...scored.map((entry) => entry.coverage));
  if (best < ANSWERS_QUESTION) {
    const closest = candidates.filter((candidate) => candidate.passage === 0).slice(0, MIN_ANSWER_SENTENCES);
    answer.line(closest.length > 0 ? messages.noAnswer : messages.nothingFound);
    for (const sentence of closest) answer.quote(sentence);
    return;
  }
  for (const sentence of pick(scored)) answer.quote(sentence);
}

const normalise = (text: string): string => text.normalize('NFKC').replace(/\s+/gu, ' ').trim().toLowerCase();

function explainSelection(request: AnswerRequest, language: string, messages: OfflineMessages, answer: Answer): void {
  const selection = normalise(request.text);
  // The selection's own sentences are what the reader already has; the context is the rest.
  const candidates = candidatesOf(request.passages, language).filter((candidate) => !selection.includes(normalise(candidate.text)));
  const query = [...new Set(terms(request.text, language))];
  const related = pick(score(query, candidates).filter((entry) => entry.coverage > 0));
  if (related.length === 0) {
    answer.line(messages.noRelated);
    return;
  }
  answer.line(messages.related);
  for (const sentence of related) answer.quote(sentence);
}

/** The selection's sentences, each with its page and place when the passages hold it. */
function selectionSentences(request: AnswerRequest): Quoted[] {
  return sentences(request.text).map((text) => {
    const located = locateQuote(text, request.passages);
    // The selection's own words are shown; the page's sentence only gives their place.
    return located ? { text, page: located.page, rects: located.rects } : { text, page: null, rects: [] };
  });
}

function summarize(request: AnswerRequest, language: string, messages: OfflineMessages, answer: Answer): void {
  let summary: Quoted[];
  if (request.text.trim().length > 0) {
    const selected = selectionSentences(request);
    const budget = Math.min(SUMMARY_WORDS, Math.max(25, Math.round(countWords(request.text) * SELECTION_SUMMARY_SHARE)));
    summary = summarizeSentences(selected, { words: budget, language });
  } else {
    summary = summarizeSentences(candidatesOf(request.passages, language).sort(readingOrder), { language });
  }
  if (summary.length === 0) {
    answer.line(messages.nothingToSummarize);
    return;
  }
  for (const sentence of summary) answer.quote(sentence);
}

function condense(request: AnswerRequest, language: string, messages: OfflineMessages, answer: Answer): void {
  const selected = selectionSentences(request);
  const first = selected[0];
  if (!first) {
    answer.line(messages.nothingToSummarize);
    return;
  }
  const budget = Math.floor(countWords(request.text) * REWRITE_SHARE);
  const kept = summarizeSentences(selected, { words: budget, language });
  answer.line(messages.condensed);
  // A selection of one long sentence cannot be condensed without rewriting it; it is shown whole.
  for (const sentence of kept.length > 0 ? kept : [first]) answer.quote(sentence);
}

function compose(request: AnswerRequest): Answer {
  const messages = offlineMessages(request.language, request.text);
  const sample = request.passages.map((passage) => passage.text).join(' ').slice(0, 5_000);
  const language = guessLanguage(sample || request.text);
  const answer = new Answer();
  switch (request.action) {
    case 'ask':
    case 'chat':
      answerQuestion(request, language, messages, answer);
      break;
    case 'explain':
      explainSelection(request, language, messages, answer);
      break;
    case 'summarize':
      summarize(request, language, messages, answer);
      break;
    case 'rewrite':
      condense(request, language, messages, answer);
      break;
  }
  return answer;
}

/**
 * The text cut into stream pieces of a few words each, spaces and punctuation kept. A `[p. N]`
 * marker stays whole, so that a client never shows half a citation.
 */
export function streamPieces(text: string): string[] {
  const pieces: string[] = [];
  let piece = '';
  let wordsInPiece = 0;
  const flush = (): void => {
    if (piece) pieces.push(piece);
    piece = '';
    wordsInPiece = 0;
  };
  for (const [index, span] of text.split(/(\[p\. \d+\])/u).entries()) {
    if (index % 2 === 1) {
      piece += span;
      flush();
      continue;
    }
    for (const part of wordParts(span)) {
      if (part.isWord && wordsInPiece === WORDS_PER_TOKEN) flush();
      piece += part.text;
      if (part.isWord) wordsInPiece += 1;
    }
  }
  flush();
  return pieces;
}

export class OfflineProvider implements AiProvider {
  readonly name = 'offline' as const;

  /**
   * Streams the answer. When `request.signal` aborts, the stream stops at the next piece and
   * ends with `done` counting what was sent (no citations: the answer was not finished).
   */
  async *answer(request: AnswerRequest): AsyncGenerator<AnswerEvent> {
    const answer = compose(request);
    const text = answer.text();
    // The offline engine reads no prompt; the question (or selection) is what the user sent.
    const promptTokens = estimateTokens(request.text);
    let sent = '';
    for (const piece of streamPieces(text)) {
      if (request.signal?.aborted) break;
      yield { type: 'token', text: piece };
      sent += piece;
      // Lets the server's I/O (a client that disconnects, a cancel) run between pieces.
      await nextTurn();
    }
    if (request.signal?.aborted) {
      yield { type: 'done', promptTokens, completionTokens: estimateTokens(sent) };
      return;
    }
    yield { type: 'citations', citations: answer.citations };
    yield { type: 'done', promptTokens, completionTokens: estimateTokens(text) };
  }
}
