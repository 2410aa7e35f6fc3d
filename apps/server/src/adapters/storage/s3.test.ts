import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Emulator, type S3Emulator } from '../../../test/s3Emulator.js';
import { S3ObjectStorage } from './s3.js';

let emulator: S3Emulator;
let storage: S3ObjectStorage;
const temp = mkdtempSync(path.join(tmpdir(), 'pw-s3-adapter-'));

beforeAll(async () => {
  emulator = await startS3Emulator();
  storage = new S3ObjectStorage({
    endpoint: emulator.endpoint, bucket: emulator.bucket, region: 'us-east-1',
    accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true,
  });
});

afterAll(async () => {
  storage.destroy();
  await emulator.stop();
  rmSync(temp, { recursive: true, force: true });
});

async function readAll(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage.openRead(key) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describe('S3 object storage (against the s3rver emulator)', () => {
  it('puts, streams, sizes, hashes and deletes an object; a missing one has no size', async () => {
    const bytes = Buffer.from('%PDF-1.7 hello');
    await storage.put('uploads/a1', bytes);
    expect(await storage.size('uploads/a1')).toBe(bytes.length);
    expect(await readAll('uploads/a1')).toEqual(bytes);
    expect(await storage.md5('uploads/a1')).toBe(md5(bytes));
    await storage.delete('uploads/a1');
    expect(await storage.size('uploads/a1')).toBeNull();
  });

  it('fails the stream of a missing object instead of ending it empty', async () => {
    await expect(readAll('uploads/none')).rejects.toThrow();
  });

  it('streams a file in and copies an object out to a private file of the given directory', async () => {
    const source = path.join(temp, 'in.bin');
    const bytes = Buffer.alloc(300_000, 7);
    writeFileSync(source, bytes);
    await storage.putFile('results/t1/result.pdf', source);
    const copy = await storage.localCopy('results/t1/result.pdf', temp);
    expect(path.dirname(copy)).toBe(temp);
    expect(readFileSync(copy)).toEqual(bytes);
  });

  it('lists and deletes a prefix as a directory, leaving a key that only starts alike', async () => {
    await storage.put('results/t2/a.pdf', Buffer.from('a'));
    await storage.put('results/t2/b.pdf', Buffer.from('b'));
    await storage.put('results/t20/c.pdf', Buffer.from('c'));
    expect((await storage.keys('results/t2/')).sort()).toEqual(['results/t2/a.pdf', 'results/t2/b.pdf']);
    await storage.deletePrefix('results/t2');
    expect(await storage.keys('results/t2/')).toEqual([]);
    expect(await storage.size('results/t20/c.pdf')).toBe(1);
  });

  it('assembles part objects into one, answering its size and md5', async () => {
    const parts = [Buffer.alloc(1000, 1), Buffer.alloc(10, 2)];
    await storage.put('uploads/p1.parts/000001', parts[0]!);
    await storage.put('uploads/p1.parts/000002', parts[1]!);
    const all = Buffer.concat(parts);
    expect(await storage.assemble('uploads/p1', ['uploads/p1.parts/000001', 'uploads/p1.parts/000002'])).toEqual({ size: all.length, md5: md5(all) });
    expect(await readAll('uploads/p1')).toEqual(all);
  });

  it('takes a PUT to a presigned URL and serves a presigned GET with the UTF-8 file name', async () => {
    const bytes = Buffer.from('presigned bytes');
    const put = await fetch(await storage.uploadUrl('uploads/s1', 60), { method: 'PUT', body: bytes, headers: { 'Content-Type': 'application/octet-stream' } });
    expect(put.status).toBe(200);
    const url = await storage.downloadUrl('uploads/s1', 'Résumé 履歴書.pdf', 60);
    expect(new URL(url).origin).toBe(emulator.endpoint);
    const got = await fetch(url);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer())).toEqual(bytes);
    expect(got.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sum_ ___.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%E5%B1%A5%E6%AD%B4%E6%9B%B8.pdf`,
    );
  });

  it('joins parts PUT to presigned part URLs, from the ETags their answers carried', async () => {
    const parts = [Buffer.alloc(5 * 1024 * 1024, 3), Buffer.alloc(1234, 4)];
    const { uploadId, partUrls } = await storage.startParts('uploads/m1', parts.length, 60);
    expect(partUrls).toHaveLength(2);
    const etags = await Promise.all(partUrls.map(async (url, i) => {
      const answer = await fetch(url, { method: 'PUT', body: parts[i]! });
      expect(answer.status).toBe(200);
      return answer.headers.get('etag') ?? '';
    }));
    await storage.completeParts('uploads/m1', uploadId, etags);
    const all = Buffer.concat(parts);
    expect(await storage.size('uploads/m1')).toBe(all.length);
    expect(await storage.md5('uploads/m1')).toBe(md5(all));
  });

  it('refuses an unsafe key before asking the store', async () => {
    await expect(storage.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow(/unsafe object key/);
  });
});
