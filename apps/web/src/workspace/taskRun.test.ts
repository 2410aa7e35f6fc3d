import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/ApiError';
import { ok, stubFetch } from '../api/testFetch';
import { useFileStore } from '../files/fileStore';
import { newMultiId, runBatch } from './taskRun';

const store = () => useFileStore.getState();

function readyFile(name: string, fileId: string, password?: string) {
  const [file] = store().add([new File(['%PDF-1.7'], name, { type: 'application/pdf' })]);
  if (!file) throw new Error('not added');
  store().dispatch(file.uid, 'upload');
  store().dispatch(file.uid, 'uploadSuccess');
  store().patch(file.uid, { ossInfo: { file_id: fileId }, ...(password ? { password } : {}) });
  return file.uid;
}

const item = (taskId: string, status: number | string = 0, detail?: Record<string, unknown>) => ({
  task_id: taskId, status, progress: 100, is_done: true, output_file_name: `${taskId}.pdf`, msg: '', ...(detail ? { detail } : {}),
});

beforeEach(() => {
  store().bindTool('compress-pdf');
  store().reset();
});
afterEach(() => vi.unstubAllGlobals());

describe('newMultiId', () => {
  it('makes ids the server accepts, different each time', () => {
    const a = newMultiId();
    expect(a).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(newMultiId()).not.toBe(a);
  });
});

describe('runBatch', () => {
  it('creates one task per file under one multi_id, polls the multi_id and offers every result', async () => {
    readyFile('a.pdf', 'fa');
    readyFile('b.pdf', 'fb');
    const seen: { fileId: string; multiId: string }[] = [];
    const calls = stubFetch((call) => {
      if (call.url.startsWith('/api/get-task-result')) {
        return ok({ multi_id: 'm', output_file_name: 'results.zip', items: [item('t1', 0, { output_size: 5 }), item('t2')] });
      }
      return undefined;
    });
    await runBatch(async (file, multiId) => {
      seen.push({ fileId: file.ossInfo?.file_id ?? '', multiId });
      return { task_id: file.ossInfo?.file_id === 'fa' ? 't1' : 't2', multi_id: multiId };
    });
    const multiId = seen[0]?.multiId;
    expect(seen).toEqual([{ fileId: 'fa', multiId }, { fileId: 'fb', multiId }]);
    expect(calls.map((c) => c.url)).toEqual([`/api/get-task-result?multi_id=${multiId}`]);
    const { task } = store();
    expect(task).toMatchObject({ phase: 'done', multiId, taskIds: ['t1', 't2'], outputFileName: 'results.zip', details: [{ output_size: 5 }, undefined] });
    expect(store().files.map((f) => f.state)).toEqual(['download', 'download']);
  });

  it('marks a file whose task failed with its code and keeps the others', async () => {
    readyFile('locked.pdf', 'fa', 'pw');
    readyFile('open.pdf', 'fb');
    stubFetch(() => ok({ output_file_name: 'x', items: [item('t1')] }));
    await runBatch(async (file, multiId) => {
      if (!file.password) throw new ApiError('NOT_PROTECTED');
      return { task_id: 't1', multi_id: multiId };
    });
    const [locked, open] = store().files;
    expect(locked?.state).toBe('download');
    expect(open).toMatchObject({ state: 'taskingFailed', errorCode: 'NOT_PROTECTED' });
    // One result: downloaded by its task_id, under its own name.
    expect(store().task).toMatchObject({ phase: 'done', taskIds: ['t1'], taskId: 't1', outputFileName: 't1.pdf' });
  });

  it('fails the run when no file succeeded, with the first failure code', async () => {
    readyFile('a.pdf', 'fa');
    readyFile('b.pdf', 'fb');
    stubFetch(() => ok({ output_file_name: 'x', items: [item('t1', 3125), item('t2', 'FILE_DAMAGED')] }));
    await runBatch(async (file, multiId) => ({ task_id: file.ossInfo?.file_id === 'fa' ? 't1' : 't2', multi_id: multiId }));
    expect(store().task).toMatchObject({ phase: 'failed', errorCode: 3125 });
    expect(store().files.map((f) => [f.state, f.errorCode])).toEqual([['taskingFailed', 3125], ['taskingFailed', 'FILE_DAMAGED']]);
  });
});
