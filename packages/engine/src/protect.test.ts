import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protectPdf, unlockPdf } from './index.js';
import { tempDir, writePdf, type PdfSpec } from '../test/fixtures.js';
import { expectCode, listDir, pdftotextPages, progressRecorder, run } from '../test/organize-fixtures.js';
import { toolsAvailable } from '../test/tools.js';

let dir: string;
let cleanup: () => void;
beforeAll(() => ({ dir, cleanup } = tempDir()));
afterAll(() => cleanup());

const doc: PdfSpec = {
  pages: ['Secret one', 'Secret two'],
  outline: [{ title: 'Start', page: 1 }],
  links: [{ page: 0, toPage: 1 }],
};

/** qpdf's view of a file: does it need a password, and which encryption. */
function qpdfEncryption(path: string, password?: string): { requiresPassword: number | null; show: string } {
  const requiresPassword = run('qpdf', ['--requires-password', path]).status;
  const show = run('qpdf', [...(password !== undefined ? [`--password=${password}`] : []), '--show-encryption', path]);
  return { requiresPassword, show: show.stdout + show.stderr };
}

function opensWith(path: string, password: string): boolean {
  return run('qpdf', [`--password=${password}`, '--check', path]).status === 0;
}

describe.skipIf(!toolsAvailable('protectPdf', 'qpdf', 'pdftotext'))('protectPdf', () => {
  it('encrypts with AES-256 (R6) so that the file opens only with the password, content unchanged', async () => {
    const input = writePdf(dir, 'plain.pdf', doc);
    const out = join(dir, 'protected.pdf');
    const progress = progressRecorder();
    expect(await protectPdf({ path: input }, out, { password: 'secret123' }, progress.onProgress)).toEqual({ pages: 2 });
    expect(progress.values.at(-1)).toBe(100);
    const { requiresPassword, show } = qpdfEncryption(out, 'secret123');
    expect(requiresPassword).toBe(0);
    expect(show).toMatch(/R = 6/);
    expect(show).toMatch(/stream encryption method: AESv3/);
    expect(show).toMatch(/print high resolution: allowed/);
    expect(opensWith(out, 'secret123')).toBe(true);
    expect(opensWith(out, 'secret124')).toBe(false);
    expect(run('pdftotext', [out, '-']).status).not.toBe(0);
    expect(pdftotextPages(out, 'secret123')).toEqual(['Secret one', 'Secret two']);
  });

  it('takes any password of 6 to 20 characters, commas, equals signs and accents included', async () => {
    const input = writePdf(dir, 'plain2.pdf', doc);
    for (const password of ['a,b=c d', 'pässwörd€', 'x'.repeat(20), '123456']) {
      const out = join(dir, `pw-${password.length}.pdf`);
      await protectPdf({ path: input }, out, { password });
      expect(qpdfEncryption(out).requiresPassword).toBe(0);
      expect({ password, opens: opensWith(out, password) }).toEqual({ password, opens: true });
    }
  });

  it('rejects passwords shorter than 6 or longer than 20 characters with PASSWORD_LENGTH', async () => {
    const input = writePdf(dir, 'plain3.pdf', doc);
    const bad = join(dir, 'pw-bad');
    mkdirSync(bad);
    await expectCode(protectPdf({ path: input }, join(bad, 'o.pdf'), { password: '12345' }), 'PASSWORD_LENGTH');
    await expectCode(protectPdf({ path: input }, join(bad, 'o.pdf'), { password: 'x'.repeat(21) }), 'PASSWORD_LENGTH');
    await expectCode(protectPdf({ path: input }, join(bad, 'o.pdf'), { password: '' }), 'PASSWORD_LENGTH');
    await expectCode(protectPdf({ path: input }, join(bad, 'o.pdf'), {} as never), 'INVALID_PARAMS');
    expect(listDir(bad)).toEqual([]);
  });

  it('re-protects an encrypted input opened with its own password', async () => {
    const locked = writePdf(dir, 'old-lock.pdf', { ...doc, encrypt: { user: 'oldpass', owner: 'oldowner' } });
    const out = join(dir, 'new-lock.pdf');
    await expectCode(protectPdf({ path: locked }, out, { password: 'newpass1' }), 3122);
    await protectPdf({ path: locked, password: 'oldpass' }, out, { password: 'newpass1' });
    expect(opensWith(out, 'newpass1')).toBe(true);
    expect(opensWith(out, 'oldpass')).toBe(false);
    expect(qpdfEncryption(out, 'newpass1').show).toMatch(/R = 6/);
  });
});

describe.skipIf(!toolsAvailable('unlockPdf', 'qpdf', 'pdftotext'))('unlockPdf', () => {
  it('writes a file that opens without a password', async () => {
    const locked = writePdf(dir, 'locked.pdf', { ...doc, encrypt: { user: 'openpassword', owner: 'ownerpass' } });
    const out = join(dir, 'unlocked.pdf');
    const progress = progressRecorder();
    expect(await unlockPdf({ path: locked, password: 'openpassword' }, out, progress.onProgress)).toEqual({ pages: 2 });
    expect(progress.values.at(-1)).toBe(100);
    expect(qpdfEncryption(out).requiresPassword).toBe(2);
    expect(qpdfEncryption(out).show).toMatch(/File is not encrypted/);
    expect(pdftotextPages(out)).toEqual(['Secret one', 'Secret two']);
  });

  it('needs the password of a file that asks for one, and refuses a file that is not encrypted', async () => {
    const locked = writePdf(dir, 'locked2.pdf', { ...doc, encrypt: { user: 'openpassword', owner: 'ownerpass' } });
    const plain = writePdf(dir, 'not-locked.pdf', doc);
    const bad = join(dir, 'unlock-bad');
    mkdirSync(bad);
    await expectCode(unlockPdf({ path: locked }, join(bad, 'o.pdf')), 3122);
    await expectCode(unlockPdf({ path: locked, password: 'nope' }, join(bad, 'o.pdf')), 'INCORRECT_PASSWORD');
    await expectCode(unlockPdf({ path: plain }, join(bad, 'o.pdf')), 'NOT_PROTECTED');
    await expectCode(unlockPdf({ path: plain, password: 'whatever' }, join(bad, 'o.pdf')), 'NOT_PROTECTED');
    expect(listDir(bad)).toEqual([]);
  });

  it('unlocks a file restricted by an owner password only, without a password', async () => {
    const restricted = writePdf(dir, 'restricted.pdf', { ...doc, encrypt: { user: '', owner: 'ownerpass' } });
    expect(qpdfEncryption(restricted).requiresPassword).toBe(3);
    const out = join(dir, 'unrestricted.pdf');
    await unlockPdf({ path: restricted }, out);
    expect(qpdfEncryption(out).show).toMatch(/File is not encrypted/);
  });

  it('undoes protectPdf', async () => {
    const input = writePdf(dir, 'round.pdf', doc);
    const locked = join(dir, 'round-locked.pdf');
    const back = join(dir, 'round-back.pdf');
    await protectPdf({ path: input }, locked, { password: 'roundtrip' });
    await unlockPdf({ path: locked, password: 'roundtrip' }, back);
    expect(qpdfEncryption(back).requiresPassword).toBe(2);
    expect(pdftotextPages(back)).toEqual(['Secret one', 'Secret two']);
  });
});
