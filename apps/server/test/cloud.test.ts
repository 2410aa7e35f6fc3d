/**
 * The cloud document store through the real server: documents, folders, stars, recent,
 * search by name and by text, capacity and its atomic quota, downloads, saving task results,
 * auto_oss_upload, and the URL import's refusals (loopback, redirects to it, non-PDF content).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CloudCapacity, CloudDocument, CloudFolder, CloudList, DownloadUrl, TaskCreated, UploadedFile } from '@pagewright/contracts';
import { cloudLimits } from '@pagewright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5, queryDb, removeDir, signUp, startServer, storedKeys, upload, waitForTask, type Client, type TestServer } from './harness.js';
import { makePdf } from './pdfFixtures.js';

let server: TestServer;
let fixtures: Server;
let fixturePort: number;
let user: Client;

const pdfBytes = makePdf(['Quarterly zanzibarite report', 'Second page of the report']);

beforeAll(async () => {
  // The local web server the URL import fetches from: reachable only as "localhost", which the
  // server is told to allow (URL_IMPORT_ALLOW_HOSTS); 127.0.0.1 itself stays forbidden.
  fixtures = createServer((req, res) => {
    if (req.url === '/doc.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(pdfBytes);
    } else if (req.url === '/page.pdf') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html><body>not a pdf</body></html>');
    } else if (req.url === '/redirect.pdf') {
      res.writeHead(302, { location: `http://127.0.0.1:${fixturePort}/doc.pdf` });
      res.end();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => fixtures.listen(0, '127.0.0.1', () => resolve()));
  fixturePort = (fixtures.address() as AddressInfo).port;
  server = await startServer({ env: { URL_IMPORT_ALLOW_HOSTS: 'localhost' } });
  user = (await signUp(server)).client;
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
  await new Promise((resolve) => fixtures.close(resolve));
});

async function ok<T>(client: Client, method: string, url: string, body?: unknown): Promise<T> {
  const r = await client.api<T>(method, url, body);
  if (r.env.code !== 0) throw new Error(`${method} ${url}: ${JSON.stringify(r.env)}`);
  return r.env.data;
}

async function code(client: Client, method: string, url: string, body?: unknown): Promise<string | number> {
  return (await client.api(method, url, body)).env.code;
}

async function keep(client: Client, name: string, bytes: Buffer, folderId = ''): Promise<CloudDocument> {
  const { file_id } = await upload(server, name, bytes, undefined, client);
  return ok<CloudDocument>(client, 'PUT', '/api/v2/cloud/oss/file/create', { file_id, folder_id: folderId });
}

const list = (client: Client, body: Record<string, unknown> = {}) => ok<CloudList>(client, 'POST', '/api/v2/cloud/list', body);
const capacity = (client: Client) => ok<CloudCapacity>(client, 'GET', '/api/v2/cloud/capacity/storage');

const storedObjects = () => storedKeys(server, 'uploads/');

function zipEntries(zip: Buffer): Record<string, string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pw-zip-'));
  try {
    const file = path.join(dir, 'a.zip');
    writeFileSync(file, zip);
    const out = execFileSync('python3', ['-c', `import sys, zipfile, hashlib, json
z = zipfile.ZipFile(sys.argv[1])
print(json.dumps({n: hashlib.md5(z.read(n)).hexdigest() for n in z.namelist()}))`, file]);
    return JSON.parse(out.toString()) as Record<string, string>;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('cloud documents', () => {
  it('keeps an uploaded PDF as a document without expiry and counts its size in the capacity', async () => {
    const { client } = await signUp(server);
    const doc = await keep(client, 'kept.pdf', pdfBytes);
    expect(doc).toMatchObject({ name: 'kept.pdf', size: pdfBytes.length, folder_id: '', starred: false });
    const [row] = queryDb<{ expires_at: number }>(server, 'select expires_at from files where file_id = ?', doc.file_id);
    expect(row!.expires_at).toBeGreaterThan(Date.now() + 100 * 365 * 24 * 3600 * 1000);
    expect((await capacity(client))).toEqual({ already_capacity: pdfBytes.length, total_capacity: cloudLimits.startSpace, received: false });
    expect((await list(client)).documents.map((d) => d.file_id)).toEqual([doc.file_id]);
    // Keeping the same file again answers the same document and takes no more space.
    expect((await ok<CloudDocument>(client, 'PUT', '/api/v2/cloud/oss/file/create', { file_id: doc.file_id, folder_id: '' })).file_id).toBe(doc.file_id);
    expect((await capacity(client)).already_capacity).toBe(pdfBytes.length);
  });

  it('names a second document of the same name in a folder "name (1)"', async () => {
    const { client } = await signUp(server);
    await keep(client, 'twice.pdf', pdfBytes);
    expect((await keep(client, 'twice.pdf', pdfBytes)).name).toBe('twice (1).pdf');
  });

  it('creates folders with breadcrumbs and refuses a second folder of the same name, whatever its case', async () => {
    const { client } = await signUp(server);
    const top = await ok<CloudFolder>(client, 'POST', '/api/v2/cloud/directory/create', { name: 'Taxes', parent_id: '' });
    const sub = await ok<CloudFolder>(client, 'POST', '/api/v2/cloud/directory/create', { name: '2026', parent_id: top.folder_id });
    expect(await code(client, 'POST', '/api/v2/cloud/directory/create', { name: 'taxes', parent_id: '' })).toBe('CLOUD_FOLDER_EXISTS');
    const inner = await list(client, { folder_id: sub.folder_id });
    expect(inner.path.map((f) => f.name)).toEqual(['Taxes', '2026']);
    expect((await list(client)).folders.map((f) => f.name)).toEqual(['Taxes']);
    const folders = await ok<{ folders: CloudFolder[] }>(client, 'POST', '/api/v2/cloud/directory/list', {});
    expect(folders.folders.map((f) => [f.name, f.parent_id])).toEqual([['2026', top.folder_id], ['Taxes', '']]);
  });

  it('applies the rename rules: a name is required, at most 240 characters, and unique in its folder', async () => {
    const { client } = await signUp(server);
    const a = await keep(client, 'a.pdf', pdfBytes);
    await keep(client, 'b.pdf', pdfBytes);
    expect(await code(client, 'POST', '/api/v2/cloud/file/rename', { file_id: a.file_id, name: '   ' })).toBe('CLOUD_NAME_REQUIRED');
    expect(await code(client, 'POST', '/api/v2/cloud/file/rename', { file_id: a.file_id, name: `${'x'.repeat(237)}.pdf` })).toBe('CLOUD_NAME_TOO_LONG');
    expect(await code(client, 'POST', '/api/v2/cloud/file/rename', { file_id: a.file_id, name: 'B.PDF' })).toBe('CLOUD_NAME_EXISTS');
    const renamed = await ok<CloudDocument>(client, 'POST', '/api/v2/cloud/file/rename', { file_id: a.file_id, name: `${'y'.repeat(236)}.pdf` });
    expect(renamed.name).toHaveLength(240);
    const folder = await ok<CloudFolder>(client, 'POST', '/api/v2/cloud/directory/create', { name: 'One', parent_id: '' });
    await ok(client, 'POST', '/api/v2/cloud/directory/create', { name: 'Two', parent_id: '' });
    expect(await code(client, 'POST', '/api/v2/cloud/directory/rename', { folder_id: folder.folder_id, name: 'two' })).toBe('CLOUD_FOLDER_EXISTS');
    expect((await ok<CloudFolder>(client, 'POST', '/api/v2/cloud/directory/rename', { folder_id: folder.folder_id, name: 'Uno' })).name).toBe('Uno');
  });

  it('moves documents and folders, refusing a folder into itself or below itself', async () => {
    const { client } = await signUp(server);
    const doc = await keep(client, 'move-me.pdf', pdfBytes);
    const top = await ok<CloudFolder>(client, 'POST', '/api/v2/cloud/directory/create', { name: 'Top', parent_id: '' });
    const sub = await ok<CloudFolder>(client, 'POST', '/api/v2/cloud/directory/create', { name: 'Sub', parent_id: top.folder_id });
    const moved = await ok<CloudDocument>(client, 'POST', '/api/v2/cloud/file/move', { file_id: doc.file_id, folder_id: sub.folder_id });
    expect(moved.folder_id).toBe(sub.folder_id);
    expect((await list(client, { folder_id: sub.folder_id })).documents.map((d) => d.name)).toEqual(['move-me.pdf']);
    expect(await code(client, 'POST', '/api/v2/cloud/multi/move', { folder_ids: [top.folder_id], target_folder_id: sub.folder_id })).toBe('CLOUD_MOVE_FAILED');
    expect(await code(client, 'POST', '/api/v2/cloud/multi/move', { folder_ids: [top.folder_id], target_folder_id: top.folder_id })).toBe('CLOUD_MOVE_FAILED');
    await ok(client, 'POST', '/api/v2/cloud/multi/move', { file_ids: [doc.file_id], folder_ids: [sub.folder_id], target_folder_id: '' });
    const root = await list(client);
    expect(root.documents.map((d) => d.name)).toEqual(['move-me.pdf']);
    expect(root.folders.map((f) => f.name).sort()).toEqual(['Sub', 'Top']);
  });

  it('refuses to move a document next to one of the same name', async () => {
    const { client } = await signUp(server);
    const folder = await ok<CloudFolder>(client, 'POST', '/api/v2/cloud/directory/create', { name: 'F', parent_id: '' });
    await keep(client, 'same.pdf', pdfBytes, folder.folder_id);
    const outside = await keep(client, 'same.pdf', pdfBytes);
    expect(await code(client, 'POST', '/api/v2/cloud/file/move', { file_id: outside.file_id, folder_id: folder.folder_id })).toBe('CLOUD_NAME_EXISTS');
  });

  it('stars and unstars documents and lists the starred ones', async () => {
    const { client } = await signUp(server);
    const a = await keep(client, 'star-a.pdf', pdfBytes);
    const b = await keep(client, 'star-b.pdf', pdfBytes);
    await ok(client, 'POST', '/api/v2/cloud/star/mark', { file_ids: [a.file_id, b.file_id] });
    await ok(client, 'POST', '/api/v2/cloud/star/unmark', { file_ids: [b.file_id] });
    const starred = await ok<{ documents: CloudDocument[] }>(client, 'GET', '/api/v2/cloud/star/list');
    expect(starred.documents.map((d) => [d.name, d.starred])).toEqual([['star-a.pdf', true]]);
  });

  it('lists recent documents newest first and removes some from recent without deleting them', async () => {
    const { client } = await signUp(server);
    const a = await keep(client, 'first.pdf', pdfBytes);
    await new Promise((r) => setTimeout(r, 5));
    const b = await keep(client, 'second.pdf', pdfBytes);
    const recent = async () => (await ok<{ documents: CloudDocument[] }>(client, 'GET', '/api/v2/cloud/recent/list')).documents.map((d) => d.file_id);
    expect(await recent()).toEqual([b.file_id, a.file_id]);
    await ok(client, 'DELETE', '/api/v2/cloud/recent/delete', { file_ids: [b.file_id] });
    expect(await recent()).toEqual([a.file_id]);
    expect((await list(client)).total).toBe(2);
  });

  it('finds a document by a word inside its PDF text and by part of its name, in any folder', async () => {
    const { client } = await signUp(server);
    const folder = await ok<CloudFolder>(client, 'POST', '/api/v2/cloud/directory/create', { name: 'Deep', parent_id: '' });
    const doc = await keep(client, 'plain-name.pdf', makePdf(['The word quokkalicious appears only here']), folder.folder_id);
    await keep(client, 'other.pdf', makePdf(['Nothing to see']));
    expect((await list(client, { keyword: 'quokkalicious' })).documents.map((d) => d.file_id)).toEqual([doc.file_id]);
    // A prefix of the word finds it too, and case does not matter.
    expect((await list(client, { keyword: 'QUOKKA' })).documents.map((d) => d.file_id)).toEqual([doc.file_id]);
    expect((await list(client, { keyword: 'plain-na' })).documents.map((d) => d.file_id)).toEqual([doc.file_id]);
    expect((await list(client, { keyword: 'absentword' })).documents).toEqual([]);
    // Another account's documents are never found.
    const other = (await signUp(server)).client;
    expect((await list(other, { keyword: 'quokkalicious' })).documents).toEqual([]);
  });

  it('pages a folder by page and page_size with the total', async () => {
    const { client } = await signUp(server);
    for (let i = 0; i < 5; i += 1) await keep(client, `p${i}.pdf`, pdfBytes);
    const first = await list(client, { sort: 'name', order: 'asc', page: 1, page_size: 2 });
    const third = await list(client, { sort: 'name', order: 'asc', page: 3, page_size: 2 });
    expect([first.total, first.documents.map((d) => d.name), third.documents.map((d) => d.name)]).toEqual([5, ['p0.pdf', 'p1.pdf'], ['p4.pdf']]);
  });
});

describe('downloads', () => {
  it('hands out a short-lived signed URL that downloads the document without a session, and refuses a forged one', async () => {
    const doc = await keep(user, 'download-me.pdf', pdfBytes);
    const { download_url, expires_at } = await ok<DownloadUrl>(user, 'GET', `/api/v2/cloud/file/download-url?file_id=${doc.file_id}`);
    expect(expires_at).toBeLessThanOrEqual(Date.now() + 301_000);
    const res = await fetch(new URL(download_url, server.baseUrl));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''download-me.pdf");
    expect(md5(Buffer.from(await res.arrayBuffer()))).toBe(md5(pdfBytes));
    if (download_url.includes('X-Amz-Signature=')) {
      // A presigned GET of the bucket (S3 storage): the store checks its signature (the
      // emulator of the scale run does not check SigV4 ones); it lives as long as ours.
      expect(Number(new URL(download_url).searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    } else {
      const forged = download_url.replace(/token=[^&]+/, 'token=forged');
      expect((await fetch(new URL(forged, server.baseUrl))).status).toBe(404);
    }
  });

  it('streams a zip of a selection with folders as paths', async () => {
    const { client } = await signUp(server);
    const loose = await keep(client, 'loose.pdf', pdfBytes);
    const folder = await ok<CloudFolder>(client, 'POST', '/api/v2/cloud/directory/create', { name: 'Box', parent_id: '' });
    const inner = makePdf(['inside the box']);
    await keep(client, 'inner.pdf', inner, folder.folder_id);
    const { download_url } = await ok<DownloadUrl>(client, 'POST', '/api/v2/cloud/file/multi-download', { file_ids: [loose.file_id], folder_ids: [folder.folder_id] });
    const res = await fetch(new URL(download_url, server.baseUrl));
    expect(res.headers.get('content-type'), await res.clone().text().then((t) => t.slice(0, 300))).toBe('application/zip');
    expect(zipEntries(Buffer.from(await res.arrayBuffer()))).toEqual({ 'loose.pdf': md5(pdfBytes), 'Box/inner.pdf': md5(inner) });
  });
});

describe('deleting', () => {
  it('deletes a folder with its sub-folders and documents, their stored objects, and gives the space back', async () => {
    const { client } = await signUp(server);
    const top = await ok<CloudFolder>(client, 'POST', '/api/v2/cloud/directory/create', { name: 'Old', parent_id: '' });
    const sub = await ok<CloudFolder>(client, 'POST', '/api/v2/cloud/directory/create', { name: 'Older', parent_id: top.folder_id });
    const a = await keep(client, 'a.pdf', pdfBytes, top.folder_id);
    const b = await keep(client, 'b.pdf', pdfBytes, sub.folder_id);
    const kept = await keep(client, 'kept.pdf', pdfBytes);
    expect(await storedObjects()).toEqual(expect.arrayContaining([a.file_id, b.file_id, kept.file_id]));
    const deleted = await ok(client, 'DELETE', `/api/v2/cloud/directory/delete/${top.folder_id}`);
    expect(deleted).toEqual({ files: 2, folders: 2 });
    const objects = await storedObjects();
    expect(objects).not.toContain(a.file_id);
    expect(objects).not.toContain(b.file_id);
    expect(objects).toContain(kept.file_id);
    expect(queryDb(server, 'select file_id from files where file_id in (?, ?)', a.file_id, b.file_id)).toEqual([]);
    expect(queryDb(server, 'select file_id from cloud_terms where file_id in (?, ?)', a.file_id, b.file_id)).toEqual([]);
    expect((await capacity(client)).already_capacity).toBe(pdfBytes.length);
    expect((await list(client)).folders).toEqual([]);
  });

  it('deletes one document and a selection', async () => {
    const { client } = await signUp(server);
    const a = await keep(client, 'a.pdf', pdfBytes);
    const b = await keep(client, 'b.pdf', pdfBytes);
    const c = await keep(client, 'c.pdf', pdfBytes);
    expect(await ok(client, 'DELETE', `/api/v2/cloud/file/delete/${a.file_id}`)).toEqual({ files: 1, folders: 0 });
    expect(await ok(client, 'DELETE', '/api/v2/cloud/multi/delete', { file_ids: [b.file_id, c.file_id] })).toEqual({ files: 2, folders: 0 });
    expect((await capacity(client)).already_capacity).toBe(0);
    expect(await storedObjects()).not.toEqual(expect.arrayContaining([a.file_id]));
  });
});

describe('capacity', () => {
  it('lets only one of two racing documents in when both cannot fit', async () => {
    const { client, session } = await signUp(server);
    await capacity(client);
    // Room for one of the two files, not both.
    queryDb(server, 'update cloud_capacity set total = ? where owner = ?', Math.floor(pdfBytes.length * 1.5), `u:${session.user.user_id}`);
    const one = await upload(server, 'race-1.pdf', pdfBytes, undefined, client);
    const two = await upload(server, 'race-2.pdf', pdfBytes, undefined, client);
    const results = await Promise.all([one, two].map((f) => client.api('PUT', '/api/v2/cloud/oss/file/create', { file_id: f.file_id, folder_id: '' })));
    expect(results.map((r) => r.env.code).sort()).toEqual([0, 'CLOUD_CAPACITY_EXCEEDED'].sort());
    expect((await capacity(client)).already_capacity).toBe(pdfBytes.length);
    expect((await list(client)).total).toBe(1);
  });

  it('expands the capacity to 10 GB once with capacity/receive', async () => {
    const { client } = await signUp(server);
    expect((await capacity(client)).received).toBe(false);
    const received = await ok<CloudCapacity>(client, 'POST', '/api/v2/cloud/capacity/receive');
    expect(received).toEqual({ already_capacity: 0, total_capacity: cloudLimits.freeSpace, received: true });
    expect(await ok<CloudCapacity>(client, 'POST', '/api/v2/cloud/capacity/receive')).toEqual(received);
  });

  it('refuses a cloud-bound upload that cannot fit before its bytes are sent', async () => {
    const { client } = await signUp(server);
    const r = await client.api('POST', '/api/file/oss/object', {
      filename: 'huge.pdf', file_size: cloudLimits.startSpace + 1, md5_code: '0'.repeat(32), auto_oss_upload: true,
    });
    // The upload ceiling refuses it first when it is larger than any tier allows.
    expect(['CLOUD_CAPACITY_EXCEEDED', 4012]).toContain(r.env.code);
  });
});

describe('getting files in', () => {
  it('keeps an auto_oss_upload of a signed-in user in the cloud once its bytes arrive', async () => {
    const { client } = await signUp(server);
    const file = await upload(server, 'auto.pdf', pdfBytes, undefined, client, { auto_oss_upload: true });
    const docs = (await list(client)).documents;
    expect(docs.map((d) => [d.file_id, d.name])).toEqual([[file.file_id, 'auto.pdf']]);
  });

  it("saves a finished task's result to the cloud once, and hands out a signed URL to it", async () => {
    const { client } = await signUp(server);
    const { file_id } = await upload(server, 'to-rotate.pdf', pdfBytes, undefined, client);
    const task = await ok<TaskCreated>(client, 'POST', '/api/document/rotate', { file_id, angle: 90 });
    await waitForTask(server, task.task_id, undefined, client);
    const saved = await ok<CloudDocument>(client, 'GET', `/api/v2/cloud/task/result?task_id=${task.task_id}`);
    expect(saved.name).toMatch(/\.pdf$/);
    expect((await ok<CloudDocument>(client, 'GET', `/api/v2/cloud/task/result?task_id=${task.task_id}`)).file_id).toBe(saved.file_id);
    expect((await list(client)).total).toBe(1);
    const { download_url } = await ok<DownloadUrl>(client, 'GET', `/api/v2/cloud/task/download-task-url?task_id=${task.task_id}`);
    const res = await fetch(new URL(download_url, server.baseUrl));
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(md5(bytes)).toBe(queryDb<{ md5_code: string }>(server, 'select md5_code from files where file_id = ?', saved.file_id)[0]!.md5_code);
  });

  it('imports a PDF from a URL into the cloud', async () => {
    const { client } = await signUp(server);
    const imported = await ok<UploadedFile>(client, 'POST', '/api/v2/cloud/upload/url', { url: `http://localhost:${fixturePort}/doc.pdf`, auto_oss_upload: true });
    expect(imported.file_size).toBe(pdfBytes.length);
    expect((await list(client)).documents.map((d) => [d.file_id, d.name])).toEqual([[imported.file_id, 'doc.pdf']]);
  });

  it('refuses URL imports that are not http(s), do not end in .pdf, or hold no PDF', async () => {
    expect(await code(user, 'POST', '/api/v2/cloud/upload/url', { url: 'ftp://example.com/a.pdf' })).toBe('URL_SCHEME');
    expect(await code(user, 'POST', '/api/v2/cloud/upload/url', { url: 'https://example.com/a.txt' })).toBe('URL_NOT_PDF');
    expect(await code(user, 'POST', '/api/v2/cloud/upload/url', { url: `http://localhost:${fixturePort}/page.pdf` })).toBe('CLOUD_IMPORT_NO_PDF');
  });

  it('refuses a URL import of a loopback address, and of a redirect to one', async () => {
    const before = (await list(user)).total;
    expect(await code(user, 'POST', '/api/v2/cloud/upload/url', { url: `http://127.0.0.1:${fixturePort}/doc.pdf`, auto_oss_upload: true })).toBe('URL_NOT_ALLOWED');
    expect(await code(user, 'POST', '/api/v2/cloud/upload/url', { url: `http://[::1]:${fixturePort}/doc.pdf` })).toBe('URL_NOT_ALLOWED');
    expect(await code(user, 'POST', '/api/v2/cloud/upload/url', { url: `http://localhost:${fixturePort}/redirect.pdf`, auto_oss_upload: true })).toBe('URL_NOT_ALLOWED');
    expect(await code(user, 'POST', '/api/v2/cloud/upload/url', { url: 'http://169.254.169.254/latest/meta-data.pdf' })).toBe('URL_NOT_ALLOWED');
    expect((await list(user)).total).toBe(before);
  });

  it('refuses every cloud call to a guest with 1401', async () => {
    const guest = server.guest;
    expect(await code(guest, 'POST', '/api/v2/cloud/list', {})).toBe(1401);
    expect(await code(guest, 'GET', '/api/v2/cloud/capacity/storage')).toBe(1401);
  });
});
