/** The converter call of SPEC §7, sent as POST with a JSON body (the server takes GET too). */
import { converterRequest, paths, taskCreated, type TaskCreated } from '@pagewright/contracts';
import type { z } from 'zod';
import { request } from '../../api/http';

export function startConverter(body: z.input<typeof converterRequest>, signal?: AbortSignal): Promise<TaskCreated> {
  return request(taskCreated, paths.converter, { method: 'POST', json: converterRequest.parse(body), signal });
}
