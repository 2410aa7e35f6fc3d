import type { TaskCreated, TaskResult } from '@pagewright/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { api, queryDb, removeDir, startServer, upload, type TestServer } from './harness.js';
import { makePdf } from './pdfFixtures.js';

const servers: TestServer[] = [];

afterAll(async () => {
  for (const s of servers) await s.stop();
  if (servers[0]) removeDir(servers[0].dataDir);
});

function taskStatuses(server: TestServer): { task_id: string; status: string; code: string }[] {
  return queryDb(server, 'select task_id, status, code from tasks');
}

describe('tasks survive a crash of the server', () => {
  it('after a SIGKILL mid-task and a restart, every task ends finished or failed, none running', async () => {
    // One engine thread, so that one large merge runs while the others wait in the queue.
    const first = await startServer({ env: { ENGINE_THREADS: '1' } });
    servers.push(first);
    const pages = Array.from({ length: 1500 }, (_, i) => `page ${i + 1}`);
    const big = await upload(first, 'big.pdf', makePdf(pages));
    const small = await upload(first, 'small.pdf', makePdf(['s']));
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await api<TaskCreated>(first, 'POST', '/api/merge', { file_ids: [big.file_id, big.file_id, small.file_id] });
      ids.push(r.env.data.task_id);
    }
    const deadline = Date.now() + 20_000;
    while (!taskStatuses(first).some((t) => t.status === 'running') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await first.kill();
    const atCrash = taskStatuses(first);
    expect(atCrash.filter((t) => t.status === 'running').length).toBeGreaterThan(0);
    expect(atCrash.filter((t) => t.status === 'queued').length).toBeGreaterThan(0);

    const second = await startServer({ dataDir: first.dataDir, env: { ENGINE_THREADS: '1' } });
    servers.push(second);
    // The same browser asks again: its client cookie outlives the server's restart.
    for (const [name, value] of first.guest.cookies) second.guest.cookies.set(name, value);
    const end = Date.now() + 120_000;
    let items: TaskResult['items'];
    for (;;) {
      items = [];
      for (const id of ids) items.push(...(await api<TaskResult>(second, 'GET', `/api/get-task-result?task_id=${id}`)).env.data.items);
      if (items.every((i) => i.is_done) || Date.now() > end) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(items.every((i) => i.is_done)).toBe(true);
    const after = taskStatuses(second);
    expect(after.filter((t) => t.status === 'running' || t.status === 'queued')).toEqual([]);
    for (const t of after) {
      if (t.status === 'failed') expect(t.code).not.toBe('0');
      else expect(t.status).toBe('finished');
    }
  });
});
