/**
 * The editor's export of a PDF that is already signed: the edits are appended as an incremental
 * update, so the earlier signature still verifies (pdfsig) for the revision it signed. The form
 * is signed at test time with certificate-sign.ts and a PKCS#12 made by the test.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { editorAnnotation } from '@pagewright/contracts';
import { annotatePdf, formFields, signPdf } from './index.js';
import { mupdf } from './mupdf.js';
import { saveOptions, savePdf } from './pdf/save.js';
import { selfSignedPkcs12 } from '../test/certificate-fixtures.js';
import { formFixture, formPdfBytes } from '../test/form-fixtures.js';
import { toolsAvailable } from '../test/tools.js';
import { useTempDir } from '../test/harness.js';

const tmp = useTempDir('pagewright-edit-signed-');

function pdfsig(path: string): string {
  const run = spawnSync('pdfsig', [path], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}

const highlight = editorAnnotation.parse({ kind: 'highlight', page: 1, color: '#ffeb3b', opacity: 0.4, rects: [{ x: 70, y: 40, w: 200, h: 18 }] });
const note = editorAnnotation.parse({ kind: 'square', page: 1, color: '#ff0000', rect: { x: 320, y: 420, w: 100, h: 40 } });

describe.skipIf(!toolsAvailable('export of a signed PDF', 'pdfsig', 'pdftotext', 'pdfinfo', 'qpdf'))('export of a signed PDF keeps its signature', () => {
  let signed: string;
  beforeAll(async () => {
    const form = tmp.file('form.pdf', formPdfBytes({ values: false }));
    signed = tmp.out('signed.pdf');
    const certificate = { field: formFixture.signature.name, pkcs12: selfSignedPkcs12('s3cret', 'Grace Hopper'), password: 's3cret' };
    await signPdf({ path: form }, signed, { placements: [], certificate });
    expect(pdfsig(signed)).toContain('Signature is Valid.');
  });

  it('annotations and a form value are appended as an incremental update: pdfsig finds the earlier signature valid', async () => {
    const output = tmp.out('annotated.pdf');
    const result = await annotatePdf({ path: signed }, output, {
      annotations: [highlight, note], fields: [{ name: formFixture.text.name, value: 'Ada Lovelace' }],
    });
    expect(result.signatures).toBe('kept');
    const report = pdfsig(output);
    expect(report).toContain('Signer Certificate Common Name: Grace Hopper');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    // Valid for the revision it signed, which is no longer the whole file.
    expect(report).not.toContain('Total document signed');
    const input = readFileSync(signed);
    const bytes = readFileSync(output);
    expect(bytes.length).toBeGreaterThan(input.length);
    expect(bytes.subarray(0, input.length).equals(input)).toBe(true);
    // The edits are there.
    const fields = await formFields({ path: output });
    expect(fields.find((f) => f.name === formFixture.text.name)?.value).toBe('Ada Lovelace');
    expect(fields.find((f) => f.name === formFixture.signature.name)?.signed).toBe(true);
    const doc = mupdf.Document.openDocument(bytes, 'application/pdf').asPDF()!;
    expect((doc.loadPage(0) as mupdf.PDFPage).getAnnotations().map((a) => a.getType()).sort()).toEqual(['Highlight', 'Square']);
    doc.destroy();
    execFileSync('qpdf', ['--check', output]);
  });

  it('control: the same edits saved as a rewrite (no incremental update) break the signature for pdfsig', () => {
    const doc = mupdf.Document.openDocument(readFileSync(signed), 'application/pdf').asPDF()!;
    const page = doc.loadPage(0) as mupdf.PDFPage;
    const annot = page.createAnnotation('Square');
    annot.setRect([320, 332, 420, 372]);
    annot.update();
    page.destroy();
    const rewritten = tmp.file('rewritten.pdf', savePdf(doc, saveOptions.plain));
    doc.destroy();
    expect(pdfsig(rewritten)).not.toContain('Signature is Valid.');
  });

  it('an edit-mode text replacement is exported too, appended: the signature is valid for its revision and the result says the content changed', async () => {
    const output = tmp.out('edited.pdf');
    const result = await annotatePdf({ path: signed }, output, {
      annotations: [], textEdits: [{ page: 1, box: { x: 72, y: 38, w: 300, h: 18 }, find: 'kind', replace: 'sort' }],
    });
    expect(result.signatures).toBe('modified');
    expect(execFileSync('pdftotext', [output, '-'], { encoding: 'utf8' })).toContain('A form with every sort of field');
    expect(pdfsig(output)).toContain('Signature Validation: Signature is Valid.');
    expect(pdfsig(output)).not.toContain('Total document signed');
  });

  it('a signed PDF that is encrypted is exported unencrypted, rewritten, and the result says its signature is broken', async () => {
    const doc = mupdf.Document.openDocument(readFileSync(signed), 'application/pdf').asPDF()!;
    const locked = tmp.file('signed-locked.pdf', savePdf(doc, 'encrypt=aes-256,user-password=open-me,owner-password=open-me'));
    doc.destroy();
    const output = tmp.out('locked-annotated.pdf');
    const result = await annotatePdf({ path: locked, password: 'open-me' }, output, { annotations: [note] });
    expect(result.signatures).toBe('broken');
    expect(execFileSync('pdfinfo', [output], { encoding: 'utf8' })).toMatch(/Encrypted:\s+no/);
  });

  it('an unsigned PDF is rewritten as before, and says it had no signature', async () => {
    const form = tmp.file('unsigned.pdf', formPdfBytes({ values: false }));
    const output = tmp.out('unsigned-annotated.pdf');
    const result = await annotatePdf({ path: form }, output, { annotations: [note] });
    expect(result.signatures).toBe('none');
    expect(readFileSync(output).subarray(0, 200).equals(readFileSync(form).subarray(0, 200))).toBe(false);
  });
});
