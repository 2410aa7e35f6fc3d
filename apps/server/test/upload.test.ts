import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DocumentInfo, UploadObjectResponse } from '@pagewright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, md5, queryDb, removeDir, startServer, upload, type TestServer } from './harness.js';
import { encryptPdf, makeCorruptPdf, makePdf } from './pdfFixtures.js';

let server: TestServer;

beforeAll(async () => {
  // The local store's own upload routes (PUTs served by the API, 512 KB parts, the sweeper on its
  // directory); uploads to S3 are tested by s3Storage.test.ts, and by every test of the scale run.
  server = await startServer({ env: { SWEEP_INTERVAL_MS: '1000' }, stack: 'embedded' });
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('upload (file/oss/object, storage PUT, callback)', () => {
  it('declares a file and returns a file_id with a policy of SPEC §3', async () => {
    const r = await api<UploadObjectResponse>(server, 'POST', '/api/file/oss/object', {
      filename: 'a.pdf', expired_type: 0, file_size: 10, md5_code: md5(Buffer.from('0123456789')),
    });
    expect(r.env.code).toBe(0);
    expect(r.env.data.file_id).toMatch(/^[0-9a-f]{32}$/);
    for (const field of ['access_key_id', 'access_key_secret', 'bucket', 'sts_token', 'callback', 'dir', 'region', 's3_type', 'sts_url', 'part_url']) {
      expect(r.env.data.policy).toHaveProperty(field);
    }
    expect(r.env.data.policy.callback).toHaveProperty('callbackUrl');
    expect(r.env.data.policy.part_size).toBe(512 * 1024);
    expect(r.env.data.policy.chunk_threshold).toBe(524_288);
  });

  it('stores a small file sent in one PUT and reads its pages and page size', async () => {
    const pdf = makePdf(['one', 'two', 'three']);
    const { file_id, result, parts } = await upload(server, 'small.pdf', pdf);
    expect(parts).toBe(1);
    expect(result.code).toBe(0);
    const info = await api<DocumentInfo>(server, 'GET', `/api/document/info?file_id=${file_id}`);
    expect(info.env.code).toBe(0);
    expect(info.env.data).toMatchObject({ total_page: 3, page_w: 612, page_h: 792, encrypted: false });
  });

  it('stores a large file sent as 512 KB parts and assembles it byte for byte', async () => {
    const pdf = makePdf(['big one', 'big two'], { padding: 1_300_000 });
    const { file_id, result, parts } = await upload(server, 'big.pdf', pdf);
    expect(parts).toBe(3);
    expect(result.code).toBe(0);
    const info = await api<DocumentInfo>(server, 'GET', `/api/document/info?file_id=${file_id}`);
    expect(info.env.data.total_page).toBe(2);
  });

  it('refuses a single PUT whose bytes do not match the declared md5, and the file stays unusable', async () => {
    const pdf = makePdf(['x']);
    const { file_id, result } = await upload(server, 'liar.pdf', pdf, md5(Buffer.from('something else')));
    expect(result.code).toBe(90002);
    const info = await api(server, 'GET', `/api/document/info?file_id=${file_id}`);
    expect(info.env.code).toBe(90001);
  });

  it('refuses a multipart upload whose assembled bytes do not match the declared md5', async () => {
    const pdf = makePdf(['x'], { padding: 700_000 });
    const { result } = await upload(server, 'liar-big.pdf', pdf, md5(Buffer.from('other')));
    expect(result.code).toBe(90002);
  });

  it('refuses a PUT with a forged upload token', async () => {
    const pdf = makePdf(['x']);
    const declared = await api<UploadObjectResponse>(server, 'POST', '/api/file/oss/object', {
      filename: 'x.pdf', expired_type: 0, file_size: pdf.length, md5_code: md5(pdf),
    });
    const forged = declared.env.data.policy.sts_url.replace(/token=[^&]+/, 'token=forged');
    const res = await fetch(server.baseUrl + forged, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: pdf });
    expect(((await res.json()) as { code: number }).code).toBe(90002);
  });

  it('refuses a declared size above the largest tier maximum with 4012', async () => {
    const r = await api(server, 'POST', '/api/file/oss/object', {
      filename: 'huge.pdf', expired_type: 0, file_size: 101 * 1024 * 1024, md5_code: md5(Buffer.from('')),
    });
    expect(r.env.code).toBe(4012);
    expect(r.env.msg).toBe('File size exceeds the limit.');
  });

  it('answers a malformed declaration with INVALID_PARAMS in the envelope', async () => {
    const r = await api(server, 'POST', '/api/file/oss/object', { filename: '', file_size: -1 });
    expect(r.http).toBe(400);
    expect(r.env).toMatchObject({ code: 'INVALID_PARAMS', data: null });
  });
});

describe('document/info', () => {
  it('answers 3122 for an encrypted file without its password, and reads it with the password', async () => {
    const { file_id } = await upload(server, 'locked.pdf', encryptPdf(makePdf(['secret', 'pages']), 'openpassword'));
    const without = await api(server, 'GET', `/api/document/info?file_id=${file_id}`);
    expect(without.env.code).toBe(3122);
    const wrong = await api(server, 'GET', `/api/document/info?file_id=${file_id}&passwd=nope`);
    expect(wrong.env.code).toBe('INCORRECT_PASSWORD');
    expect(wrong.env.msg).toBe('Incorrect password. Please try again.');
    const right = await api<DocumentInfo>(server, 'GET', `/api/document/info?file_id=${file_id}&passwd=openpassword`);
    expect(right.env.data).toMatchObject({ total_page: 2, encrypted: true });
  });

  it('keeps the password out of the server log', () => {
    expect(server.output()).toContain('passwd=***');
    expect(server.output()).not.toContain('openpassword');
  });

  it('answers FILE_DAMAGED for a corrupt PDF', async () => {
    const { file_id } = await upload(server, 'corrupt.pdf', makeCorruptPdf());
    const r = await api(server, 'GET', `/api/document/info?file_id=${file_id}`);
    expect(r.env.code).toBe('FILE_DAMAGED');
  });

  it('answers PDF_CORRUPTED for a text file renamed .pdf: to its owner a PDF that cannot be opened', async () => {
    const { file_id } = await upload(server, 'notes.pdf', Buffer.from('just some notes, not a PDF\n'));
    const r = await api(server, 'GET', `/api/document/info?file_id=${file_id}`);
    expect(r.env.code).toBe('PDF_CORRUPTED');
  });

  it('answers 2405 for a file_id that does not exist', async () => {
    const r = await api(server, 'GET', '/api/document/info?file_id=0123456789abcdef0123456789abcdef');
    expect(r.http).toBe(404);
    expect(r.env.code).toBe(2405);
  });
});

describe('expiry', () => {
  it('the sweeper removes an expired upload and its object', async () => {
    const { file_id } = await upload(server, 'old.pdf', makePdf(['old']));
    const objectPath = path.join(server.dataDir, 'objects', 'uploads', file_id);
    expect(existsSync(objectPath)).toBe(true);
    queryDb(server, 'update files set expires_at = ? where file_id = ?', Date.now() - 1000, file_id);
    const deadline = Date.now() + 10_000;
    while (existsSync(objectPath) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(existsSync(objectPath)).toBe(false);
    const r = await api(server, 'GET', `/api/document/info?file_id=${file_id}`);
    expect(r.env.code).toBe(2405);
  });
});

describe('API surface', () => {
  it('serves an OpenAPI document with the paths of SPEC §7', async () => {
    const res = await fetch(`${server.baseUrl}/api/docs/json`);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    for (const p of ['/api/file/oss/object', '/api/document/info', '/api/merge', '/api/get-task-result', '/api/document/download-doc', '/api/document/download-doc-bulk']) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
  });

  it('answers an unknown API path with the 2405 envelope', async () => {
    const r = await api(server, 'GET', '/api/no-such-call');
    expect(r.http).toBe(404);
    expect(r.env.code).toBe(2405);
  });
});
