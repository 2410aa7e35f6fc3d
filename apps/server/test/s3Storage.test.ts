/**
 * The server with STORAGE_KIND=s3 against an S3 API emulator (s3rver): uploads go from the
 * "browser" straight to presigned URLs of the store, a merge task reads its inputs from the
 * bucket and writes its result there, and the download is a presigned GET.
 */
import { readFileSync } from 'node:fs';
import type { Envelope, TaskCreated, UploadedFile, UploadObjectResponse } from '@pagewright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3ObjectStorage } from '../src/adapters/storage/s3.js';
import { api, md5, removeDir, startServer, waitForTask, type TestServer } from './harness.js';
import { makePdf } from './pdfFixtures.js';
import { pageTexts } from './readBack.js';
import { startS3Emulator, type S3Emulator } from './s3Emulator.js';

let emulator: S3Emulator;
let server: TestServer;
let bucket: S3ObjectStorage;

beforeAll(async () => {
  emulator = await startS3Emulator();
  server = await startServer({ env: emulator.env });
  bucket = new S3ObjectStorage({
    endpoint: emulator.endpoint, bucket: emulator.bucket, region: 'us-east-1',
    accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true,
  });
});

afterAll(async () => {
  bucket.destroy();
  await server.stop();
  await emulator.stop();
  removeDir(server.dataDir);
});

/** As the web app's direct upload does: declare, PUT to the presigned URL(s), then the callback with the parts' ETags. */
async function uploadDirect(name: string, bytes: Buffer): Promise<{ file_id: string; policy: UploadObjectResponse['policy']; result: Envelope<UploadedFile> }> {
  const declared = await api<UploadObjectResponse>(server, 'POST', '/api/file/oss/object', {
    filename: name, expired_type: 0, file_size: bytes.length, md5_code: md5(bytes),
  });
  expect(declared.env.code).toBe(0);
  const { file_id, policy } = declared.env.data;
  expect(policy.direct).toBe(true);
  let etags: string[] | undefined;
  if (policy.part_urls) {
    const urls = policy.part_urls;
    etags = await Promise.all(urls.map(async (url, i) => {
      const res = await fetch(url, { method: 'PUT', body: bytes.subarray(i * policy.part_size, (i + 1) * policy.part_size) });
      expect(res.status).toBe(200);
      return res.headers.get('etag') ?? '';
    }));
  } else {
    const res = await fetch(policy.sts_url, { method: 'PUT', body: bytes, headers: { 'content-type': 'application/octet-stream' } });
    expect(res.status).toBe(200);
  }
  const body = { ...(JSON.parse(policy.callback.callbackBody) as object), ...(etags ? { etags } : {}) };
  const { env } = await api<UploadedFile>(server, 'POST', policy.callback.callbackUrl, body);
  return { file_id, policy, result: env };
}

/** Every request the API process logged receiving ("incoming request"), as method and URL. */
function requestsSeen(): string[] {
  return server.output().split('\n').flatMap((line) => {
    const m = /"method":"(\w+)","url":"([^"]*)"/.exec(line);
    return m ? [`${m[1]} ${m[2]}`] : [];
  });
}

/** Bytes the API process has read so far, from sockets, pipes and files alike: the kernel's count (rchar). */
function apiBytesRead(): number {
  return Number(/^rchar: (\d+)$/m.exec(readFileSync(`/proc/${server.process.pid}/io`, 'utf8'))?.[1]);
}

describe('S3 storage: bytes go straight between the browser and the bucket', () => {
  it('takes a small file by one presigned PUT to the store, checked by the callback', async () => {
    const pdf = makePdf(['single']);
    const { file_id, policy, result } = await uploadDirect('single.pdf', pdf);
    expect(new URL(policy.sts_url).origin).toBe(emulator.endpoint);
    expect(result).toMatchObject({ code: 0, data: { file_id, file_size: pdf.length } });
    expect(await bucket.md5(`uploads/${file_id}`)).toBe(md5(pdf));
  });

  it('takes a large file in presigned parts of at least 5 MiB, joined by the callback, none through the API', async () => {
    const pdf = makePdf(['multipart'], { padding: 11 * 1024 * 1024 });
    const readBefore = apiBytesRead();
    const { file_id, policy, result } = await uploadDirect('large.pdf', pdf);
    // The upload and its check (size and md5 from the store's own digests) cost the API its
    // JSON calls and database reads only: far below one part of the file.
    const readByApi = apiBytesRead() - readBefore;
    expect(readByApi).toBeLessThan(512 * 1024);
    expect(policy.part_size).toBe(5 * 1024 * 1024);
    expect(policy.part_urls).toHaveLength(3);
    expect(policy.part_urls!.every((url) => new URL(url).origin === emulator.endpoint)).toBe(true);
    expect(result).toMatchObject({ code: 0, data: { file_id, file_size: pdf.length } });
    expect(await bucket.size(`uploads/${file_id}`)).toBe(pdf.length);
    expect(await bucket.md5(`uploads/${file_id}`)).toBe(md5(pdf));
    // The API saw only its JSON calls: no PUT, no upload route of the local store.
    const seen = requestsSeen();
    expect(seen.some((r) => r.startsWith('POST /api/file/oss/callback'))).toBe(true);
    expect(seen.filter((r) => r.startsWith('PUT ') || r.includes('/storage/object/'))).toEqual([]);
  });

  it('refuses a callback whose stored bytes do not match the declared md5', async () => {
    const pdf = makePdf(['declared']);
    const declared = await api<UploadObjectResponse>(server, 'POST', '/api/file/oss/object', {
      filename: 'lie.pdf', expired_type: 0, file_size: pdf.length, md5_code: md5(Buffer.from('other')),
    });
    const { policy } = declared.env.data;
    await fetch(policy.sts_url, { method: 'PUT', body: pdf });
    const { env } = await api<UploadedFile>(server, 'POST', policy.callback.callbackUrl, JSON.parse(policy.callback.callbackBody));
    expect(env.code).toBe(90002);
  });

  it('refuses the API-served upload routes: bytes may not pass through the API', async () => {
    const res = await fetch(`${server.baseUrl}/api/storage/object/abc?expires=9999999999&token=x`, { method: 'PUT', body: 'x', headers: { 'content-type': 'application/octet-stream' } });
    expect(((await res.json()) as Envelope<unknown>).code).toBe(90002);
  });

  it('merges files read from the bucket, stores the result there, and downloads it by a presigned GET with its UTF-8 name', async () => {
    const a = await uploadDirect('a.pdf', makePdf(['A1', 'A2']));
    const b = await uploadDirect('b.pdf', makePdf(['B1'], { padding: 6 * 1024 * 1024 }));
    const created = await api<TaskCreated>(server, 'POST', '/api/merge', { file_ids: [a.file_id, b.file_id], output_file_name: 'Zusammenfügung 東京.pdf' });
    expect(created.env.code).toBe(0);
    const { task_id } = created.env.data;
    const done = await waitForTask(server, task_id);
    expect(done.items[0]?.status).toBe(0);
    expect(await bucket.keys(`results/${task_id}/`)).toHaveLength(1);

    const redirect = await server.guest.fetch(`/api/document/download-doc?task_id=${task_id}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location') ?? '';
    expect(new URL(location).origin).toBe(emulator.endpoint);
    const download = await fetch(location);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(`filename*=UTF-8''Zusammenf%C3%BCgung%20%E6%9D%B1%E4%BA%AC.pdf`);
    const merged = Buffer.from(await download.arrayBuffer());
    expect(pageTexts(merged).map((t) => t.trim())).toEqual(['A1', 'A2', 'B1']);
  });
});
