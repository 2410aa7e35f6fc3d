/**
 * Keywords of the summary card: the words and two-word phrases the document uses often but
 * not everywhere (TF-IDF over its chunks), shown in the form the document writes them.
 */
import type { Chunk } from './chunk.js';
import { hasCjk, stopwordsFor, wordParts } from './segment.js';
import { foldWord, stem } from './terms.js';

export const MAX_KEYWORDS = 8;
export const MIN_KEYWORDS = 5;
/** A phrase says more than either of its words, when the document repeats it. */
const PHRASE_BOOST = 1.5;

interface Candidate {
  key: string;
  parts: string[];
  count: number;
  /** Occurrences in each chunk. */
  chunks: Map<number, number>;
  /** How often each written form occurs, and how often the form is capitalised inside a sentence. */
  forms: Map<string, number>;
  capitalisedInside: number;
  lowerInside: number;
}

interface Word {
  text: string;
  key: string;
  /** Whether the word opens its sentence (a capital there says nothing about the word). */
  first: boolean;
}

function keywordWord(text: string, language: string, stop: ReadonlySet<string>): string | null {
  const lower = text.normalize('NFKC').toLowerCase();
  if (stop.has(lower) || /\d/u.test(lower)) return null;
  if (hasCjk(lower)) return lower.length >= 2 ? lower : null;
  const folded = foldWord(lower);
  if (folded.length < 3 || stop.has(folded)) return null;
  return stem(folded, language);
}

/** Runs of content words: a stopword, punctuation or a sentence's end breaks a phrase. */
function runs(sentence: string, language: string, stop: ReadonlySet<string>): Word[][] {
  const result: Word[][] = [];
  let run: Word[] = [];
  let first = true;
  for (const part of wordParts(sentence)) {
    if (!part.isWord) {
      if (part.text.trim().length > 0 && run.length > 0) {
        result.push(run);
        run = [];
      }
      continue;
    }
    const key = keywordWord(part.text, language, stop);
    if (key === null) {
      if (run.length > 0) result.push(run);
      run = [];
    } else {
      run.push({ text: part.text, key, first });
    }
    first = false;
  }
  if (run.length > 0) result.push(run);
  return result;
}

function count(candidates: Map<string, Candidate>, words: Word[], chunkId: number, joiner: string): void {
  const key = words.map((word) => word.key).join(' ');
  const form = words.map((word) => word.text).join(joiner);
  let candidate = candidates.get(key);
  if (!candidate) {
    candidate = { key, parts: words.map((word) => word.key), count: 0, chunks: new Map(), forms: new Map(), capitalisedInside: 0, lowerInside: 0 };
    candidates.set(key, candidate);
  }
  candidate.count += 1;
  candidate.chunks.set(chunkId, (candidate.chunks.get(chunkId) ?? 0) + 1);
  candidate.forms.set(form, (candidate.forms.get(form) ?? 0) + 1);
  const head = words[0] as Word;
  if (!head.first) {
    if (/^\p{Lu}/u.test(head.text)) candidate.capitalisedInside += 1;
    else candidate.lowerInside += 1;
  }
}

/** A keyword as the document writes it: capitalised only when the document capitalises it inside sentences too (names, German nouns). */
function display(candidate: Candidate): string {
  const form = [...candidate.forms.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? candidate.key;
  return candidate.capitalisedInside > candidate.lowerInside ? form : form.toLowerCase();
}

/**
 * How often the document uses a term, each chunk's repetitions damped (1 + log): a word
 * repeated within one paragraph is that paragraph's subject, not necessarily the document's.
 */
function frequency(candidate: Candidate): number {
  let sum = 0;
  for (const occurrences of candidate.chunks.values()) sum += 1 + Math.log(occurrences);
  return sum;
}

/** Five to eight keywords of the chunks, most telling first. */
export function extractKeywords(chunks: Chunk[], language: string): string[] {
  const stop = stopwordsFor(language);
  const candidates = new Map<string, Candidate>();
  for (const chunk of chunks) {
    for (const sentence of chunk.sentences) {
      for (const run of runs(sentence.text, language, stop)) {
        const joiner = hasCjk(run[0]?.text ?? '') ? '' : ' ';
        for (let i = 0; i < run.length; i += 1) {
          count(candidates, [run[i] as Word], chunk.id, joiner);
          if (i + 1 < run.length) count(candidates, [run[i] as Word, run[i + 1] as Word], chunk.id, joiner);
        }
      }
    }
  }
  const total = Math.max(chunks.length, 1);
  const scored = [...candidates.values()]
    .filter((candidate) => candidate.parts.length === 1 || candidate.count >= 2)
    .filter((candidate) => candidate.parts.length === 1 || candidate.parts[0] !== candidate.parts[1])
    .map((candidate) => ({
      candidate,
      score: frequency(candidate) * Math.log(1 + total / candidate.chunks.size) * (candidate.parts.length > 1 ? PHRASE_BOOST : 1),
    }))
    .sort((a, b) => b.score - a.score || a.candidate.key.localeCompare(b.candidate.key));
  const chosen: Array<{ candidate: Candidate; score: number }> = [];
  for (const entry of scored) {
    if (chosen.length >= MAX_KEYWORDS) break;
    const parts = entry.candidate.parts;
    if (chosen.some((other) => parts.every((part) => other.candidate.parts.includes(part)))) continue;
    // A phrase takes the place of the single word it contains, which it says more precisely.
    const contained = chosen.findIndex((other) => other.candidate.parts.length === 1 && parts.includes(other.candidate.parts[0] as string));
    if (contained >= 0) chosen[contained] = entry;
    else chosen.push(entry);
  }
  const top = chosen[0]?.score ?? 0;
  return chosen.filter((entry, index) => index < MIN_KEYWORDS || entry.score >= top * 0.25).map((entry) => display(entry.candidate));
}
