import { paths, signDeleteRequest, signImageRequest, signList, signSaveRequest, signStoredItem } from '@pagewright/contracts';
import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../http/route.js';
import type { SignaturesService } from './service.js';

/** `t` is the spec's cache-busting stamp; it carries no meaning. */
const stamp = z.object({ t: z.string().optional() });

export function signaturesRoutes(signatures: SignaturesService): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: paths.signImages,
      summary: "The caller's saved signature images, newest first.",
      query: stamp,
      response: signList,
      handler: async (_input, request) => ({ signs: await signatures.list(request.identity.owner) }),
    }),
    defineRoute({
      method: 'POST',
      url: paths.signImages,
      summary: 'Saves an uploaded image (JPG, JPEG, PNG, BMP, GIF) as a signature; at most 20.',
      query: stamp,
      body: signSaveRequest,
      response: signStoredItem,
      handler: ({ body }, request) => signatures.save(request.identity, body.file_id),
    }),
    defineRoute({
      method: 'DELETE',
      url: paths.signImages,
      summary: 'Deletes one of the caller’s saved signatures.',
      query: signDeleteRequest,
      response: z.null(),
      handler: async ({ query }, request) => {
        await signatures.remove(request.identity.owner, query.file_id);
        return null;
      },
    }),
    defineRoute({
      method: 'GET',
      url: paths.signImage,
      summary: 'The image of one of the caller’s saved signatures.',
      query: signImageRequest,
      produces: 'image/*',
      handler: async ({ query }, request, reply) => {
        const image = await signatures.open(request.identity.owner, query.file_id);
        return reply.header('Content-Type', image.type).header('Cache-Control', 'private, max-age=3600').send(image.bytes);
      },
    }),
  ];
}
