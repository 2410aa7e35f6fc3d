import type { Finding } from '@pagewright/ai';
import type { ProofreadLanguage } from '@pagewright/contracts';
import { Piscina } from 'piscina';
import type { ProofreadTask } from './proofreadWorker.js';

/**
 * The proofreader's worker thread (proofreadWorker.ts). One thread: its dictionaries take a few
 * hundred MB once loaded, and it is kept for 10 minutes after its last check so that the next
 * one does not load them again.
 */
export class ProofreadPool {
  private readonly pool: Piscina;

  constructor(options: { filename?: string } = {}) {
    this.pool = new Piscina({
      // Beside this file in dist (the tests run the built server too).
      filename: options.filename ?? new URL('./proofreadWorker.js', import.meta.url).href,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 10 * 60_000,
    });
  }

  check(text: string, language: ProofreadLanguage): Promise<Finding[]> {
    return this.pool.run({ text, language } satisfies ProofreadTask) as Promise<Finding[]>;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
