import { accountRoutes, taskRoutes } from '@pagewright/contracts';
import { implement, type RouteImplementation } from '../../http/route.js';
import { contentDisposition } from '../../util/fileName.js';
import type { TasksService } from './service.js';

/** How often an idle event stream says it is alive. */
const HEARTBEAT_MS = 15_000;

export function tasksRoutes(tasks: TasksService): RouteImplementation[] {
  return [
    implement(taskRoutes.taskResult, ({ query }, request) => tasks.result(request.identity.owner, query)),
    implement(taskRoutes.downloadDoc, async ({ query }, request, reply) => {
      const file = await tasks.openDownload(request.identity.owner, query.task_id);
      return reply
        .header('Content-Type', file.name.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream')
        .header('Content-Length', file.size)
        .header('Content-Disposition', contentDisposition(file.name))
        .header('Cache-Control', 'no-store')
        .send(file.stream);
    }),
    implement(taskRoutes.taskEvents, async ({ query }, request, reply) => {
      // Refusals (2405) answer as JSON before the stream starts; the client then polls.
      const send = (result: unknown) => reply.raw.write(`data: ${JSON.stringify(result)}\n\n`);
      let heartbeat: NodeJS.Timeout | undefined;
      // Set once follow() returns; the listener may end the stream before that (a task already done).
      const following: { stop?: () => void } = {};
      const end = () => {
        clearInterval(heartbeat);
        following.stop?.();
        if (!reply.raw.writableEnded) reply.raw.end();
      };
      const opened = () => {
        if (reply.sent) return;
        reply.hijack();
        reply.raw.writeHead(200, {
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-store',
          Connection: 'keep-alive',
          'X-Accel-Buffering': 'no',
          'X-Content-Type-Options': 'nosniff',
        });
        // A comment line now and then keeps proxies from closing an idle stream.
        heartbeat = setInterval(() => reply.raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
        heartbeat.unref();
        request.raw.on('close', end);
      };
      following.stop = await tasks.follow(request.identity.owner, query, (result, done) => {
        opened();
        send(result);
        if (done) end();
      });
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
