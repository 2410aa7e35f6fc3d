import { signatureRoutes } from '@pagewright/contracts';
import { implement, type RouteImplementation } from '../../http/route.js';
import type { SignaturesService } from './service.js';

export function signaturesRoutes(signatures: SignaturesService): RouteImplementation[] {
  return [
    implement(signatureRoutes.list, async (_input, request) => ({ signs: await signatures.list(request.identity.owner) })),
    implement(signatureRoutes.save, ({ body }, request) => signatures.save(request.identity, body.file_id)),
    implement(signatureRoutes.remove, async ({ query }, request) => {
      await signatures.remove(request.identity.owner, query.file_id);
      return null;
    }),
    implement(signatureRoutes.image, async ({ query }, request, reply) => {
      const image = await signatures.open(request.identity.owner, query.file_id);
      return reply.header('Content-Type', image.type).header('Cache-Control', 'private, max-age=3600').send(image.bytes);
    }),
  ];
}
