import type { TaskResult } from '@pagewright/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followTask } from './taskPoller';
import { ok, stubFetch } from './testFetch';

/** A stand-in for the browser's EventSource: the test says what the server sends. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  send(result: TaskResult): void {
    this.onmessage?.({ data: JSON.stringify(result) } as MessageEvent<string>);
  }
  fail(): void {
    this.onerror?.();
  }
  close(): void {
    this.closed = true;
  }
}

const item = (progress: number, done: boolean, status: number | string = 0) => ({
  task_id: 't1', status, progress, is_done: done, output_file_name: 'out.pdf', msg: '',
});
const result = (progress: number, done: boolean, status: number | string = 0): TaskResult => ({
  task_id: 't1', output_file_name: 'out.pdf', items: [item(progress, done, status)],
});

afterEach(() => {
  vi.unstubAllGlobals();
  FakeEventSource.last = null;
});

describe('followTask', () => {
  it('follows the event stream: progress as it comes, the result the moment it is done, no poll', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const polls = stubFetch(() => ok(result(100, true)));
    const seen: number[] = [];
    const following = followTask('t1', { onProgress: (p) => seen.push(p) });
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/api/task-events?task_id=t1');
    source.send(result(10, false));
    source.send(result(60, false));
    source.send(result(100, true));
    await expect(following).resolves.toMatchObject({ items: [{ is_done: true }] });
    expect(seen).toEqual([10, 60, 100]);
    expect(source.closed).toBe(true);
    expect(polls).toHaveLength(0);
  });

  it('fails with the item’s code when the task fails', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const following = followTask('t1');
    FakeEventSource.last!.send(result(100, true, 'FILE_DAMAGED'));
    await expect(following).rejects.toMatchObject({ code: 'FILE_DAMAGED' });
  });

  it('falls back to polling when the stream cannot open or breaks', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    const polls = stubFetch(() => ok(result(100, true)));
    const following = followTask('t1', { intervalMs: 1 });
    FakeEventSource.last!.send(result(30, false));
    FakeEventSource.last!.fail();
    await expect(following).resolves.toMatchObject({ items: [{ progress: 100 }] });
    expect(polls.length).toBeGreaterThan(0);
    expect(polls[0]!.url).toContain('/api/get-task-result?task_id=t1');
  });
});
