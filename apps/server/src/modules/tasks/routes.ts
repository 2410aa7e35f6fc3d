import { accountRoutes, taskRoutes } from '@pagewright/contracts';
import { implement, type RouteImplementation } from '../../http/route.js';
import { openEventStream, type EventStream } from '../../http/sse.js';
import { contentDisposition, downloadContentType } from '../../util/fileName.js';
import type { TasksService } from './service.js';

/** A presigned download is followed at once; a short life keeps a leaked link short-lived too. */
const PRESIGNED_DOWNLOAD_TTL_S = 300;

export function tasksRoutes(tasks: TasksService): RouteImplementation[] {
  return [
    implement(taskRoutes.taskResult, ({ query }, request) => tasks.result(request.identity.owner, query)),
    implement(taskRoutes.downloadDoc, async ({ query }, request, reply) => {
      const presigned = await tasks.presignedDownload(request.identity.owner, query.task_id, PRESIGNED_DOWNLOAD_TTL_S);
      if (presigned) return reply.header('Cache-Control', 'no-store').redirect(presigned, 302);
      const file = await tasks.openDownload(request.identity.owner, query.task_id);
      return reply
        .header('Content-Type', downloadContentType(file.name))
        .header('Content-Length', file.size)
        .header('Content-Disposition', contentDisposition(file.name))
        .header('Cache-Control', 'no-store')
        .send(file.stream);
    }),
    implement(taskRoutes.taskEvents, async ({ query }, request, reply) => {
      // Refusals (2405) answer as JSON before the stream starts; the client then polls.
      let stream: EventStream | undefined;
      // Set once follow() returns; the listener may end the stream before that (a task already done).
      const following: { stop?: () => void; ended?: boolean } = {};
      const end = () => {
        following.ended = true;
        following.stop?.();
        stream?.end();
      };
      following.stop = await tasks.follow(request.identity.owner, query, (result, done) => {
        if (following.ended) return;
        if (!stream) {
          stream = openEventStream(reply);
          stream.onClientGone(end);
        }
        stream.send(result);
        if (done) end();
      });
      if (following.ended) following.stop();
      return reply;
    }),
    implement(taskRoutes.downloadDocBulk, async ({ query }, request, reply) => {
      const file = await tasks.openBulkDownload(request.identity.owner, query.multi_id);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', contentDisposition(file.name))
        .header('Cache-Control', 'no-store')
        .send(file.stream);
    }),
    implement(accountRoutes.taskBind, async ({ body }, request) => {
      await tasks.bind(request.identity, body);
      return null;
    }),
  ];
}
