import type { TaskCreated, TaskResult } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { api, leftoverTempFiles, upload, waitForTask, useServer } from './harness.js';
import { encryptPdf, makeCorruptPdf, makePdf } from './pdfFixtures.js';
import { pageTexts, qpdfRequiresPassword, unzipEntries } from './readBack.js';

const server = useServer();

async function merge(fileIds: string[], extra: Record<string, unknown> = {}) {
  const r = await api<TaskCreated>(server, 'POST', '/api/merge', { file_ids: fileIds, ...extra });
  expect(r.env.code).toBe(0);
  return r.env.data;
}

describe('merge-pdf through the API', () => {
  it('merges three PDFs in order and the download has every page', async () => {
    const a = await upload(server, 'alpha.pdf', makePdf(['A1', 'A2']));
    const b = await upload(server, 'beta.pdf', makePdf(['B1']));
    const c = await upload(server, 'gamma.pdf', makePdf(['C1', 'C2', 'C3']));
    const { task_id } = await merge([c.file_id, a.file_id, b.file_id]);
    const result = await waitForTask(server, task_id);
    expect(result.items).toEqual([expect.objectContaining({ task_id, status: 0, progress: 100, is_done: true })]);
    const res = await server.guest.fetch(`/api/document/download-doc?task_id=${task_id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pageTexts(pdf)).toEqual(['C1', 'C2', 'C3', 'A1', 'A2', 'B1']);
  });

  it('names the download in UTF-8 in Content-Disposition', async () => {
    const a = await upload(server, 'Über Straße 東京.pdf', makePdf(['x']));
    const b = await upload(server, 'b.pdf', makePdf(['y']));
    const { task_id } = await merge([a.file_id, b.file_id]);
    await waitForTask(server, task_id);
    const res = await server.guest.fetch(`/api/document/download-doc?task_id=${task_id}`);
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)![1]!;
    expect(decodeURIComponent(encoded)).toBe('Über Straße 東京-merged.pdf');
    await res.arrayBuffer();
  });

  it('merges an encrypted input with its password and refuses it without (3122)', async () => {
    const locked = await upload(server, 'locked.pdf', encryptPdf(makePdf(['L1', 'L2']), 'openpassword'));
    const open = await upload(server, 'open.pdf', makePdf(['O1']));
    const refused = await merge([open.file_id, locked.file_id]);
    const failed = await waitForTask(server, refused.task_id);
    expect(failed.items[0]).toMatchObject({ status: 3122, is_done: true });
    const accepted = await merge([open.file_id, locked.file_id], { passwds: ['', 'openpassword'] });
    await waitForTask(server, accepted.task_id);
    const pdf = Buffer.from(await (await server.guest.fetch(`/api/document/download-doc?task_id=${accepted.task_id}`)).arrayBuffer());
    expect(pageTexts(pdf)).toEqual(['O1', 'L1', 'L2']);
    // The merged file opens without a password.
    expect(qpdfRequiresPassword(pdf)).toBe(2);
  });

  it('fails the task with FILE_DAMAGED for a corrupt input, and the server keeps serving', async () => {
    const good = await upload(server, 'good.pdf', makePdf(['G']));
    const bad = await upload(server, 'bad.pdf', makeCorruptPdf());
    const { task_id } = await merge([good.file_id, bad.file_id]);
    const result = await waitForTask(server, task_id);
    expect(result.items[0]).toMatchObject({ status: 'FILE_DAMAGED', is_done: true, msg: 'The file is damaged.' });
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    const download = await api(server, 'GET', `/api/document/download-doc?task_id=${task_id}`);
    expect(download.env.code).toBe(2405);
  });

  it('fails the task with FILE_TYPE_ERROR for a text file renamed .pdf', async () => {
    const good = await upload(server, 'good.pdf', makePdf(['G']));
    const text = await upload(server, 'readme.pdf', Buffer.from('hello, I am text\n'));
    const { task_id } = await merge([good.file_id, text.file_id]);
    const result = await waitForTask(server, task_id);
    expect(result.items[0]!.status).toBe('FILE_TYPE_ERROR');
  });

  it('refuses a merge naming a file that was never uploaded (90001) or does not exist (2405)', async () => {
    const good = await upload(server, 'good.pdf', makePdf(['G']));
    const declared = await api<{ file_id: string }>(server, 'POST', '/api/file/oss/object', {
      filename: 'pending.pdf', expired_type: 0, file_size: 5, md5_code: '0'.repeat(32),
    });
    expect((await api(server, 'POST', '/api/merge', { file_ids: [good.file_id, declared.env.data.file_id] })).env.code).toBe(90001);
    expect((await api(server, 'POST', '/api/merge', { file_ids: [good.file_id, 'f'.repeat(32)] })).env.code).toBe(2405);
    expect((await api(server, 'POST', '/api/merge', { file_ids: [good.file_id] })).env.code).toBe('INVALID_PARAMS');
  });

  it('groups tasks by multi_id and streams them as one zip from download-doc-bulk', async () => {
    const a = await upload(server, 'a.pdf', makePdf(['a']));
    const b = await upload(server, 'b.pdf', makePdf(['b']));
    const first = await merge([a.file_id, b.file_id], { multi_id: 'batch-1' });
    const second = await merge([a.file_id, b.file_id], { multi_id: 'batch-1' });
    expect(second.multi_id).toBe(first.multi_id);
    const deadline = Date.now() + 30_000;
    let result: TaskResult;
    do {
      result = (await api<TaskResult>(server, 'GET', '/api/get-task-result?multi_id=batch-1')).env.data;
      await new Promise((r) => setTimeout(r, 100));
    } while (!result.items.every((i) => i.is_done) && Date.now() < deadline);
    expect(result.items).toHaveLength(2);
    const res = await server.guest.fetch(`/api/document/download-doc-bulk?multi_id=batch-1`);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const names = [...unzipEntries(Buffer.from(await res.arrayBuffer())).keys()];
    expect(names).toEqual(['a-merged (2).pdf', 'a-merged.pdf'].sort());
  });

  it('leaves nothing in the temporary directory after successful and failed merges', () => {
    expect(leftoverTempFiles(server)).toEqual([]);
  });

  it('answers get-task-result for an unknown task with 2405', async () => {
    const r = await api(server, 'GET', '/api/get-task-result?task_id=nope');
    expect(r.env.code).toBe(2405);
  });
});
