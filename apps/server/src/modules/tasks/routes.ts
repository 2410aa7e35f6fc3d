import {
  accountPaths, downloadBulkRequest, downloadDocRequest, paths, taskBindRequest, taskResult, taskResultRequest,
} from '@pagewright/contracts';
import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../http/route.js';
import { contentDisposition } from '../../util/fileName.js';
import type { TasksService } from './service.js';

export function tasksRoutes(tasks: TasksService): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: paths.taskResult,
      summary: 'Status, progress and is_done of a task or of every task of a multi_id.',
      query: taskResultRequest,
      response: taskResult,
      handler: ({ query }, request) => tasks.result(request.identity.owner, query),
    }),
    defineRoute({
      method: 'GET',
      url: paths.downloadDoc,
      summary: "Streams a finished task's result as an attachment with its UTF-8 file name.",
      query: downloadDocRequest,
      produces: 'application/octet-stream',
      handler: async ({ query }, request, reply) => {
        const file = await tasks.openDownload(request.identity.owner, query.task_id);
        return reply
          .header('Content-Type', file.name.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream')
          .header('Content-Length', file.size)
          .header('Content-Disposition', contentDisposition(file.name))
          .header('Cache-Control', 'no-store')
          .send(file.stream);
      },
    }),
    defineRoute({
      method: 'GET',
      url: paths.downloadDocBulk,
      summary: 'Streams a zip of every finished result of a multi_id.',
      query: downloadBulkRequest,
      produces: 'application/zip',
      handler: async ({ query }, request, reply) => {
        const file = await tasks.openBulkDownload(request.identity.owner, query.multi_id);
        return reply
          .header('Content-Type', 'application/zip')
          .header('Content-Disposition', contentDisposition(file.name))
          .header('Cache-Control', 'no-store')
          .send(file.stream);
      },
    }),
    defineRoute({
      method: 'POST',
      url: accountPaths.taskBind,
      summary: 'Gives the signed-in user a task (task_id) or a multi_id’s tasks that this browser started as a guest.',
      body: taskBindRequest,
      response: z.null(),
      handler: async ({ body }, request) => {
        await tasks.bind(request.identity, body);
        return null;
      },
    }),
  ];
}
