import { imagesProcessRequest, paths, taskCreated, type TaskCreated } from '@pagewright/contracts';
import type { z } from 'zod';
import { request } from '../../../api/http';

export type ImagesProcessInput = z.input<typeof imagesProcessRequest>;

/** SPEC §7 POST images_process, checked against its contracts schema before it is sent. */
export function startImagesProcess(body: ImagesProcessInput, signal?: AbortSignal): Promise<TaskCreated> {
  return request(taskCreated, paths.imagesProcess, { method: 'POST', json: imagesProcessRequest.parse(body), signal });
}
