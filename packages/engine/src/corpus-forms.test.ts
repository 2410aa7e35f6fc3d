/**
 * Forms of real-world PDFs from the corpus (<repo>/../shared/corpus, read in place, when present):
 * a LibreOffice form filled and read back by MuPDF and qpdf, and a Government Publishing Office
 * document whose signature field is signed already.
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { annotatePdf, formFields, signPdf } from './index.js';
import { selfSignedPkcs12 } from '../test/certificate-fixtures.js';
import { corpusAvailable, toolsAvailable } from '../test/tools.js';
import { errorOf, useTempDir } from '../test/harness.js';

const corpus = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'shared', 'corpus');
const libreOfficeForm = join(corpus, 'pdf', '012-libreoffice-form_libreoffice-form.pdf');
const signedRegister = join(corpus, 'pdf-real', 'federal-register-2020-17221.pdf');
const present = corpusAvailable(libreOfficeForm, 'corpus: forms') && corpusAvailable(signedRegister, 'corpus: forms');

const tmp = useTempDir('pagewright-corpus-forms-');

describe.skipIf(!present || !toolsAvailable('corpus: forms', 'qpdf'))('corpus: forms', () => {
  it('fills text, radio, combo and check box fields of a LibreOffice form, read back by MuPDF and qpdf, the values it had kept', async () => {
    const before = await formFields({ path: libreOfficeForm });
    expect(before.map((f) => f.kind).sort()).toEqual(['checkbox', 'checkbox', 'combo', 'radio', 'text', 'text', 'text', 'text']);
    const output = tmp.out('libreoffice-filled.pdf');
    const fills = [
      { name: 'Last Name', value: 'Lovelace' },
      { name: 'female', value: '2' },
      { name: 'Nationality', value: 'French' },
      { name: 'gdpr', value: 'Yes' },
    ];
    await annotatePdf({ path: libreOfficeForm }, output, { annotations: [], fields: fills });
    const after = Object.fromEntries((await formFields({ path: output })).map((f) => [f.name, f.value]));
    expect(after).toMatchObject({ 'Last Name': 'Lovelace', female: '2', Nationality: 'French', gdpr: 'Yes', other: 'Off', 'First Name': 'Alice', 'First Name_2': 'Bob' });
    const json = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=acroform', output], { encoding: 'utf8' })) as {
      acroform: { fields: { fullname: string; value: unknown }[] };
    };
    const byQpdf = Object.fromEntries(json.acroform.fields.map((f) => [f.fullname, f.value]));
    expect(byQpdf).toMatchObject({ 'Last Name': 'u:Lovelace', female: '/2', Nationality: 'u:French', gdpr: '/Yes' });
  });

  it('reads the signature field of a signed Federal Register document as signed, and refuses to sign it again', async () => {
    const [field] = await formFields({ path: signedRegister });
    expect(field).toMatchObject({ name: 'USGPOSignature', kind: 'signature', signed: true });
    const err = await errorOf(signPdf({ path: signedRegister }, tmp.out('register.pdf'), {
      placements: [], certificate: { field: 'USGPOSignature', pkcs12: selfSignedPkcs12('pw'), password: 'pw' },
    }));
    expect(err.code).toBe('INVALID_PARAMS');
  });
});
