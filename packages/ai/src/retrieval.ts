/**
 * Retrieval: BM25 over the document's chunks (MiniSearch), with the terms of terms.ts so that
 * Chinese and Japanese are searched by their words. The index is stored with the document's
 * analysis and reloaded without the document: it carries the chunks' text and positions.
 */
import MiniSearch, { type AsPlainObject, type Options } from 'minisearch';
import { chunkDocument, type Chunk, type ChunkSentence } from './chunk.js';
import { guessLanguage } from './segment.js';
import { queryTerms, terms } from './terms.js';
import type { DocumentText, Passage } from './types.js';

/** Bumped when the stored form changes, so that an old stored index is rebuilt rather than misread. */
const FORMAT = 1;

interface IndexedChunk {
  id: number;
  page: number;
  text: string;
  section: string;
  sentences: ChunkSentence[];
}

export interface DocumentIndexJson {
  format: typeof FORMAT;
  language: string;
  chunks: number;
  search: AsPlainObject;
}

const LATIN_TERM = /^\p{Script=Latin}/u;
/** The weight of a page's next passage for each one it already gave to a search's results. */
const SAME_PAGE = 0.5;
/** How many results per passage asked for are weighed for diversity. */
const CANDIDATES = 4;

function options(language: string): Options<IndexedChunk> {
  return {
    fields: ['text', 'section'],
    storeFields: ['page', 'text', 'sentences'],
    tokenize: (text) => terms(text, language),
    processTerm: (term) => term,
    searchOptions: {
      tokenize: (text) => queryTerms(text, language),
      processTerm: (term) => term,
      combineWith: 'OR',
      // The section heading says what a chunk is about, but the chunk's own words weigh more.
      boost: { text: 1, section: 0.5 },
      prefix: (term) => term.length >= 4 && LATIN_TERM.test(term),
      fuzzy: (term) => (term.length >= 6 && LATIN_TERM.test(term) ? 0.2 : false),
    },
  };
}

export class DocumentIndex {
  private constructor(
    private readonly index: MiniSearch<IndexedChunk>,
    /** The document's language, whose stopwords the index left out. */
    readonly language: string,
    /** How many chunks the index holds (their ids run from 0). */
    readonly size: number,
  ) {}

  /** Indexes a document; pass the chunks when they are already made (the analysis makes them too). */
  static fromDocument(doc: DocumentText, chunks: Chunk[] = chunkDocument(doc)): DocumentIndex {
    const language = guessLanguage(chunks.slice(0, 200).map((chunk) => chunk.text).join(' '));
    const index = new MiniSearch<IndexedChunk>(options(language));
    index.addAll(chunks.map((chunk) => ({ id: chunk.id, page: chunk.page, text: chunk.text, section: chunk.section ?? '', sentences: chunk.sentences })));
    return new DocumentIndex(index, language, chunks.length);
  }

  /** Reloads an index stored with toJSON (as the object or as its JSON text). */
  static fromJSON(json: string | DocumentIndexJson): DocumentIndex {
    const stored = typeof json === 'string' ? (JSON.parse(json) as DocumentIndexJson) : json;
    if (stored.format !== FORMAT) throw new Error(`stored document index has format ${String(stored.format)}, expected ${FORMAT}`);
    return new DocumentIndex(MiniSearch.loadJS(stored.search, options(stored.language)), stored.language, stored.chunks);
  }

  toJSON(): DocumentIndexJson {
    return { format: FORMAT, language: this.language, chunks: this.size, search: this.index.toJSON() };
  }

  /**
   * The k passages that best answer the query, best first; scores are relative to the best
   * (1), so a provider can weigh passages against each other. Empty when no term matches.
   */
  search(query: string, k = 4): Passage[] {
    const results = this.index.search(query);
    const best = results[0]?.score ?? 0;
    if (best <= 0) return [];
    // Diversified across pages (as MMR does): each passage a page already gave weighs its next
    // ones down by SAME_PAGE, so a page's second passage comes only after the other pages' passages
    // of comparable score. A page's chunks share its vocabulary, and without this the top
    // passages are often one page's neighbours, the answer's page pushed out of reach, and the
    // chat answer would cite one source for what several pages say.
    const candidates = results.slice(0, k * CANDIDATES).map((result) => ({ id: result.id as number, page: this.page(result.id as number), score: result.score / best }));
    const taken = new Map<number, number>();
    const passages: Passage[] = [];
    while (passages.length < k && candidates.length > 0) {
      let pick = 0;
      let pickScore = -1;
      candidates.forEach((candidate, i) => {
        const score = candidate.score * SAME_PAGE ** (taken.get(candidate.page) ?? 0);
        if (score > pickScore) [pick, pickScore] = [i, score];
      });
      const [chosen] = candidates.splice(pick, 1);
      if (!chosen) break;
      taken.set(chosen.page, (taken.get(chosen.page) ?? 0) + 1);
      passages.push(this.passage(chosen.id, pickScore));
    }
    return passages;
  }

  private page(id: number): number {
    return (this.index.getStoredFields(id) as Pick<IndexedChunk, 'page'>).page;
  }

  /** Every passage of the given pages, in reading order (AI read's summarize of pages). */
  pagePassages(pages: Iterable<number>): Passage[] {
    const wanted = new Set(pages);
    const passages: Passage[] = [];
    for (let id = 0; id < this.size; id += 1) {
      const stored = this.index.getStoredFields(id);
      if (stored && wanted.has(stored.page as number)) passages.push(this.passage(id, 1));
    }
    return passages;
  }

  private passage(id: number, score: number): Passage {
    const stored = this.index.getStoredFields(id) as Pick<IndexedChunk, 'page' | 'text' | 'sentences'>;
    return { page: stored.page, text: stored.text, score: Math.round(score * 1000) / 1000, sentences: stored.sentences };
  }
}
