/**
 * A word bigram language model with interpolated absolute discounting: the probability of a
 * word after the one before it, backed off to the word's own frequency. The detector measures
 * how predictable a text is under it (its perplexity): generated text tends to take the likely
 * next word, human text takes less likely ones more often. The model is built once from
 * public-domain reference text (see data/detector/README.md) and shipped as JSON.
 */
import { wordTokens } from './text.js';

/** The discount taken from every seen bigram and given to the back-off. */
const DISCOUNT = 0.75;
/** The start of a sentence, as a previous word. */
export const START = '<s>';

export interface LanguageModelJson {
  /** Word counts over the reference text, words seen fewer than twice left out. */
  unigrams: Record<string, number>;
  /** Every word token counted (including the rare ones left out of `unigrams`). */
  tokens: number;
  /** Distinct words (including the rare ones). */
  vocabulary: number;
  /** Per previous word: its count as a previous word, its distinct followers, and the followers seen at least twice. */
  bigrams: Record<string, { n: number; types: number; next: Record<string, number> }>;
}

/** How many of the reference text's most frequent words count as common (not content) words. */
const COMMON_WORDS = 100;

export class LanguageModel {
  private readonly followerRanks = new Map<string, Map<string, number>>();
  private commonWordSet: Set<string> | null = null;

  constructor(private readonly json: LanguageModelJson) {}

  /** Builds the model from sentences (each a list of lower-cased words). */
  static build(sentences: string[][], minCount = 2): LanguageModel {
    const unigrams = new Map<string, number>();
    const bigrams = new Map<string, Map<string, number>>();
    let tokens = 0;
    for (const sentence of sentences) {
      let previous = START;
      for (const word of sentence) {
        tokens += 1;
        unigrams.set(word, (unigrams.get(word) ?? 0) + 1);
        let followers = bigrams.get(previous);
        if (!followers) bigrams.set(previous, (followers = new Map()));
        followers.set(word, (followers.get(word) ?? 0) + 1);
        previous = word;
      }
    }
    const json: LanguageModelJson = { unigrams: {}, tokens, vocabulary: unigrams.size, bigrams: {} };
    for (const [word, count] of unigrams) if (count >= minCount) json.unigrams[word] = count;
    for (const [previous, followers] of bigrams) {
      let n = 0;
      const next: Record<string, number> = {};
      for (const [word, count] of followers) {
        n += count;
        if (count >= minCount) next[word] = count;
      }
      if (n >= minCount) json.bigrams[previous] = { n, types: followers.size, next };
    }
    return new LanguageModel(json);
  }

  toJSON(): LanguageModelJson {
    return this.json;
  }

  /** P(word) with add-one smoothing over the vocabulary plus one slot for unseen words. */
  private unigram(word: string): number {
    return ((this.json.unigrams[word] ?? 0) + 1) / (this.json.tokens + this.json.vocabulary + 1);
  }

  /** Natural log of P(word | previous). */
  logProb(previous: string, word: string): number {
    const row = this.json.bigrams[previous];
    const backoff = this.unigram(word);
    if (!row) return Math.log(backoff);
    const seen = Math.max((row.next[word] ?? 0) - DISCOUNT, 0) / row.n;
    return Math.log(seen + ((DISCOUNT * row.types) / row.n) * backoff);
  }

  /** Whether the bigram was seen (at least twice) in the reference text. */
  knows(previous: string, word: string): boolean {
    return (this.json.bigrams[previous]?.next[word] ?? 0) > 0;
  }

  /**
   * Where the word stands among the words seen after `previous`, most frequent first (0 for the
   * likeliest); Infinity when it was not seen there. A generator that decodes by taking likely
   * words lands in the first ranks more often than a writer does (the GLTR signal).
   */
  rank(previous: string, word: string): number {
    let ranks = this.followerRanks.get(previous);
    if (!ranks) {
      const next = this.json.bigrams[previous]?.next ?? {};
      ranks = new Map(Object.entries(next).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([w], i) => [w, i]));
      this.followerRanks.set(previous, ranks);
    }
    return ranks.get(word) ?? Infinity;
  }

  /** Whether the word is one of the reference text's most frequent words (articles, pronouns, auxiliaries...). */
  isCommon(word: string): boolean {
    this.commonWordSet ??= new Set(Object.entries(this.json.unigrams).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, COMMON_WORDS).map(([w]) => w));
    return this.commonWordSet.has(word);
  }

  /** The log-probability of each word of a sentence, whether its bigram was seen, and its rank among the followers of the word before. */
  score(sentence: string): Array<{ word: string; logProb: number; known: boolean; rank: number }> {
    let previous = START;
    return wordTokens(sentence).map((word) => {
      const scored = { word, logProb: this.logProb(previous, word), known: this.knows(previous, word), rank: this.rank(previous, word) };
      previous = word;
      return scored;
    });
  }
}
