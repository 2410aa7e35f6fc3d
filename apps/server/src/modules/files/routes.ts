import {
  documentInfo, documentInfoRequest, pageImageRequest, paths, timing, uploadedFile, uploadObjectRequest,
  uploadObjectResponse,
} from '@pagewright/contracts';
import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../http/route.js';
import type { FilesService } from './service.js';

const signedQuery = z.object({
  expires: z.coerce.number().int(),
  token: z.string().min(1),
});

/** Room above one part for the request's framing; the part length itself is checked exactly. */
const PART_BODY_LIMIT = timing.uploadPartSize + 1024;

export function filesRoutes(files: FilesService): RouteSpec[] {
  return [
    defineRoute({
      method: 'POST',
      url: paths.uploadObject,
      summary: 'Declares an upload (name, size, md5) and returns the file_id and its upload policy.',
      body: uploadObjectRequest,
      response: uploadObjectResponse,
      handler: ({ body }, request) => files.createUpload(request.identity.owner, body),
    }),
    defineRoute({
      method: 'PUT',
      url: paths.storageObject,
      summary: 'The whole file in one PUT (at most chunk_threshold bytes), to the signed sts_url.',
      query: signedQuery,
      response: uploadedFile,
      bodyLimit: PART_BODY_LIMIT,
      handler: async ({ query, params, body }) => {
        const row = await files.authorizeUpload(params.file_id ?? '', query.expires, query.token);
        return files.storeSingle(row, asBuffer(body));
      },
    }),
    defineRoute({
      method: 'PUT',
      url: paths.storagePart,
      summary: 'One numbered part (from 1) of a multipart upload, to the signed part_url.',
      query: signedQuery,
      response: z.object({ part: z.number().int() }),
      bodyLimit: PART_BODY_LIMIT,
      handler: async ({ query, params, body }) => {
        const row = await files.authorizeUpload(params.file_id ?? '', query.expires, query.token);
        const part = Number(params.part);
        await files.storePart(row, part, asBuffer(body));
        return { part };
      },
    }),
    defineRoute({
      method: 'POST',
      url: paths.storageObject,
      summary: 'Completes a multipart upload: assembles the parts and checks size and md5.',
      query: signedQuery,
      body: z.object({ parts: z.number().int().min(1) }),
      response: uploadedFile,
      handler: async ({ query, params, body }) => {
        const row = await files.authorizeUpload(params.file_id ?? '', query.expires, query.token);
        return files.completeParts(row, body.parts);
      },
    }),
    defineRoute({
      method: 'POST',
      url: paths.uploadCallback,
      summary: 'The storage callback: checks a stored object against its declared size and md5.',
      body: z.object({ file_id: z.string().min(1) }),
      response: uploadedFile,
      handler: ({ body }, request) => files.confirmUpload(request.identity.owner, body.file_id),
    }),
    defineRoute({
      method: 'GET',
      url: paths.documentInfo,
      summary: 'Pages and first-page size of an uploaded PDF; 3122 when it needs its password.',
      query: documentInfoRequest,
      response: documentInfo,
      handler: ({ query }, request) => files.documentInfo(request.identity.owner, query.file_id, query.passwd),
    }),
    defineRoute({
      method: 'GET',
      url: paths.pageImage,
      summary: 'One page of an uploaded PDF as a PNG at 20 to 150 dpi, for previews.',
      query: pageImageRequest,
      produces: 'image/png',
      handler: async ({ query }, request, reply) => {
        const png = await files.pageImage(request.identity.owner, query.file_id, query.page, query.dpi, query.passwd);
        return reply.header('Content-Type', 'image/png').header('Cache-Control', 'private, max-age=3600').send(png);
      },
    }),
  ];
}

function asBuffer(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}
