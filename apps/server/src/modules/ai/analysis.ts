/**
 * The analysis of a bound document (SPEC §4: analyses, then success or failed), run in the
 * background after `file/bind` answers: the engine reads the document's text (OCR first for
 * a scan), a worker thread builds its search index and its analysis, the index is stored as an
 * object under `ai/` and the analysis in the database. Loaded indexes are kept in a small cache.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DocumentIndex, type DocumentText } from '@pagewright/ai';
import { aiLimits, CatalogueError, type OcrLanguage } from '@pagewright/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ObjectStorage } from '../../adapters/storage/objectStorage.js';
import type { EnginePool } from '../../engine/pool.js';
import type { FilesService } from '../files/service.js';
import type { AnalysisPool } from './analysisPool.js';
import { IndexCache } from './indexCache.js';
import type { AiDocumentRow, AiRepo } from './repo.js';

/** Loaded indexes kept in memory (a 200-page document's index is a few megabytes). */
const CACHED_INDEXES = 8;
/** A page with fewer letters than this has no text layer to speak of (a scan, a photo). */
const BARE_PAGE_LETTERS = 20;

/** Failures a user can act on keep their own code; any other is 11012 (could not be analysed). */
const OWN_CODES: ReadonlySet<string> = new Set(['AI_PAGE_LIMIT', 'NEED_OCR', '3122', 'INCORRECT_PASSWORD']);

export interface AnalyserDeps {
  repo: AiRepo;
  files: FilesService;
  storage: ObjectStorage;
  engine: EnginePool;
  pool: AnalysisPool;
  log: FastifyBaseLogger;
}

export const indexKeyOf = (fileId: string): string => `ai/${fileId}.json`;

export class DocumentAnalyser {
  private readonly running = new Map<string, Promise<void>>();
  private readonly indexes = new IndexCache<DocumentIndex>(CACHED_INDEXES);
  private closing = false;

  constructor(private readonly deps: AnalyserDeps) {}

  isRunning(fileId: string): boolean {
    return this.running.has(fileId);
  }

  /** Starts the analysis of a row set to `analyses`; it runs on after this returns. */
  start(row: AiDocumentRow, password?: string): void {
    if (this.closing || this.running.has(row.file_id)) return;
    const job = this.analyse(row, password).finally(() => this.running.delete(row.file_id));
    this.running.set(row.file_id, job);
  }

  /** Analyses a stop of the server interrupted start again (a password, never stored, is asked anew by 3122). */
  async resumeInterrupted(): Promise<void> {
    for (const row of await this.deps.repo.documentsAnalysing()) this.start(row);
  }

  /** The document's search index, loaded from its object once and then kept a while. */
  index(row: AiDocumentRow): Promise<DocumentIndex> {
    const key = row.index_key;
    if (!key) return Promise.reject(new CatalogueError(11012, `${row.file_id} has no index`));
    return this.indexes.get(row.file_id, async () => {
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of this.deps.storage.openRead(key) as AsyncIterable<Buffer>) chunks.push(chunk);
      } catch (error) {
        throw new CatalogueError(11012, `index ${key} unreadable: ${error instanceof Error ? error.message : String(error)}`);
      }
      return DocumentIndex.fromJSON(Buffer.concat(chunks).toString('utf8'));
    });
  }

  /** The extractive summary of some pages: the best of their body sentences (headings left out), in order, ranked off the API thread. */
  async pagesSummary(row: AiDocumentRow, pages: number[]): Promise<Array<{ text: string; page: number }>> {
    const sentences = (await this.index(row)).pagePassages(pages)
      .flatMap((passage) => passage.sentences.filter((sentence) => !(sentence as { heading?: boolean }).heading).map((sentence) => ({ text: sentence.text, page: passage.page })));
    return this.deps.pool.summarize(sentences);
  }

  /** The document went (deleted, swept): its binding and its index go too. */
  async forget(fileId: string): Promise<void> {
    this.indexes.delete(fileId);
    await this.deps.repo.deleteDocument(fileId);
    await this.deps.storage.delete(indexKeyOf(fileId));
  }

  /** Stops taking work; analyses cut short stay `analyses` and resume at the next start. */
  async close(): Promise<void> {
    this.closing = true;
    await this.deps.pool.close();
  }

  private async analyse(row: AiDocumentRow, password: string | undefined): Promise<void> {
    const { engine, repo, storage } = this.deps;
    const dir = await mkdtemp(path.join(tmpdir(), 'pagewright-ai-'));
    const started = Date.now();
    let totalPages = row.total_page;
    try {
      const file = await this.deps.files.find(row.file_id);
      if (!file || file.status !== 'uploaded') throw new CatalogueError(90001, `${row.file_id} is gone`);
      const local = await storage.localCopy(file.storage_key, dir);
      const input = { path: local, ...(password ? { password } : {}) };
      totalPages = (await engine.run('info', input)).total_page;
      if (totalPages > aiLimits.pageLimit) throw new CatalogueError('AI_PAGE_LIMIT', `${totalPages} pages`);
      let text = await engine.run('documentText', { ...input, maxPages: row.max_pages });
      let ocr = false;
      if (isMostlyBare(text)) {
        try {
          text = await this.readByOcr(input, row, totalPages, dir);
          ocr = true;
        } catch (error) {
          // Slides with a few words a page read as they are when OCR cannot help; a bare scan cannot.
          if (lettersOf(text) === 0) throw error;
          this.deps.log.info({ err: error, file_id: row.file_id }, 'ai: OCR failed; the sparse text layer is read as it is');
        }
      }
      const { index, analysis } = await this.deps.pool.analyse(text);
      const key = indexKeyOf(row.file_id);
      await storage.put(key, Buffer.from(index, 'utf8'));
      this.indexes.delete(row.file_id);
      await repo.updateDocument(row.file_id, {
        state: 'success', error_code: null, total_page: totalPages, analysed_pages: text.pages.length, ocr: ocr ? 1 : 0,
        analysis: JSON.stringify(analysis), index_key: key, updated_at: Date.now(),
      });
      // The document may have been deleted while it was analysed: nothing of it may stay.
      if (!(await repo.document(row.file_id))) await storage.delete(key);
      this.deps.log.info({ file_id: row.file_id, pages: text.pages.length, ocr, ms: Date.now() - started }, 'ai: document analysed');
    } catch (error) {
      if (this.closing) return;
      const code = error instanceof CatalogueError && OWN_CODES.has(String(error.code)) ? String(error.code) : '11012';
      this.deps.log.info({ err: error, file_id: row.file_id, code }, 'ai: analysis failed');
      try {
        await repo.updateDocument(row.file_id, { state: 'failed', error_code: code, total_page: totalPages, updated_at: Date.now() });
      } catch (err) {
        this.deps.log.error({ err, file_id: row.file_id }, 'ai: analysis failure not recorded');
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /**
   * A scan: OCR (of the pages the analysis reads only) with the engine's OCR operation, then
   * the text read again. OCR that cannot run (no Tesseract), fails or finds nothing is NEED_OCR.
   */
  private async readByOcr(input: { path: string; password?: string }, row: AiDocumentRow, totalPages: number, dir: string): Promise<DocumentText> {
    const { engine } = this.deps;
    try {
      let source = input;
      if (totalPages > row.max_pages) {
        const first = path.join(dir, 'first-pages.pdf');
        const beyond = Array.from({ length: totalPages - row.max_pages }, (_, i) => row.max_pages + 1 + i);
        await engine.run('deletePages', { input, outputPath: first, options: { pages: beyond } });
        source = { path: first };
      }
      const outputPath = path.join(dir, 'ocr.pdf');
      const languages = row.ocr_languages.split(',').filter((l) => l !== '') as OcrLanguage[];
      await engine.run('ocr', { inputs: [source], outputPath, options: { languages, outputFormat: 'pdf' } });
      const text = await engine.run('documentText', { path: outputPath, maxPages: row.max_pages });
      if (lettersOf(text) === 0) throw new Error('OCR found no text');
      return text;
    } catch (error) {
      throw new CatalogueError('NEED_OCR', `OCR of ${row.file_id} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** Half the pages read or more without text: the document is a scan (the engine's OCR leaves pages with text as they are). */
export function isMostlyBare(text: DocumentText): boolean {
  if (text.pages.length === 0) return true;
  const bare = text.pages.filter((page) => lettersOf({ ...text, pages: [page] }) < BARE_PAGE_LETTERS).length;
  return bare * 2 >= text.pages.length;
}

function lettersOf(text: DocumentText): number {
  let letters = 0;
  for (const page of text.pages) {
    for (const block of page.blocks) for (const line of block.lines) letters += (line.text.match(/\p{L}/gu) ?? []).length;
  }
  return letters;
}
