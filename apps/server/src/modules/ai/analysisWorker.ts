/**
 * Runs in a worker thread (analysisPool.ts): the AI work that takes long enough on a large
 * document to stall the API if it ran there. `analyse` builds a document's search index (left
 * as JSON text, ready to be stored) and its analysis (summary, keywords, outline, questions);
 * `summarize` ranks the sentences of a page range for its extractive summary.
 */
import { analyseDocument, chunkDocument, DocumentIndex, summarizeSentences, type DocumentAnalysis, type DocumentText } from '@pagewright/ai';

export interface AnalysisResult {
  index: string;
  analysis: DocumentAnalysis;
}

export interface PageSentence {
  text: string;
  page: number;
}

export type AnalysisTask =
  | { kind: 'analyse'; doc: DocumentText }
  | { kind: 'summarize'; sentences: PageSentence[] };

export default function run(task: AnalysisTask): AnalysisResult | PageSentence[] {
  if (task.kind === 'summarize') return summarizeSentences(task.sentences);
  // The index and the analysis read the same chunks: they are cut once.
  const chunks = chunkDocument(task.doc);
  return { index: JSON.stringify(DocumentIndex.fromDocument(task.doc, chunks).toJSON()), analysis: analyseDocument(task.doc, chunks) };
}
