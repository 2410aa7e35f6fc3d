/**
 * The tools' use cases: starting a tool (checking its request and its files, creating its task
 * or tasks) and running a task of a tool's kind. One `ToolKind` per task kind of the tool
 * table; most are built by `fileToolKind` from what differs (inputs, options, output name,
 * engine call), the converter and the image tools write their own `start`.
 */
import path from 'node:path';
import {
  acceptsFile, CatalogueError, toolRoutes, toolsOfTaskKind, type ErrorCode, type TaskCreated, type ToolRouteKey,
} from '@pagewright/contracts';
import type { z } from 'zod';
import type { ObjectStorage } from '../../adapters/storage/objectStorage.js';
import type { LazyOfficePool } from '../../engine/office.js';
import type { EnginePool } from '../../engine/pool.js';
import type { Identity } from '../../http/identity.js';
import { withExtension } from '../../util/fileName.js';
import type { FilesService } from '../files/service.js';
import type { TaskRunner, TasksService } from '../tasks/service.js';

export interface ToolDeps {
  files: FilesService;
  tasks: TasksService;
  storage: ObjectStorage;
  engine: EnginePool;
  office: LazyOfficePool;
}

/** The parsed request of a tool call: its body, or for the converter's GET form its query. */
export type ToolRequestOf<K extends ToolRouteKey> = z.infer<NonNullable<(typeof toolRoutes)[K]['body'] | (typeof toolRoutes)[K]['query']>>;

/** How the server starts and runs one task kind. */
export interface ToolKind<K extends ToolRouteKey = ToolRouteKey> {
  kind: K;
  /** Checks the request and its files and creates the task (or a batch's tasks). */
  start(identity: Identity, request: ToolRequestOf<K>, params: Record<string, string>): Promise<TaskCreated>;
  /** Runs one task of this kind in the queue. */
  run: TaskRunner;
}

export class ToolsService {
  private readonly kinds = new Map<string, ToolKind>();

  constructor(private readonly tasks: TasksService) {}

  /** Adds a kind: its runner goes to the task queue, its start to the routes. */
  add(...kinds: ToolKind[]): void {
    for (const definition of kinds) {
      if (this.kinds.has(definition.kind)) throw new Error(`tool kind ${definition.kind} is defined twice`);
      if (toolsOfTaskKind(definition.kind).length === 0) throw new Error(`no tool in the tool table runs task kind ${definition.kind}`);
      this.kinds.set(definition.kind, definition);
      this.tasks.registerRunner(definition.kind, definition.run);
    }
  }

  /** The task kinds this service runs, in the order they were added. */
  kindNames(): ToolRouteKey[] {
    return [...this.kinds.keys()] as ToolRouteKey[];
  }

  start(kind: ToolRouteKey, identity: Identity, request: unknown, params: Record<string, string>): Promise<TaskCreated> {
    const definition = this.kinds.get(kind);
    if (!definition) throw new CatalogueError(2405, `no tool runs ${kind}`);
    return definition.start(identity, request as never, params);
  }
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

/** What differs between the tools that take uploaded files and hand them to the engine. */
export interface FileToolSpec<B, P> {
  /** Inputs past the documents that carry other files (sign-pdf's images) check themselves. */
  checkInput?(fileName: string, index: number): ErrorCode | null;
  /** The files and passwords a request names; path parameters come in `params`. */
  inputs(body: NoInfer<B>, params: Record<string, string>): ToolInput[];
  /** Checks the request and returns the tool's parameters; throws CatalogueError. */
  options(body: NoInfer<B>): P;
  /** The result's display name from the first input's name. */
  outputName(firstInputName: string, options: P): string;
  multiId?(body: NoInfer<B>): string | undefined;
  run(ctx: ToolRunContext<P>): Promise<{ outputPath: string; detail?: Record<string, unknown> }>;
}

/**
 * A task kind whose request names uploaded files: the files must be the caller's and of a type
 * one of the kind's tools accepts (SPEC §3 extension check); the runner hands the engine local
 * copies of them.
 */
export function fileToolKind<K extends ToolRouteKey, P>(
  deps: ToolDeps, kind: K, spec: FileToolSpec<ToolRequestOf<K>, P>,
): ToolKind<K> {
  const served = toolsOfTaskKind(kind);
  const pageNames = served.map((t) => t.pageName).join(', ');
  const check = spec.checkInput ?? ((name: string) => (served.some((t) => acceptsFile(t, name)) ? null : 'FILE_TYPE_ERROR'));
  return {
    kind,
    async start(identity, body, params) {
      const inputs = spec.inputs(body, params);
      if (inputs.length === 0) throw new CatalogueError('INVALID_PARAMS', 'no file given');
      const options = spec.options(body);
      const rows = [];
      for (const [index, input] of inputs.entries()) {
        const row = await deps.files.requireUploaded(identity.owner, input.file_id);
        const refused = check(row.filename, index);
        if (refused) throw new CatalogueError(refused, `${row.filename} is not accepted by ${pageNames}`);
        rows.push(row);
      }
      const taskParams: ToolTaskParams<P> = { inputs, options };
      return deps.tasks.create(identity, kind, taskParams, spec.outputName(rows[0]!.filename, options), spec.multiId?.(body));
    },
    async run({ params, tempDir, reportProgress }) {
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
    },
  };
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
