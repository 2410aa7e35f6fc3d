import { aiDetectorRoutes } from '@pagewright/contracts';
import { implement, type RouteImplementation } from '../../http/route.js';
import type { DetectorService } from './detector.js';
import { correctedDocx } from './proofreadDocx.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export function aiDetectorRoutesOf(service: DetectorService): RouteImplementation[] {
  return [
    implement(aiDetectorRoutes.detectText, ({ body }, request) => service.detectText(request.identity, body.text)),
    implement(aiDetectorRoutes.detectFile, ({ body }, request) => service.detectFile(request.identity, body.file_id, body.password)),
    implement(aiDetectorRoutes.detectorCharacters, (_input, request) => service.characters(request.identity)),
    implement(aiDetectorRoutes.proofreadText, ({ body }) => service.proofreadText(body.text, body.lang)),
    implement(aiDetectorRoutes.proofreadFile, ({ body }, request) => service.proofreadFile(request.identity, body.file_id, body.lang, body.password)),
    implement(aiDetectorRoutes.proofreadDocx, async ({ body }, _request, reply) => reply
      .header('Content-Type', DOCX)
      .header('Content-Disposition', 'attachment; filename="proofread.docx"')
      .send(await correctedDocx(body.text))),
  ];
}
