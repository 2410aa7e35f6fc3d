/**
 * The PDF editor's forms over real HTTP: document/content saves filled-in fields as field values
 * (flattened only when asked), and document/content/{file_id}/sign signs a signature field with
 * the caller's PKCS#12 certificate (pdfsig, poppler's verifier, reads the download); another
 * visitor's file is refused, and a wrong certificate password or a file that is not a PKCS#12
 * fails the task with its catalogue code; an export of a signed PDF keeps its signature valid.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as mupdf from 'mupdf';
import type { TaskCreated } from '@pagewright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedPkcs12 } from '../../../packages/engine/test/certificate-fixtures.js';
import { formPdfBytes } from '../../../packages/engine/test/form-fixtures.js';
import { encryptPdf } from './pdfFixtures.js';
import { leftoverTempFiles, newClient, queryDb, removeDir, signUp, startServer, uploadedFileId, waitForTask, type Client, type TestServer } from './harness.js';

let server: TestServer;
let pkcs12: string;
let scratch: string;

beforeAll(async () => {
  server = await startServer({ env: { PAYWALLS: 'on' } });
  pkcs12 = Buffer.from(selfSignedPkcs12('pfx-password', 'Server Test Signer')).toString('base64');
  scratch = mkdtempSync(path.join(tmpdir(), 'pagewright-editor-forms-'));
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
  removeDir(scratch);
});



async function download(client: Client, taskId: string): Promise<Buffer> {
  const res = await client.fetch(`/api/document/download-doc?task_id=${taskId}`);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** Each field's value, read back by MuPDF from a downloaded file. */
function fieldValues(pdf: Buffer): Record<string, string> {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf').asPDF()!;
  try {
    const values: Record<string, string> = {};
    for (let i = 0; i < doc.countPages(); i++) {
      for (const widget of (doc.loadPage(i) as mupdf.PDFPage).getWidgets()) values[widget.getName()] = widget.getValue();
    }
    return values;
  } finally {
    doc.destroy();
  }
}

/** A task's stored parameters once the runner let go of them (it rewrites them just after reporting the task done). */
async function paramsOnceRun(taskId: string): Promise<string> {
  let params = '';
  for (let attempt = 0; attempt < 100; attempt++) {
    params = queryDb<{ params: string }>(server, 'SELECT params FROM tasks WHERE task_id = ?', taskId)[0]!.params;
    if (!/pkcs12/.test(params)) break;
    await new Promise((res) => setTimeout(res, 100));
  }
  return params;
}

function sign(client: Client, fileId: string, certificate: Record<string, unknown>) {
  return client.api<TaskCreated>('POST', `/api/document/content/${fileId}/sign?t=${Date.now()}`, { certificate });
}

describe('forms in document/content', () => {
  it('saves filled-in text, checkbox, radio, combo and list values as field values of the download', async () => {
    const { client } = await signUp(server);
    const fileId = await uploadedFileId(server, client, 'form.pdf', formPdfBytes({ values: false }));
    const fields = [
      { name: 'full_name', value: 'Grace Hopper' }, { name: 'agree', value: 'Yes' }, { name: 'colour', value: 'blue' },
      { name: 'country', value: 'de' }, { name: 'size', value: 'S' },
    ];
    const created = await client.api<TaskCreated>('POST', `/api/document/content?file_id=${fileId}`, { content: { mode: 'ANNOTATE', fields } });
    expect(created.env.code).toBe(0);
    const result = await waitForTask(server, created.env.data.task_id, undefined, client);
    expect(result.items[0]).toMatchObject({ status: 0, detail: { fields: 5 } });
    expect(fieldValues(await download(client, created.env.data.task_id))).toMatchObject(Object.fromEntries(fields.map((f) => [f.name, f.value])));
  });

  it('flattens the form when the export asks: the download has no field left', async () => {
    const { client } = await signUp(server);
    const fileId = await uploadedFileId(server, client, 'flat.pdf', formPdfBytes());
    const created = await client.api<TaskCreated>('POST', `/api/document/content?file_id=${fileId}`, {
      content: { mode: 'ANNOTATE', fields: [{ name: 'full_name', value: 'Flat' }], flatten_forms: true },
    });
    expect((await waitForTask(server, created.env.data.task_id, undefined, client)).items[0]!.status).toBe(0);
    expect(fieldValues(await download(client, created.env.data.task_id))).toEqual({});
  });
});

describe('document/content/{file_id}/sign with a certificate', () => {
  it("signs the owner's signature field with a PKCS#7 detached signature that pdfsig finds valid", async () => {
    const { client } = await signUp(server);
    const fileId = await uploadedFileId(server, client, 'contract.pdf', formPdfBytes());
    const created = await sign(client, fileId, { field: 'signature', pkcs12, pkcs12_password: 'pfx-password', reason: 'Agreed' });
    expect(created.env.code).toBe(0);
    const result = await waitForTask(server, created.env.data.task_id, undefined, client);
    expect(result.items[0]).toMatchObject({ status: 0, output_file_name: 'contract-signed.pdf', detail: { certificate: true } });
    const signed = path.join(scratch, 'contract-signed.pdf');
    writeFileSync(signed, await download(client, created.env.data.task_id));
    const report = spawnSync('pdfsig', [signed], { encoding: 'utf8' }).stdout;
    expect(report).toContain('Signer Certificate Common Name: Server Test Signer');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');
  });

  it('an export of the signed download (a note and a field value) keeps the signature valid for pdfsig and says so in its detail', async () => {
    const { client } = await signUp(server);
    const fileId = await uploadedFileId(server, client, 'approve.pdf', formPdfBytes({ values: false }));
    const signing = await sign(client, fileId, { field: 'signature', pkcs12, pkcs12_password: 'pfx-password' });
    expect((await waitForTask(server, signing.env.data.task_id, undefined, client)).items[0]!.status).toBe(0);
    const signedId = await uploadedFileId(server, client, 'approve-signed.pdf', await download(client, signing.env.data.task_id));
    const created = await client.api<TaskCreated>('POST', `/api/document/content?file_id=${signedId}`, {
      content: {
        mode: 'ANNOTATE', fields: [{ name: 'full_name', value: 'Ada Lovelace' }],
        annotations: [{ kind: 'square', page: 1, color: '#ff0000', rect: { x: 320, y: 420, w: 100, h: 40 } }],
      },
    });
    expect(created.env.code).toBe(0);
    const result = await waitForTask(server, created.env.data.task_id, undefined, client);
    expect(result.items[0]).toMatchObject({ status: 0, detail: { annotations: 1, fields: 1, signatures: 'kept' } });
    const exported = path.join(scratch, 'approve-exported.pdf');
    writeFileSync(exported, await download(client, created.env.data.task_id));
    const report = spawnSync('pdfsig', [exported], { encoding: 'utf8' }).stdout;
    expect(report).toContain('Signer Certificate Common Name: Server Test Signer');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(fieldValues(readFileSync(exported)).full_name).toBe('Ada Lovelace');
  });

  it('signs an encrypted PDF given its password in the path (document/content/{file_id}/sign/{password})', async () => {
    const { client } = await signUp(server);
    const fileId = await uploadedFileId(server, client, 'locked.pdf', encryptPdf(Buffer.from(formPdfBytes()), 'open-me'));
    const created = await client.api<TaskCreated>('POST', `/api/document/content/${fileId}/sign/open-me?t=${Date.now()}`, {
      certificate: { field: 'signature', pkcs12, pkcs12_password: 'pfx-password' },
    });
    expect(created.env.code).toBe(0);
    expect((await waitForTask(server, created.env.data.task_id, undefined, client)).items[0]!.status).toBe(0);
    const signed = path.join(scratch, 'locked-signed.pdf');
    writeFileSync(signed, await download(client, created.env.data.task_id));
    expect(spawnSync('pdfsig', [signed], { encoding: 'utf8' }).stdout).toContain('Signature Validation: Signature is Valid.');
  });

  it("refuses another visitor's file_id with 2405, as if it did not exist", async () => {
    const owner = newClient(server);
    const fileId = await uploadedFileId(server, owner, 'theirs.pdf', formPdfBytes());
    const other = newClient(server);
    const refused = await sign(other, fileId, { field: 'signature', pkcs12, pkcs12_password: 'pfx-password' });
    expect(refused.env.code).toBe(2405);
  });

  it('fails the task with CERTIFICATE_PASSWORD_INCORRECT for a wrong certificate password, and CERTIFICATE_INVALID for a file that is not a PKCS#12', async () => {
    const { client } = await signUp(server);
    const fileId = await uploadedFileId(server, client, 'form.pdf', formPdfBytes());
    const wrong = await sign(client, fileId, { field: 'signature', pkcs12, pkcs12_password: 'not-it' });
    expect((await waitForTask(server, wrong.env.data.task_id, undefined, client)).items[0]!.status).toBe('CERTIFICATE_PASSWORD_INCORRECT');
    const notPkcs12 = await sign(client, fileId, { field: 'signature', pkcs12: Buffer.from('just some text, not a certificate').toString('base64'), pkcs12_password: 'x' });
    expect((await waitForTask(server, notPkcs12.env.data.task_id, undefined, client)).items[0]!.status).toBe('CERTIFICATE_INVALID');
    // The failed tasks left nothing in the server's temporary folder (the certificate never touches the disk),
    // and their stored parameters keep neither the PKCS#12 file nor its password.
    expect(leftoverTempFiles(server)).toEqual([]);
    for (const created of [wrong, notPkcs12]) {
      const params = await paramsOnceRun(created.env.data.task_id);
      expect(JSON.parse(params)).toMatchObject({ options: { certificate: { field: 'signature' } } });
      expect(params).not.toMatch(/pkcs12/);
    }
  });

  it('refuses a body with neither a placement nor a certificate with INVALID_PARAMS', async () => {
    const client = newClient(server);
    const fileId = await uploadedFileId(server, client, 'form.pdf', formPdfBytes());
    const refused = await client.api('POST', `/api/document/content/${fileId}/sign`, {});
    expect(refused.env.code).toBe('INVALID_PARAMS');
  });
});
