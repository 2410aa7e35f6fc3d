import type { SignStoredItem, TaskCreated } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { newClient, queryDb, upload, waitForTask, useServer } from './harness.js';
import { makePdf } from './pdfFixtures.js';
import { pageImageCounts, textImagePng } from './readBack.js';

const server = useServer();

/** A browser: keeps the identity cookie the server gives it; `client` uploads as it. */
function browser() {
  const client = newClient(server);
  return Object.assign(<T>(method: string, url: string, body?: unknown) => client.api<T>(method, url, body), { client });
}

describe('saved signatures (file/sign)', () => {
  it('saves an uploaded image, lists it with its pixel size, and uses it to sign', async () => {
    const alice = browser();
    expect((await alice<{ signs: SignStoredItem[] }>('GET', '/api/file/sign?t=1')).env.data.signs).toEqual([]);
    const png = textImagePng('Alice', 72);
    const { file_id } = await upload(server, 'alice.png', png, undefined, alice.client);
    const saved = await alice<SignStoredItem>('POST', '/api/file/sign?t=2', { file_id });
    expect(saved.env.code).toBe(0);
    expect(saved.env.data).toMatchObject({ file_id, file_size: png.length, page_w: png.readUInt32BE(16), page_h: png.readUInt32BE(20), total_page: 1 });
    const list = await alice<{ signs: SignStoredItem[] }>('GET', '/api/file/sign?t=3');
    expect(list.env.data.signs.map((s) => s.file_id)).toEqual([file_id]);
    const image = await alice<null>('GET', list.env.data.signs[0]!.output_file);
    expect(image.raw.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.raw.arrayBuffer()).equals(png)).toBe(true);

    const doc = (await upload(server, 'doc.pdf', makePdf(['sign here']), undefined, alice.client)).file_id;
    const task = await alice<TaskCreated>('POST', `/api/document/content/${doc}/sign`, {
      placements: [{ sign_file_id: file_id, page: 1, x: 100, y: 600, w: 150, h: 40 }],
    });
    await waitForTask(server, task.env.data.task_id, undefined, alice.client);
    const signed = Buffer.from(await (await alice.client.fetch(`/api/document/download-doc?task_id=${task.env.data.task_id}`)).arrayBuffer());
    expect(pageImageCounts(signed)).toEqual([1]);
  });

  it('keeps a saved signature past the hour an upload lives', async () => {
    const alice = browser();
    const { file_id } = await upload(server, 'keep.png', textImagePng('Keep', 72), undefined, alice.client);
    await alice('POST', '/api/file/sign', { file_id });
    const [row] = queryDb<{ expires_at: number }>(server, 'select expires_at from files where file_id = ?', file_id);
    expect(row!.expires_at).toBeGreaterThan(Date.now() + 365 * 24 * 60 * 60 * 1000);
  });

  it('never shows, serves or deletes one client’s signature to another', async () => {
    const alice = browser();
    const mallory = browser();
    const { file_id } = await upload(server, 'mine.png', textImagePng('Mine', 72), undefined, alice.client);
    await alice('POST', '/api/file/sign', { file_id });
    await mallory('GET', '/api/file/sign');
    expect((await mallory<{ signs: SignStoredItem[] }>('GET', '/api/file/sign')).env.data.signs).toEqual([]);
    expect((await mallory('GET', `/api/file/sign/image?file_id=${file_id}`)).env.code).toBe(2405);
    expect((await mallory('DELETE', `/api/file/sign?file_id=${file_id}`)).env.code).toBe(2405);
    expect((await alice<{ signs: SignStoredItem[] }>('GET', '/api/file/sign')).env.data.signs.map((s) => s.file_id)).toContain(file_id);
  });

  it('deletes a signature, after which it is neither listed nor served', async () => {
    const alice = browser();
    const { file_id } = await upload(server, 'gone.png', textImagePng('Gone', 72), undefined, alice.client);
    await alice('POST', '/api/file/sign', { file_id });
    expect((await alice('DELETE', `/api/file/sign?file_id=${file_id}&t=9`)).env.code).toBe(0);
    expect((await alice<{ signs: SignStoredItem[] }>('GET', '/api/file/sign')).env.data.signs).toEqual([]);
    expect((await alice('GET', `/api/file/sign/image?file_id=${file_id}`)).env.code).toBe(2405);
  });

  it('refuses a file that is not an image with 3102', async () => {
    const alice = browser();
    const { file_id } = await upload(server, 'fake.png', Buffer.from('not an image at all'), undefined, alice.client);
    const r = await alice('POST', '/api/file/sign', { file_id });
    expect(r.env.code).toBe(3102);
  });

  it('keeps at most 20 signatures per client (SIGNATURES_FULL)', async () => {
    const alice = browser();
    await alice('GET', '/api/file/sign');
    for (let i = 0; i < 20; i++) {
      const { file_id } = await upload(server, `s${i}.png`, textImagePng(`S${i}`, 20), undefined, alice.client);
      expect((await alice('POST', '/api/file/sign', { file_id })).env.code).toBe(0);
    }
    const { file_id } = await upload(server, 'extra.png', textImagePng('extra', 20), undefined, alice.client);
    const r = await alice('POST', '/api/file/sign', { file_id });
    expect(r.env).toMatchObject({ code: 'SIGNATURES_FULL', msg: 'You can keep up to 20 signatures. Delete one to save another.' });
  });
});
