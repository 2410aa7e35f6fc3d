import {
  TEMPLATE_LANG_HEADER, templateBannerRequest, templateDownloadCount, templateIdRequest, templateIndex, templateItem,
  templateKol, templateLang, templateList, templateListRequest, templatePaths,
} from '@pagewright/contracts';
import type { FastifyRequest } from 'fastify';
import { defineRoute, type RouteSpec } from '../../http/route.js';
import { contentDisposition } from '../../util/fileName.js';
import type { TemplatesService } from './service.js';

const langOf = (request: FastifyRequest) => {
  const header = request.headers[TEMPLATE_LANG_HEADER.toLowerCase()];
  return templateLang(Array.isArray(header) ? header[0] : header);
};

/** The template API of SPEC §7; it reads the visitor's language from the Lang header. */
export function templatesRoutes(templates: TemplatesService): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: templatePaths.index,
      summary: 'The gallery home: category tree with template counts, banners, most downloaded and newest templates.',
      response: templateIndex,
      handler: (_input, request) => templates.index(langOf(request)),
    }),
    defineRoute({
      method: 'GET',
      url: templatePaths.list,
      summary: 'Templates of a category (and its children), searched by title words, sorted new or hot, 10 a page.',
      query: templateListRequest,
      response: templateList,
      handler: ({ query }, request) => templates.list(query, langOf(request)),
    }),
    defineRoute({
      method: 'GET',
      url: templatePaths.detail,
      summary: 'One template.',
      query: templateIdRequest,
      response: templateItem,
      handler: ({ query }) => templates.detail(query.id),
    }),
    defineRoute({
      method: 'GET',
      url: templatePaths.downloadFile,
      summary: "The template's PDF as an attachment; add-num counts the download.",
      query: templateIdRequest,
      produces: 'application/pdf',
      handler: async ({ query }, _request, reply) => {
        const file = await templates.openPdf(query.id);
        return reply
          .header('Content-Type', 'application/pdf')
          .header('Content-Length', file.size)
          .header('Content-Disposition', contentDisposition(file.name))
          .send(file.stream);
      },
    }),
    defineRoute({
      method: 'GET',
      url: templatePaths.addNum,
      summary: 'Counts one download of a template and returns the new count.',
      query: templateIdRequest,
      response: templateDownloadCount,
      handler: ({ query }) => templates.addDownload(query.id),
    }),
    defineRoute({
      method: 'GET',
      url: templatePaths.kol,
      summary: 'SPEC §7 names this call without its fields: always an empty list.',
      response: templateKol,
      handler: async () => ({ list: [] }),
    }),
    defineRoute({
      method: 'GET',
      url: templatePaths.thumbnail,
      summary: "A PNG of the template's first page.",
      query: templateIdRequest,
      produces: 'image/png',
      handler: async ({ query }, _request, reply) => {
        const stream = await templates.openThumbnail(query.id);
        return reply.header('Content-Type', 'image/png').header('Cache-Control', 'public, max-age=86400').send(stream);
      },
    }),
    defineRoute({
      method: 'GET',
      url: templatePaths.banner,
      summary: "A category's banner image.",
      query: templateBannerRequest,
      produces: 'image/*',
      handler: async ({ query }, _request, reply) => {
        const image = await templates.openBanner(query.cat_id);
        return reply.header('Content-Type', image.type).header('Cache-Control', 'public, max-age=3600').send(image.stream);
      },
    }),
  ];
}
