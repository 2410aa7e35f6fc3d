/**
 * The document translator (SPEC §1 ai-translator): a PDF translated as a task. The engine
 * reads the text boxes of the layout analysis, the translator (Apertium offline, or the
 * configured endpoint) translates their texts, and the engine writes the translations back
 * into the boxes (or the bilingual PDF, or the DOCX). Metered as the AI tools are: the month's
 * tokens are checked before (11003) and the translation's tokens counted after; the task is
 * measured by the AIRead limit key (SPEC §2 ai-translator, §9 translator 100 MB, 260 pages).
 */
import path from 'node:path';
import {
  CatalogueError, fileExtension, rightToLeftLanguages, unspacedLanguages,
  type TaskCreated, type TranslateRequest, type TranslatorLanguage, type TranslatorLanguagesInfo,
} from '@pagewright/contracts';
import type { Translator } from '@pagewright/ai';
import type { ObjectStorage } from '../../adapters/storage/objectStorage.js';
import type { EnginePool } from '../../engine/pool.js';
import type { Identity } from '../../http/identity.js';
import type { FilesService } from '../files/service.js';
import type { RunContext, TasksService } from '../tasks/service.js';
import type { Admission, Metering } from './metering.js';

export const TRANSLATE_TASK_KIND = 'translate';

interface TranslateTaskParams {
  inputs: { file_id: string; password?: string }[];
  options: { source: TranslatorLanguage; target: TranslatorLanguage; layout: TranslateRequest['layout'] };
  /** Read by the entitlement check: the translator is measured as the AI read tools are. */
  limit_key: 'AIRead';
  admission: Admission;
}

export interface TranslationDeps {
  files: FilesService;
  tasks: TasksService;
  storage: ObjectStorage;
  engine: EnginePool;
  translator: Translator;
  metering: Metering;
}

/** Shares of the task's progress: reading the layout, translating, writing. */
const READ_SHARE = 25;
const TRANSLATE_SHARE = 45;

export class DocumentTranslation {
  constructor(private readonly deps: TranslationDeps) {}

  languages(): Promise<TranslatorLanguagesInfo> {
    return this.deps.translator.languages();
  }

  /** Checks the file (the caller's, uploaded, a PDF), the pair and the month's tokens; creates the task. */
  async start(identity: Identity, body: TranslateRequest): Promise<TaskCreated> {
    const row = await this.deps.files.requireUploaded(identity.owner, body.file_id);
    if (fileExtension(row.filename) !== 'pdf') throw new CatalogueError('FILE_TYPE_ERROR', `${row.filename} is not a PDF`);
    const info = await this.languages();
    const offered = body.source_lang !== body.target_lang && (info.any_pair
      ? info.languages.includes(body.source_lang) && info.languages.includes(body.target_lang)
      : info.pairs.some((p) => p.source === body.source_lang && p.target === body.target_lang));
    if (!offered) throw new CatalogueError('TRANSLATE_PAIR_UNAVAILABLE', `${body.source_lang} to ${body.target_lang} on ${info.provider}`);
    const admission = await this.deps.metering.admit(identity, 'AIRead', { question: false });
    const params: TranslateTaskParams = {
      inputs: [{ file_id: body.file_id, ...(body.password ? { password: body.password } : {}) }],
      options: { source: body.source_lang, target: body.target_lang, layout: body.layout },
      limit_key: 'AIRead',
      admission,
    };
    return this.deps.tasks.create(identity, TRANSLATE_TASK_KIND, params, outputName(row.filename, body.target_lang, body.layout));
  }

  /** The task: read the boxes, translate their texts, write them back; the tokens are charged even when writing fails. */
  readonly run = async ({ params, tempDir, reportProgress }: RunContext): Promise<{ outputPath: string; detail?: Record<string, unknown> }> => {
    const { inputs, options, admission } = params as TranslateTaskParams;
    const input = inputs[0]!;
    const row = await this.deps.files.requireStoredForTask(input.file_id);
    const local = await this.deps.storage.localCopy(row.storage_key, tempDir);
    const pdf = input.password ? { path: local, password: input.password } : { path: local };
    const pages = await this.deps.engine.run('translateRead', { input: pdf }, (p) => reportProgress((p / 100) * READ_SHARE));
    const boxes = pages.flatMap((page) => page.boxes);
    if (boxes.length === 0) throw new CatalogueError('TRANSLATE_NO_TEXT', `${row.filename} has no text boxes`);
    const result = await this.deps.translator.translate(boxes.map((box) => box.text), options.source, options.target);
    await this.deps.metering.charge(admission, result.tokens);
    reportProgress(READ_SHARE + TRANSLATE_SHARE);
    const translations: Record<string, string> = {};
    boxes.forEach((box, i) => {
      const text = result.texts[i];
      if (text) translations[box.id] = text;
    });
    const extension = options.layout === 'docx' ? 'docx' : 'pdf';
    const outputPath = path.join(tempDir, `translated.${extension}`);
    const fit = await this.deps.engine.run('translateWrite', {
      input: pdf, outputPath,
      options: {
        pages, translations, layout: options.layout,
        rtl: rightToLeftLanguages.includes(options.target),
        breakAnywhere: unspacedLanguages.includes(options.target),
        // Thai's word breaks and the shaper's language forms (Marathi and Hindi share Devanagari).
        lang: options.target,
      },
    }, (p) => reportProgress(READ_SHARE + TRANSLATE_SHARE + (p / 100) * (100 - READ_SHARE - TRANSLATE_SHARE)));
    return {
      outputPath,
      detail: {
        provider: this.deps.translator.provider, source_lang: options.source, target_lang: options.target, layout: options.layout,
        boxes: fit.boxes, overflowing: fit.overflowing, shrunk: fit.shrunk, tokens: result.tokens,
      },
    };
  };
}

/** `report.pdf` → `report-es.pdf`, `report-es-bilingual.pdf`, `report-es.docx`. */
export function outputName(fileName: string, target: string, layout: TranslateRequest['layout']): string {
  const stem = path.basename(fileName).replace(/\.[^.]*$/u, '') || 'file';
  if (layout === 'docx') return `${stem}-${target}.docx`;
  return layout === 'bilingual' ? `${stem}-${target}-bilingual.pdf` : `${stem}-${target}.pdf`;
}
