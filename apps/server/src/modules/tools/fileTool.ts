/**
 * The shape every file tool shares: a route whose body names uploaded files (and passwords),
 * a task created for them, and a runner that hands local copies of the files to the engine.
 * A tool declares only what differs: its schema, its parameters and its engine call.
 */
import path from 'node:path';
import { acceptsFile, CatalogueError, toolByPageName, type ErrorCode, type TaskCreated, type ToolPageName } from '@pagewright/contracts';
import type { z } from 'zod';
import type { ObjectStorage } from '../../adapters/storage/objectStorage.js';
import type { EnginePool } from '../../engine/pool.js';
import { taskCreated } from '@pagewright/contracts';
import { defineRoute, type RouteSpec } from '../../http/route.js';
import { withExtension } from '../../util/fileName.js';
import type { FilesService } from '../files/service.js';
import type { TasksService } from '../tasks/service.js';
import type { Identity } from '../../http/identity.js';

export interface ToolDeps {
  files: FilesService;
  tasks: TasksService;
  storage: ObjectStorage;
  engine: EnginePool;
}

/** A file the task reads, with the password that opens it. */
export interface ToolInput {
  file_id: string;
  password?: string;
}

/** What a task stores: its inputs and the tool's own parameters (plain JSON). */
export interface ToolTaskParams<P> {
  inputs: ToolInput[];
  options: P;
}

export interface ToolRunContext<P> {
  /** Local paths of the inputs, in order, with their passwords. */
  inputs: { path: string; password?: string; name: string }[];
  options: P;
  tempDir: string;
  engine: EnginePool;
  reportProgress: (percent: number) => void;
}

export interface FileToolSpec<B, P> {
  /** The task kind, stored with each task. */
  kind: string;
  /** The tool page whose accepted extensions the inputs must have (SPEC §3 extension check). */
  pageName: ToolPageName;
  /** Inputs past the documents that carry other files (sign-pdf's images) check themselves. */
  checkInput?(fileName: string, index: number): ErrorCode | null;
  urls: string[];
  summary: string;
  body: z.ZodType<B>;
  /** The files and passwords a request names; path parameters come in `params`. */
  inputs(body: NoInfer<B>, params: Record<string, string>): ToolInput[];
  /** Checks the request and returns the tool's parameters; throws CatalogueError. */
  options(body: NoInfer<B>): P;
  /** The result's display name from the first input's name. */
  outputName(firstInputName: string, options: P): string;
  multiId?(body: NoInfer<B>): string | undefined;
  run(ctx: ToolRunContext<P>): Promise<{ outputPath: string; detail?: Record<string, unknown> }>;
}

export function fileTool<B, P>(deps: ToolDeps, spec: FileToolSpec<B, P>): RouteSpec[] {
  deps.tasks.registerRunner(spec.kind, async ({ params, tempDir, reportProgress }) => {
    const { inputs, options } = params as ToolTaskParams<P>;
    const local = [];
    for (const input of inputs) {
      const row = await deps.files.requireStoredForTask(input.file_id);
      local.push({
        path: await deps.storage.localCopy(row.storage_key, tempDir),
        name: row.filename,
        ...(input.password ? { password: input.password } : {}),
      });
    }
    return spec.run({ inputs: local, options, tempDir, engine: deps.engine, reportProgress });
  });

  async function start(identity: Identity, body: B, params: Record<string, string>): Promise<TaskCreated> {
    const inputs = spec.inputs(body, params);
    if (inputs.length === 0) throw new CatalogueError('INVALID_PARAMS', 'no file given');
    const options = spec.options(body);
    const tool = toolByPageName(spec.pageName)!;
    const check = spec.checkInput ?? ((name: string) => (acceptsFile(tool, name) ? null : 'FILE_TYPE_ERROR'));
    const rows = [];
    for (const [index, input] of inputs.entries()) {
      const row = await deps.files.requireUploaded(identity.owner, input.file_id);
      const refused = check(row.filename, index);
      if (refused) throw new CatalogueError(refused, `${row.filename} is not accepted by ${spec.pageName}`);
      rows.push(row);
    }
    const first = rows[0]!;
    const taskParams: ToolTaskParams<P> = { inputs, options };
    return deps.tasks.create(identity, spec.kind, taskParams, spec.outputName(first.filename, options), spec.multiId?.(body));
  }

  return spec.urls.map((url) =>
    defineRoute({
      method: 'POST',
      url,
      summary: spec.summary,
      body: spec.body as z.ZodType,
      response: taskCreated,
      handler: ({ body, params }, request) => start(request.identity, body as B, params),
    }),
  );
}

/** `report.pdf` → `report-rotated.pdf`. */
export function suffixed(name: string, suffix: string, extension: string): string {
  const stem = path.basename(name).replace(/\.[^.]*$/, '') || 'file';
  return withExtension(`${stem}-${suffix}.x`, extension);
}

/** The one file of a request that names `file_id` and, for an encrypted file, `password`. */
export function singleInput(body: { file_id: string; password?: string | undefined }): ToolInput[] {
  return [{ file_id: body.file_id, ...(body.password ? { password: body.password } : {}) }];
}

/** The input with its password, as the engine takes it. */
export function pdfInput(input: { path: string; password?: string }): { path: string; password?: string } {
  return input.password ? { path: input.path, password: input.password } : { path: input.path };
}
