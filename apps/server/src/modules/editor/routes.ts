/** The PDF editor's calls over HTTP: the viewer's source bytes and the export (document/content). */
import { editorRoutes } from '@pagewright/contracts';
import { implement, type RouteImplementation } from '../../http/route.js';
import type { EditorService } from './service.js';

export function editorRoutesOf(editor: EditorService): RouteImplementation[] {
  return [
    implement(editorRoutes.source, async ({ query }, request, reply) => {
      const { bytes } = await editor.source(request.identity.owner, query.file_id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Cache-Control', 'private, no-store')
        .send(bytes);
    }),
    implement(editorRoutes.content, ({ query, body }, request) => editor.startContent(request.identity, query, body)),
  ];
}
