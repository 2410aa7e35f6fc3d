import { cloudRoutes } from '@pagewright/contracts';
import type { FastifyReply } from 'fastify';
import { implement, type RouteImplementation } from '../../http/route.js';
import { contentDisposition, downloadContentType } from '../../util/fileName.js';
import type { CloudService, SignedDownload } from './service.js';

const OK = { ok: true as const };

export function cloudRoutesOf(cloud: CloudService): RouteImplementation[] {
  return [
    implement(cloudRoutes.list, ({ body }, request) => cloud.list(request.identity.owner, body)),
    implement(cloudRoutes.directoryList, async (_input, request) => ({ folders: await cloud.folders(request.identity.owner) })),
    implement(cloudRoutes.directoryCreate, ({ body }, request) => cloud.createFolder(request.identity.owner, body.name, body.parent_id)),
    implement(cloudRoutes.directoryRename, ({ body }, request) => cloud.renameFolder(request.identity.owner, body.folder_id, body.name)),
    implement(cloudRoutes.directoryDelete, ({ params }, request) => cloud.deleteFolder(request.identity.owner, params.did)),
    implement(cloudRoutes.starList, async (_input, request) => ({ documents: await cloud.starred(request.identity.owner) })),
    implement(cloudRoutes.starMark, async ({ body }, request) => {
      await cloud.star(request.identity.owner, body.file_ids, true);
      return OK;
    }),
    implement(cloudRoutes.starUnmark, async ({ body }, request) => {
      await cloud.star(request.identity.owner, body.file_ids, false);
      return OK;
    }),
    implement(cloudRoutes.fileMove, ({ body }, request) => cloud.moveDocument(request.identity.owner, body.file_id, body.folder_id)),
    implement(cloudRoutes.fileRename, ({ body }, request) => cloud.renameDocument(request.identity.owner, body.file_id, body.name)),
    implement(cloudRoutes.fileDelete, ({ params }, request) => cloud.deleteDocument(request.identity.owner, params.file_id)),
    implement(cloudRoutes.capacity, (_input, request) => cloud.capacity(request.identity.owner)),
    implement(cloudRoutes.multiDelete, ({ body }, request) => cloud.deleteSelection(request.identity.owner, body.file_ids, body.folder_ids)),
    implement(cloudRoutes.multiMove, async ({ body }, request) => {
      await cloud.moveSelection(request.identity.owner, body.file_ids, body.folder_ids, body.target_folder_id);
      return OK;
    }),
    implement(cloudRoutes.recentList, async (_input, request) => ({ documents: await cloud.recent(request.identity.owner) })),
    implement(cloudRoutes.recentDelete, async ({ body }, request) => {
      await cloud.removeFromRecent(request.identity.owner, body.file_ids);
      return OK;
    }),
    implement(cloudRoutes.ossFileCreate, ({ body }, request) =>
      cloud.adopt(request.identity.owner, body.file_id, body.folder_id, { name: body.name })),
    implement(cloudRoutes.fileDownloadUrl, ({ query }, request) => cloud.documentDownloadUrl(request.identity.owner, query.file_id)),
    implement(cloudRoutes.multiDownload, ({ body }, request) => cloud.archiveUrl(request.identity.owner, body.file_ids, body.folder_ids)),
    implement(cloudRoutes.capacityReceive, (_input, request) => cloud.receiveCapacity(request.identity.owner)),
    implement(cloudRoutes.taskResult, ({ query }, request) => cloud.saveTaskResult(request.identity.owner, query.task_id, query.folder_id ?? '')),
    implement(cloudRoutes.taskDownloadUrl, ({ query }, request) => cloud.taskDownloadUrl(request.identity.owner, query.task_id)),
    implement(cloudRoutes.uploadUrl, ({ body }, request) =>
      cloud.importUrl(request.identity.owner, body.url, { toCloud: body.auto_oss_upload === true, folderId: body.folder_id })),
    implement(cloudRoutes.netdisk, async ({ body }, request) => {
      const headers: Record<string, string> = body.access_token ? { Authorization: `Bearer ${body.access_token}` } : {};
      const files = [];
      for (const file of body.files) {
        files.push(await cloud.importUrl(request.identity.owner, file.url, { toCloud: body.auto_oss_upload === true, name: file.name, headers }));
      }
      return { files };
    }),
    implement(cloudRoutes.signedObject, async ({ params, query }, _request, reply) =>
      send(reply, await cloud.openSignedFile(params.file_id, query.expires, query.token))),
    implement(cloudRoutes.signedTaskResult, async ({ params, query }, _request, reply) =>
      send(reply, await cloud.openSignedTask(params.task_id, query.expires, query.token))),
    implement(cloudRoutes.signedArchive, async ({ query }, _request, reply) =>
      send(reply, await cloud.openSignedArchive(query.selection, query.expires, query.token), 'application/zip')),
  ];
}

function send(reply: FastifyReply, file: SignedDownload, type?: string): FastifyReply {
  const contentType = type ?? downloadContentType(file.name);
  reply.header('Content-Type', contentType).header('Content-Disposition', contentDisposition(file.name)).header('Cache-Control', 'no-store');
  if (file.size !== undefined) reply.header('Content-Length', file.size);
  return reply.send(file.stream);
}
