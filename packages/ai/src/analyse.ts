/**
 * The analysis of a bound document (SPEC §3 AI summary): what the summary card shows, made
 * from the document alone, so that the card needs no model.
 */
import { chunkDocument, type Chunk } from './chunk.js';
import { extractKeywords } from './keywords.js';
import { documentOutline } from './outline.js';
import { suggestQuestions } from './questions.js';
import { guessLanguage } from './segment.js';
import { summarizeDocument } from './summarize.js';
import type { DocumentAnalysis, DocumentText } from './types.js';

/** Analyses a document; pass its chunks when they are already made (the index makes them too). */
export function analyseDocument(doc: DocumentText, chunks: Chunk[] = chunkDocument(doc)): DocumentAnalysis {
  const language = guessLanguage(chunks.slice(0, 200).map((chunk) => chunk.text).join(' '));
  const summary = summarizeDocument(doc, { chunks, language });
  const keywords = extractKeywords(chunks, language);
  const outline = documentOutline(doc);
  const questions = suggestQuestions({ title: doc.title, outline, keywords, language });
  return { language, summary, keywords, outline, questions };
}
