/**
 * The PDF editor's use cases (SPEC §2 pdf-editor, §4 export, §7 document/content): the bytes of
 * the document the browser's viewer opens, and the export, a task that writes the editor's
 * content into the PDF through the engine.
 */
import path from 'node:path';
import { CatalogueError, fileExtension, type DocumentContentRequest, type EditorContent, type TaskCreated } from '@pagewright/contracts';
import type { EnginePool } from '../../engine/pool.js';
import type { ObjectStorage } from '../../adapters/storage/objectStorage.js';
import type { Identity } from '../../http/identity.js';
import type { FilesService } from '../files/service.js';
import type { TaskRunner, TasksService } from '../tasks/service.js';
import { suffixed, type ToolTaskParams } from '../tools/service.js';

/** The task kind of an export, named after its call. */
export const CONTENT_TASK_KIND = 'content';

export interface EditorDeps {
  files: FilesService;
  tasks: TasksService;
  storage: ObjectStorage;
  engine: EnginePool;
}

type ContentOptions = Pick<EditorContent, 'mode' | 'annotations' | 'removed' | 'text_edits' | 'fields' | 'flatten_forms' | 'text_blocks' | 'images' | 'image_edits'>;

export class EditorService {
  constructor(private readonly deps: EditorDeps) {}

  /** The stored bytes of the caller's own PDF (2405 for another's, as if it did not exist). */
  async source(owner: string, fileId: string): Promise<{ name: string; bytes: Buffer }> {
    const row = await this.deps.files.requireUploaded(owner, fileId);
    if (fileExtension(row.filename) !== 'pdf') throw new CatalogueError('FILE_TYPE_ERROR', `${row.filename} is not a PDF`);
    return { name: row.filename, bytes: await this.deps.files.readAll(row) };
  }

  /**
   * Starts an export: the file must be the caller's uploaded PDF. The task gate applies the
   * entitlement checks; an ANNOTATE export does not take a daily PDF use (SPEC §5).
   */
  async startContent(identity: Identity, query: { file_id: string; password?: string | undefined }, body: DocumentContentRequest): Promise<TaskCreated> {
    const row = await this.deps.files.requireUploaded(identity.owner, query.file_id);
    if (fileExtension(row.filename) !== 'pdf') throw new CatalogueError('FILE_TYPE_ERROR', `${row.filename} is not a PDF`);
    const { annotations, removed, text_edits: textEdits, fields, flatten_forms: flattenForms, text_blocks: textBlocks, images, image_edits: imageEdits } = body.content;
    const contentEdits = textEdits.length + textBlocks.length + images.length + imageEdits.length;
    if (body.content.mode === 'CONTENT_EDIT' && annotations.length + removed.length + contentEdits + fields.length === 0) {
      throw new CatalogueError('INVALID_PARAMS', 'an edit export without edits');
    }
    const params: ToolTaskParams<ContentOptions> = {
      inputs: [{ file_id: query.file_id, ...(query.password ? { password: query.password } : {}) }],
      options: {
        mode: body.content.mode, annotations, removed, text_edits: textEdits, fields, flatten_forms: flattenForms,
        text_blocks: textBlocks, images, image_edits: imageEdits,
      },
    };
    return this.deps.tasks.create(identity, CONTENT_TASK_KIND, params, suffixed(row.filename, 'edited', 'pdf'), body.multi_id);
  }

  readonly run: TaskRunner = async ({ params, tempDir, reportProgress }) => {
    const { inputs, options } = params as ToolTaskParams<ContentOptions>;
    const input = inputs[0]!;
    const row = await this.deps.files.requireStoredForTask(input.file_id);
    const localPath = await this.deps.storage.localCopy(row.storage_key, tempDir);
    const outputPath = path.join(tempDir, 'edited.pdf');
    const { annotations, removed, textEdits, fields, textBlocks, images, imageEdits, signatures } = await this.deps.engine.run('annotate', {
      input: { path: localPath, ...(input.password ? { password: input.password } : {}) },
      outputPath,
      // Tasks stored before `removed`, `fields` and the content edits existed carry none.
      options: {
        annotations: options.annotations, removed: options.removed ?? [], textEdits: options.text_edits ?? [],
        fields: options.fields ?? [], flattenForms: options.flatten_forms ?? false,
        textBlocks: options.text_blocks ?? [], images: options.images ?? [], imageEdits: options.image_edits ?? [],
      },
    }, reportProgress);
    // `signatures`: whether the PDF's earlier signatures still verify for their revision (engine's EditSignatures).
    return { outputPath, detail: { annotations, removed, text_edits: textEdits, fields, text_blocks: textBlocks, images, image_edits: imageEdits, signatures } };
  };
}

/** Whether a task is an ANNOTATE export, which SPEC §5 exempts from the daily PDF uses. */
export function isAnnotateExport(kind: string, params: unknown): boolean {
  return kind === CONTENT_TASK_KIND && (params as ToolTaskParams<Partial<ContentOptions>> | undefined)?.options?.mode === 'ANNOTATE';
}
