/**
 * The documents-to-PDF converter of the server's main process. LibreOffice runs as child
 * processes that the engine's OfficePool keeps warm; a pool owns processes, so it lives here
 * and not in the Piscina workers. It starts on the first conversion, so a server that never
 * converts a document never starts soffice, and `close()` ends every soffice it started.
 */
import type { OfficePool } from '@pagewright/engine/office';

export interface OfficeSettings {
  /** LibreOffice instances; the engine's default (from the core count) when absent. */
  instances?: number;
  /** One conversion's time limit in milliseconds. */
  timeoutMs?: number;
  /** An instance is restarted after this many conversions. */
  maxConversionsPerInstance?: number;
}

type Engine = typeof import('@pagewright/engine/office');

export class LazyOfficePool {
  private started: Promise<{ engine: Engine; pool: OfficePool }> | undefined;
  private closed = false;

  constructor(private readonly settings: OfficeSettings) {}

  /** Whether soffice may be running (a conversion has started the pool). */
  get isStarted(): boolean {
    return this.started !== undefined;
  }

  /**
   * Converts a document (its type given by `sourceExtension`) to PDF at `outputPath`: HTML via
   * Chromium, the rest via the LibreOffice pool. Throws the engine's CatalogueError.
   */
  async documentToPdf(inputPath: string, outputPath: string, sourceExtension: string, onProgress?: (percent: number) => void): Promise<void> {
    const { engine, pool } = await this.start();
    await engine.documentToPdf(pool, inputPath, outputPath, sourceExtension, onProgress);
  }

  async close(): Promise<void> {
    this.closed = true;
    const started = this.started;
    if (!started) return;
    let pool: OfficePool;
    try {
      ({ pool } = await started);
    } catch {
      return; // the pool never started
    }
    await pool.close();
  }

  private start(): Promise<{ engine: Engine; pool: OfficePool }> {
    if (this.closed) return Promise.reject(new Error('the office pool is closed'));
    // Imported on the first conversion, and only the office part: MuPDF stays in the workers
    // (compiling it here held the API thread for over a second).
    this.started ??= import('@pagewright/engine/office').then((engine) => ({
      engine,
      pool: new engine.OfficePool({
        ...(this.settings.instances ? { instances: this.settings.instances } : {}),
        ...(this.settings.timeoutMs ? { timeoutMs: this.settings.timeoutMs } : {}),
        ...(this.settings.maxConversionsPerInstance ? { maxConversionsPerInstance: this.settings.maxConversionsPerInstance } : {}),
      }),
    }));
    this.started.catch(() => {
      this.started = undefined;
    });
    return this.started;
  }
}
