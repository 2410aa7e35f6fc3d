import { afterEach, describe, expect, it, vi } from 'vitest';
import { pollTask } from './taskPoller';
import { ok, stubFetch } from './testFetch';

afterEach(() => vi.unstubAllGlobals());

const item = (progress: number, isDone: boolean, status: number | string = 0) => ({
  task_id: 't', status, progress, is_done: isDone, output_file_name: 'out.pdf', msg: '',
});
const result = (...items: ReturnType<typeof item>[]) => ok({ task_id: 't', output_file_name: 'out.pdf', items });

describe('pollTask', () => {
  it('polls until every item is at 100 and done, reporting the mean progress', async () => {
    const answers = [result(item(20, false), item(40, false)), result(item(100, false), item(100, true)), result(item(100, true), item(100, true))];
    const calls = stubFetch(() => answers.shift());
    const seen: number[] = [];
    const done = await pollTask('t', { intervalMs: 0, onProgress: (p) => seen.push(p) });
    expect(done.output_file_name).toBe('out.pdf');
    expect(seen).toEqual([30, 100, 100]);
    expect(calls.map((c) => c.url)).toEqual(Array(3).fill('/api/get-task-result?task_id=t'));
  });

  it('fails with the failed item status as the catalogue code', async () => {
    stubFetch(() => result(item(100, true), item(50, true, 3125)));
    await expect(pollTask('t', { intervalMs: 0 })).rejects.toMatchObject({ code: 3125 });
  });

  it('fails with ECONNABORTED once the wait passes its cap', async () => {
    stubFetch(() => result(item(10, false)));
    await expect(pollTask('t', { intervalMs: 0, capMs: 0 })).rejects.toMatchObject({ code: 'ECONNABORTED' });
  });

  it('stops with ERR_CANCELED when aborted between polls', async () => {
    stubFetch(() => result(item(10, false)));
    const controller = new AbortController();
    const polling = pollTask('t', { intervalMs: 50, signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    await expect(polling).rejects.toMatchObject({ code: 'ERR_CANCELED' });
  });
});
