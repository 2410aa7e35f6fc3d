import { TEMPLATE_LANG_HEADER, templateLang, templateRoutes } from '@pagewright/contracts';
import type { FastifyRequest } from 'fastify';
import { implement, type RouteImplementation } from '../../http/route.js';
import { contentDisposition } from '../../util/fileName.js';
import type { TemplatesService } from './service.js';

const langOf = (request: FastifyRequest) => {
  const header = request.headers[TEMPLATE_LANG_HEADER.toLowerCase()];
  return templateLang(Array.isArray(header) ? header[0] : header);
};

/** The template API of SPEC §7; it reads the visitor's language from the Lang header. */
export function templatesRoutes(templates: TemplatesService): RouteImplementation[] {
  return [
    implement(templateRoutes.index, (_input, request) => templates.index(langOf(request))),
    implement(templateRoutes.list, ({ query }, request) => templates.list(query, langOf(request))),
    implement(templateRoutes.detail, ({ query }) => templates.detail(query.id)),
    implement(templateRoutes.downloadFile, async ({ query }, _request, reply) => {
      const file = await templates.openPdf(query.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Length', file.size)
        .header('Content-Disposition', contentDisposition(file.name))
        .send(file.stream);
    }),
    implement(templateRoutes.addNum, ({ query }) => templates.addDownload(query.id)),
    implement(templateRoutes.kol, async () => ({ list: [] })),
    implement(templateRoutes.thumbnail, async ({ query }, _request, reply) => {
      const stream = await templates.openThumbnail(query.id);
      return reply.header('Content-Type', 'image/png').header('Cache-Control', 'public, max-age=86400').send(stream);
    }),
    implement(templateRoutes.banner, async ({ query }, _request, reply) => {
      const image = await templates.openBanner(query.cat_id);
      return reply.header('Content-Type', image.type).header('Cache-Control', 'public, max-age=3600').send(image.stream);
    }),
  ];
}
