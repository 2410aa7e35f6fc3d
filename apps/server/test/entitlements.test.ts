/**
 * The entitlement checks over real HTTP with the spec's defaults (paywalls on): the guest's
 * daily task and sign-in to download, size and page maxima per tier and pricing group, files
 * per task, OCR premium-only, and the equity calls' atomic consumption.
 */
import type { AiEquity, PdfEquity, TaskCreated } from '@pagewright/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { twoColourImage } from './imageFixtures.js';
import { newClient, queryDb, signUp, uploadedFileId, waitForTask, type Client, useServer } from './harness.js';
import { makePdf } from './pdfFixtures.js';

const server = useServer({ env: { PAYWALLS: 'on' } });

const MB = 1024 * 1024;


async function rotate(client: Client, fileId: string) {
  return client.api<TaskCreated>('POST', '/api/document/rotate', { file_id: fileId, angle: 90, pages: '1' });
}


/** A signed-in free user in the given pricing group. */
async function freeUser(group: 'control' | 'experiment'): Promise<{ client: Client; email: string }> {
  const { client, email } = await signUp(server);
  queryDb(server, 'update users set pricing_group = ? where email = ?', group, email);
  return { client, email };
}

describe('guests', () => {
  it("a guest's second task of the day is refused with 1100777", async () => {
    const guest = newClient(server);
    const fileId = await uploadedFileId(server, guest, 'a.pdf', makePdf(['one']));
    expect((await rotate(guest, fileId)).env.code).toBe(0);
    const second = await rotate(guest, fileId);
    expect(second.env.code).toBe(1100777);
    expect(second.http).toBe(422);
  });

  it('a batch of images under one multi_id counts as one task of the day', async () => {
    const guest = newClient(server);
    const png = await twoColourImage(40, 30);
    const ids = [await uploadedFileId(server, guest, 'a.png', png), await uploadedFileId(server, guest, 'b.png', png)];
    const batch = await guest.api<TaskCreated>('POST', '/api/images_process', { mode: 'rotate', angle: 90, file_ids: ids, multi_id: 'guest-batch-1' });
    expect(batch.env.code).toBe(0);
    const rows = queryDb<{ n: number }>(server, "select count(*) as n from tasks where multi_id = 'guest-batch-1'");
    expect(rows[0]!.n).toBe(2);
    const next = await guest.api('POST', '/api/images_process', { mode: 'rotate', angle: 90, file_ids: [ids[0]] });
    expect(next.env.code).toBe(1100777);
  });

  it('a guest must sign in to download a result, and can once signed in', async () => {
    const guest = newClient(server);
    const fileId = await uploadedFileId(server, guest, 'b.pdf', makePdf(['one']));
    const created = await rotate(guest, fileId);
    expect(created.env.code).toBe(0);
    const taskId = created.env.data.task_id;
    expect((await waitForTask(server, taskId, undefined, guest)).items[0]!.status).toBe(0);
    const refused = await guest.api('GET', `/api/document/download-doc?task_id=${taskId}`);
    expect(refused.env.code).toBe('LOGIN_TO_DOWNLOAD');
    const bulk = await guest.api('GET', `/api/document/download-doc-bulk?multi_id=${created.env.data.multi_id}`);
    expect(bulk.env.code).toBe('LOGIN_TO_DOWNLOAD');
    await signUp(server, { client: guest });
    const res = await guest.fetch(`/api/document/download-doc?task_id=${taskId}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a guest consumes at most its one daily use however many calls race', async () => {
    const guest = newClient(server);
    await guest.api('GET', '/api/v2/pricing/prices');
    const results = await Promise.all(Array.from({ length: 20 }, () => guest.api<PdfEquity>('POST', '/api/v2/user/pdf-equity', { use_check: false })));
    expect(results.filter((r) => r.env.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.env.code === 1100777)).toHaveLength(19);
    const check = await guest.api<PdfEquity>('POST', '/api/v2/user/pdf-equity', { use_check: true });
    expect(check.env.data).toMatchObject({ use_check: true, allowed: false, pdf_count: 1, pdf_use_count: 1, remain: 0 });
  });
});

describe('free and premium users', () => {
  let big: Buffer;

  beforeAll(() => {
    big = makePdf(['big'], { padding: 30 * MB });
  });

  it('a free user in the control group gets 41003 for a 30 MB file and a premium user passes', async () => {
    const free = await freeUser('control');
    const freeFile = await uploadedFileId(server, free.client, 'big.pdf', big);
    const refused = await rotate(free.client, freeFile);
    expect(refused.env).toMatchObject({ code: 41003, msg: 'File size exceeded. Please upgrade permissions.' });
    const premium = await freeUser('control');
    queryDb(server, 'update users set pay = 1 where email = ?', premium.email);
    const premiumFile = await uploadedFileId(server, premium.client, 'big.pdf', big);
    expect((await rotate(premium.client, premiumFile)).env.code).toBe(0);
  });

  it('control and experiment groups differ: 30 MB passes for a free user in the experiment group', async () => {
    const experiment = await freeUser('experiment');
    const fileId = await uploadedFileId(server, experiment.client, 'big.pdf', big);
    expect((await rotate(experiment.client, fileId)).env.code).toBe(0);
  });

  it('control and experiment groups differ: 4 files in one merge are refused in control only', async () => {
    const pdf = makePdf(['page']);
    const control = await freeUser('control');
    const controlIds = [];
    for (let i = 0; i < 4; i++) controlIds.push(await uploadedFileId(server, control.client, `m${i}.pdf`, pdf));
    expect((await control.client.api('POST', '/api/merge', { file_ids: controlIds })).env.code).toBe('TOO_MANY_FILES');
    expect((await control.client.api('POST', '/api/merge', { file_ids: controlIds.slice(0, 3) })).env.code).toBe(0);
    const experiment = await freeUser('experiment');
    const experimentIds = [];
    for (let i = 0; i < 4; i++) experimentIds.push(await uploadedFileId(server, experiment.client, `m${i}.pdf`, pdf));
    expect((await experiment.client.api('POST', '/api/merge', { file_ids: experimentIds })).env.code).toBe(0);
  });

  it('a free user in the control group is offered the upgrade above 100 pages', async () => {
    const control = await freeUser('control');
    const fileId = await uploadedFileId(server, control.client, 'long.pdf', makePdf(Array.from({ length: 101 }, (_, i) => `p${i + 1}`)));
    expect((await rotate(control.client, fileId)).env.code).toBe('PAGES_UPGRADE');
  });

  it('OCR is refused to a free user and allowed to a premium user', async () => {
    const free = await freeUser('experiment');
    const scan = await uploadedFileId(server, free.client, 'scan.pdf', makePdf(['scan']));
    const refused = await free.client.api('POST', '/api/image_ocr', { file_ids: [scan], languages: ['eng'], output_format: 'pdf' });
    expect(refused.env.code).toBe('OCR_PREMIUM_ONLY');
    queryDb(server, 'update users set pay = 1 where email = ?', free.email);
    const allowed = await free.client.api('POST', '/api/image_ocr', { file_ids: [scan], languages: ['eng'], output_format: 'pdf' });
    expect(allowed.env.code).toBe(0);
  });

  it('20 parallel consuming AI equity calls spend exactly the free allowance of 10', async () => {
    const free = await freeUser('experiment');
    const before = await free.client.api<AiEquity>('POST', '/api/v2/user/ai-equity', { use_check: true });
    expect(before.env.data).toMatchObject({ ai_count: 10, ai_use_count: 0, remain: 10, allowed: true, policy_name: 'experiment' });
    const results = await Promise.all(Array.from({ length: 20 }, () => free.client.api<AiEquity>('POST', '/api/v2/user/ai-equity', { use_check: false })));
    expect(results.filter((r) => r.env.code === 0)).toHaveLength(10);
    expect(results.filter((r) => r.env.code === 11003)).toHaveLength(10);
    const after = await free.client.api<AiEquity>('POST', '/api/v2/user/ai-equity', { use_check: true });
    expect(after.env.data).toMatchObject({ ai_use_count: 10, remain: 0, allowed: false });
  });

  it('use_check true only checks: it never spends a use', async () => {
    const free = await freeUser('control');
    for (let i = 0; i < 3; i++) await free.client.api('POST', '/api/v2/user/ai-equity', { use_check: true });
    const r = await free.client.api<AiEquity>('POST', '/api/v2/user/ai-equity', { use_check: 'true' });
    expect(r.env.data).toMatchObject({ ai_use_count: 0, remain: 10, policy_name: 'control' });
  });
});
