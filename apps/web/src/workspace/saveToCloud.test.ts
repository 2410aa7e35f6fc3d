import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/ApiError';
import { fail, ok, stubFetch } from '../api/testFetch';
import { bindRun, saveRunToCloud } from './saveToCloud';

afterEach(() => vi.unstubAllGlobals());

const doc = (file_id: string) => ({
  file_id, name: `${file_id}.pdf`, size: 1, folder_id: '', starred: false, total_page: 1, updated_at: 1, created_at: 1, opened_at: 1,
});

describe('saveRunToCloud', () => {
  it('saves each finished task to the cloud and answers the documents in order', async () => {
    const calls = stubFetch((call) => ok(doc(new URL(call.url, 'http://x').searchParams.get('task_id') ?? '')));
    const saved = await saveRunToCloud({ taskIds: ['t1', 't2'] });
    expect(saved.map((d) => d.file_id)).toEqual(['t1', 't2']);
    expect(calls.map((c) => c.url.split('?')[0])).toEqual(['/api/v2/cloud/task/result', '/api/v2/cloud/task/result']);
    expect(calls.map((c) => new URL(c.url, 'http://x').searchParams.get('task_id'))).toEqual(['t1', 't2']);
  });

  it('stops at a full cloud with CLOUD_CAPACITY_EXCEEDED', async () => {
    const calls = stubFetch(() => fail('CLOUD_CAPACITY_EXCEEDED'));
    await expect(saveRunToCloud({ taskIds: ['t1', 't2'] })).rejects.toEqual(new ApiError('CLOUD_CAPACITY_EXCEEDED', 'failed'));
    expect(calls).toHaveLength(1);
  });
});

describe('bindRun', () => {
  it('binds a batch by its multi_id and a single run by its task_id', async () => {
    const calls = stubFetch(() => ok(null));
    await bindRun({ taskIds: ['t1', 't2'], multiId: 'm1' });
    await bindRun({ taskIds: ['t3'], multiId: undefined });
    expect(calls.map((c) => JSON.parse(String(c.body)) as unknown)).toEqual([{ multi_id: 'm1' }, { task_id: 't3' }]);
  });
});
