import path from 'node:path';
import { CatalogueError, mergeRequest, paths, taskCreated, type MergeRequest } from '@pagewright/contracts';
import type { ObjectStorage } from '../../adapters/storage/objectStorage.js';
import type { EnginePool } from '../../engine/pool.js';
import { defineRoute, type RouteSpec } from '../../http/route.js';
import type { FilesService } from '../files/service.js';
import type { TaskRunner, TasksService } from '../tasks/service.js';

interface MergeParams {
  file_ids: string[];
  passwds: string[];
}

/** merge-pdf: every page of every file, in the order given, with outlines and links. */
export function mergeTool(deps: { files: FilesService; tasks: TasksService; storage: ObjectStorage; engine: EnginePool }) {
  const runner: TaskRunner = async ({ params, tempDir, reportProgress }) => {
    const { file_ids, passwds } = params as MergeParams;
    const inputs = [];
    for (const [i, fileId] of file_ids.entries()) {
      const row = await deps.files.requireUploaded(fileId);
      const password = passwds[i];
      inputs.push({ path: await deps.storage.localCopy(row.storage_key, tempDir), ...(password ? { password } : {}) });
    }
    const outputPath = path.join(tempDir, 'merged.pdf');
    await deps.engine.run({ op: 'merge', inputs, outputPath }, reportProgress);
    return { outputPath };
  };
  deps.tasks.registerRunner('merge', runner);

  async function start(request: MergeRequest) {
    const rows = [];
    for (const fileId of request.file_ids) rows.push(await deps.files.requireUploaded(fileId));
    if (request.passwds && request.passwds.length > request.file_ids.length) {
      throw new CatalogueError('INVALID_PARAMS', 'more passwords than files');
    }
    const first = rows[0]!.filename.replace(/\.pdf$/i, '');
    const name = request.output_file_name ?? `${first}-merged.pdf`;
    const params: MergeParams = { file_ids: request.file_ids, passwds: request.passwds ?? [] };
    return deps.tasks.create('merge', params, name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`, request.multi_id);
  }

  const routes: RouteSpec[] = [
    defineRoute({
      method: 'POST',
      url: paths.merge,
      summary: 'merge-pdf: queues a task merging the files in the order of file_ids.',
      body: mergeRequest,
      response: taskCreated,
      handler: ({ body }) => start(body),
    }),
  ];
  return { routes };
}
