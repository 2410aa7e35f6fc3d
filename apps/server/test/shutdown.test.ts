/**
 * Stopping work that runs long: SIGTERM while an engine thread is busy ends the server within
 * a few seconds and leaves nothing in TMPDIR; a task stopped at its time limit removes its
 * private folder, ends failed with its catalogue code, and the next task runs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TaskCreated, TaskResult } from '@pagewright/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { leftoverTempFiles, queryDb, removeDir, startServer, upload, waitForTask, type TestServer } from './harness.js';
import { longReportPdf, makePdf } from './pdfFixtures.js';

const started: TestServer[] = [];
afterAll(async () => {
  for (const server of started) {
    await server.kill().catch(() => undefined);
    removeDir(server.dataDir);
  }
});

async function serve(env: Record<string, string> = {}): Promise<TestServer> {
  // The API's own engine threads and temporary folder: a worker's shutdown is bullmq.test.ts's.
  const server = await startServer({ env, stack: 'embedded' });
  started.push(server);
  return server;
}

const longPdf = longReportPdf();

async function startLongTask(server: TestServer): Promise<string> {
  const { file_id } = await upload(server, 'long-report.pdf', longPdf);
  const created = await server.guest.api<TaskCreated>('POST', '/api/converter', { file_id, output_format: 'docx' });
  expect(created.env.code).toBe(0);
  return created.env.data.task_id;
}

/** Waits until the task's private folder exists below the server's run folder: its engine call is under way. */
async function waitUntilRunning(server: TestServer, taskId: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (leftoverTempFiles(server).filter((entry) => /\/pagewright-task-/.test(entry)).length === 0) {
    if (Date.now() > deadline) throw new Error('the task never started');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // Past opening the file, into the conversion itself.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const r = await server.guest.api<TaskResult>('GET', `/api/get-task-result?task_id=${taskId}`);
  expect(r.env.data.items[0]!.is_done, 'the long task ended before the test could interrupt it').toBe(false);
}

/** Processes other than the server whose environment names the folder (its children inherit TMPDIR below it). */
function processesBelow(dir: string, server: TestServer): number[] {
  return readdirSync('/proc').filter((p) => /^\d+$/.test(p) && Number(p) !== server.process.pid).flatMap((pid) => {
    try {
      return readFileSync(`/proc/${pid}/environ`, 'latin1').includes(dir) ? [Number(pid)] : [];
    } catch {
      return [];
    }
  });
}

describe('stopping long work', () => {
  it('stops on SIGTERM within 5 s while an engine thread is busy, leaving no temporary folder', async () => {
    const server = await serve();
    const taskId = await startLongTask(server);
    await waitUntilRunning(server, taskId);
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', (code) => resolve(code)));
    const sent = Date.now();
    server.process.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 15_000))]);
    const took = Date.now() - sent;
    expect({ took, code }, server.output().slice(-2000)).toEqual({ took: expect.any(Number), code: 0 });
    expect(took).toBeLessThan(5_000);
    // Its run folder went with it, and nothing else was left beside it.
    expect(readdirSync(path.join(server.dataDir, 'tmp'))).toEqual([]);
    expect(processesBelow(path.join(server.dataDir, 'tmp'), server)).toEqual([]);
    // The interrupted task is not blamed on the file: it is left for the next start to run again.
    const [row] = queryDb<{ status: string }>(server, 'select status from tasks where task_id = ?', taskId);
    expect(row?.status).toBe('running');
  }, 90_000);

  it('fails a task stopped at its time limit with its code, removes its folder, and runs the next task', async () => {
    const server = await serve({ TASK_TIMEOUT_MS: '2000' });
    const taskId = await startLongTask(server);
    const result = await waitForTask(server, taskId, 30_000);
    expect(result.items[0]).toMatchObject({ is_done: true, status: 'ECONNABORTED' });
    // Removed once the task ended: nothing of it below the run folder.
    expect(leftoverTempFiles(server)).toEqual([]);
    expect(processesBelow(path.join(server.dataDir, 'tmp'), server)).toEqual([]);
    // The same server, the next task: a short file converts.
    const { file_id } = await upload(server, 'short.pdf', makePdf(['Short', 'file']));
    const next = await server.guest.api<TaskCreated>('POST', '/api/compress', { file_id });
    expect((await waitForTask(server, next.env.data.task_id, 30_000)).items[0]).toMatchObject({ is_done: true, status: 0 });
    expect(leftoverTempFiles(server)).toEqual([]);
  }, 90_000);
});
