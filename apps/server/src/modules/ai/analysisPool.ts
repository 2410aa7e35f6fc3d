import type { DocumentText } from '@pagewright/ai';
import { Piscina } from 'piscina';
import type { AnalysisResult, AnalysisTask, PageSentence } from './analysisWorker.js';

/**
 * The worker thread of the AI tools' heavy work (analysisWorker.ts), off the API thread. One
 * thread is enough: analyses are rare beside questions, and one at a time bounds memory.
 */
export class AnalysisPool {
  private readonly pool: Piscina;

  constructor(options: { filename?: string; threads?: number } = {}) {
    this.pool = new Piscina({
      // Beside this file in dist (the tests run the built server too).
      filename: options.filename ?? new URL('./analysisWorker.js', import.meta.url).href,
      minThreads: 0,
      maxThreads: options.threads ?? 1,
      idleTimeout: 30_000,
    });
  }

  /** The document's search index (JSON text) and its analysis. */
  analyse(doc: DocumentText): Promise<AnalysisResult> {
    return this.pool.run({ kind: 'analyse', doc } satisfies AnalysisTask) as Promise<AnalysisResult>;
  }

  /** The extractive summary of the sentences (TextRank), in their order. */
  summarize(sentences: PageSentence[]): Promise<PageSentence[]> {
    return this.pool.run({ kind: 'summarize', sentences } satisfies AnalysisTask) as Promise<PageSentence[]>;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
