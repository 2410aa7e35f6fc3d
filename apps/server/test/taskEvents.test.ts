import type { TaskCreated, TaskResult } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { api, newClient, upload, useServer } from './harness.js';
import { makePdf } from './pdfFixtures.js';

const server = useServer();

/** The data of every event of a stream that ends by itself. */
async function events(res: Response): Promise<TaskResult[]> {
  const text = await res.text();
  return text.split('\n\n').filter((block) => block.startsWith('data: ')).map((block) => JSON.parse(block.slice(6)) as TaskResult);
}

describe('task events (server-sent)', () => {
  it('sends the task at once and at each change, and ends when it is done', async () => {
    const pages = Array.from({ length: 40 }, (_, i) => `Page ${i + 1}`);
    const a = await upload(server, 'a.pdf', makePdf(pages));
    const b = await upload(server, 'b.pdf', makePdf(pages));
    const created = await api<TaskCreated>(server, 'POST', '/api/merge', { file_ids: [a.file_id, b.file_id] });
    const res = await server.guest.fetch(`/api/task-events?task_id=${created.env.data.task_id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const sent = await events(res);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    const last = sent.at(-1)!;
    expect(last.items).toEqual([expect.objectContaining({ task_id: created.env.data.task_id, status: 0, progress: 100, is_done: true })]);
    expect(sent.slice(0, -1).every((r) => !r.items[0]!.is_done)).toBe(true);
  });

  it('follows every task of a multi_id until each is done, failed ones included', async () => {
    const good = await upload(server, 'good.pdf', makePdf(['x']));
    const bad = await upload(server, 'bad.pdf', Buffer.from('not a PDF at all'));
    const multi = 'events-batch-1';
    for (const file of [good, bad]) {
      expect((await api(server, 'POST', '/api/document/rotate', { file_id: file.file_id, angle: 90, multi_id: multi })).env.code).toBe(0);
    }
    const sent = await events(await server.guest.fetch(`/api/task-events?multi_id=${multi}`));
    const last = sent.at(-1)!;
    expect(last.items.map((item) => item.is_done)).toEqual([true, true]);
    expect(last.items.map((item) => item.status)).toEqual([0, 'FILE_TYPE_ERROR']);
  });

  it('answers 2405 as JSON for another visitor’s task, before any stream', async () => {
    const file = await upload(server, 'mine.pdf', makePdf(['x']));
    const created = await api<TaskCreated>(server, 'POST', '/api/document/rotate', { file_id: file.file_id, angle: 90 });
    const stranger = newClient(server);
    const res = await stranger.fetch(`/api/task-events?task_id=${created.env.data.task_id}`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: number }).code).toBe(2405);
  });
});
