import { fileRoutes } from '@pagewright/contracts';
import { implement, type RouteImplementation } from '../../http/route.js';
import type { FilesService } from './service.js';

export function filesRoutes(files: FilesService): RouteImplementation[] {
  return [
    implement(fileRoutes.uploadObject, ({ body }, request) => files.createUpload(request.identity.owner, body)),
    implement(fileRoutes.storeObject, async ({ query, params }, request) => {
      const row = await files.authorizeUpload(params.file_id, query.expires, query.token);
      return files.storeSingle(row, asBuffer(request.body));
    }),
    implement(fileRoutes.storePart, async ({ query, params }, request) => {
      const row = await files.authorizeUpload(params.file_id, query.expires, query.token);
      const part = Number(params.part);
      await files.storePart(row, part, asBuffer(request.body));
      return { part };
    }),
    implement(fileRoutes.completeParts, async ({ query, params, body }) => {
      const row = await files.authorizeUpload(params.file_id, query.expires, query.token);
      return files.completeParts(row, body.parts);
    }),
    implement(fileRoutes.uploadCallback, ({ body }, request) => files.confirmUpload(request.identity.owner, body.file_id, body)),
    implement(fileRoutes.documentInfo, ({ query }, request) => files.documentInfo(request.identity.owner, query.file_id, query.passwd)),
    implement(fileRoutes.pageImage, async ({ query }, request, reply) => {
      const png = await files.pageImage(request.identity.owner, query.file_id, query.page, query.dpi, query.passwd);
      return reply.header('Content-Type', 'image/png').header('Cache-Control', 'private, max-age=3600').send(png);
    }),
  ];
}

function asBuffer(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}
