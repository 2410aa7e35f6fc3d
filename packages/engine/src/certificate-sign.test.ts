import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as mupdf from 'mupdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { formFields, signPdf } from './index.js';
import { selfSignedPkcs12 } from '../test/certificate-fixtures.js';
import { formFixture, formPdfBytes } from '../test/form-fixtures.js';
import { toolsAvailable } from '../test/tools.js';
import { errorOf, useTempDir } from '../test/harness.js';

const tmp = useTempDir('pagewright-certificate-sign-');

/** pdfsig's report of a file (poppler verifies the PKCS#7 signature over its byte range with NSS). */
function pdfsig(path: string): string {
  const run = spawnSync('pdfsig', [path], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}

const tinyPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe.skipIf(!toolsAvailable('certificate signing', 'pdfsig', 'qpdf'))('certificate signing of a signature field', () => {
  let form: string;
  let pkcs12: Uint8Array;
  beforeAll(() => {
    form = tmp.file('form.pdf', formPdfBytes());
    pkcs12 = selfSignedPkcs12('s3cret', 'Grace Hopper');
  });
  const certificate = () => ({ field: formFixture.signature.name, pkcs12, password: 's3cret', reason: 'Approved', location: 'Paris' });

  it('writes a PKCS#7 detached signature over the whole byte range that pdfsig finds valid', async () => {
    const output = tmp.out('signed.pdf');
    const result = await signPdf({ path: form }, output, { placements: [], certificate: certificate() });
    expect(result.certificate).toBe(true);
    const report = pdfsig(output);
    expect(report).toContain('Signature Field Name: signature');
    expect(report).toContain('Signer Certificate Common Name: Grace Hopper');
    expect(report).toContain('Signature Type: adbe.pkcs7.detached');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    // An incremental update: the input's bytes come first, unchanged.
    const input = readFileSync(form);
    expect(readFileSync(output).subarray(0, input.length).equals(input)).toBe(true);
    expect((await formFields({ path: output })).find((f) => f.name === 'signature')?.signed).toBe(true);
    execFileSync('qpdf', ['--check', output]);
  });

  it('pdfsig finds a signature invalid once a signed byte changes (the test can fail)', async () => {
    const output = tmp.out('signed-then-changed.pdf');
    await signPdf({ path: form }, output, { placements: [], certificate: certificate() });
    const bytes = readFileSync(output);
    // The header's minor version, inside the first signed range: the file still opens.
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    bytes[7] = bytes[7] === 0x34 ? 0x35 : 0x34;
    const changed = tmp.file('changed.pdf', bytes);
    expect(pdfsig(changed)).not.toContain('Signature is Valid.');
  });

  it('signs after stamping signature images, in one task: the images are inside the signed range', async () => {
    const image = tmp.file('mark.png', tinyPng);
    const output = tmp.out('stamped-signed.pdf');
    const result = await signPdf({ path: form }, output, { placements: [{ image, page: 1, x: 300, y: 500, w: 50, h: 20 }], certificate: certificate() });
    expect(result).toEqual({ pages: 1, certificate: true });
    const report = pdfsig(output);
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature is Valid.');
  });

  it('signs an encrypted PDF opened with its password: the signed file is written unencrypted and pdfsig finds it valid', async () => {
    const doc = mupdf.Document.openDocument(formPdfBytes(), 'application/pdf').asPDF()!;
    const buffer = doc.saveToBuffer('encrypt=aes-256,user-password=open-me,owner-password=open-me');
    const locked = tmp.file('locked-form.pdf', Uint8Array.from(buffer.asUint8Array()));
    buffer.destroy();
    doc.destroy();
    const output = tmp.out('locked-signed.pdf');
    expect((await errorOf(signPdf({ path: locked }, output, { placements: [], certificate: certificate() }))).code).toBe(3122);
    await signPdf({ path: locked, password: 'open-me' }, output, { placements: [], certificate: certificate() });
    const report = pdfsig(output);
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature is Valid.');
  });

  it('refuses a wrong certificate password with CERTIFICATE_PASSWORD_INCORRECT and writes nothing', async () => {
    const output = tmp.out('wrong-password.pdf');
    const err = await errorOf(signPdf({ path: form }, output, { placements: [], certificate: { ...certificate(), password: 'wrong' } }));
    expect(err.code).toBe('CERTIFICATE_PASSWORD_INCORRECT');
    expect(existsSync(output)).toBe(false);
  });

  it('refuses a file that is not a PKCS#12 with CERTIFICATE_INVALID and writes nothing', async () => {
    const output = tmp.out('not-p12.pdf');
    const err = await errorOf(signPdf({ path: form }, output, { placements: [], certificate: { ...certificate(), pkcs12: tinyPng } }));
    expect(err.code).toBe('CERTIFICATE_INVALID');
    expect(existsSync(output)).toBe(false);
  });

  it('refuses a field that is not a signature field, and one that is signed already, with INVALID_PARAMS', async () => {
    const notSignature = await errorOf(signPdf({ path: form }, tmp.out('x.pdf'), { placements: [], certificate: { ...certificate(), field: 'full_name' } }));
    expect(notSignature.code).toBe('INVALID_PARAMS');
    const signed = tmp.out('once.pdf');
    await signPdf({ path: form }, signed, { placements: [], certificate: certificate() });
    const twice = await errorOf(signPdf({ path: signed }, tmp.out('twice.pdf'), { placements: [], certificate: certificate() }));
    expect(twice.code).toBe('INVALID_PARAMS');
  });
});
