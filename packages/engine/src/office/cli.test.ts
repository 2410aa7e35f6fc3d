/**
 * The six `pagewright <x>-to-pdf` commands: help, a conversion read back with pdftotext, the
 * page's accepted types enforced, usage errors.
 */
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { strToU8 } from 'fflate';
import { cli, useTempDir } from '../../test/harness.js';
import { pdftotext } from '../../test/image-fixtures.js';
import { docx } from '../../test/office-fixtures.js';

const dir = useTempDir('pw-office-cli-test-');
const COMMANDS = ['word-to-pdf', 'excel-to-pdf', 'ppt-to-pdf', 'pub-to-pdf', 'rtf-to-pdf', 'txt-to-pdf'];

describe('pagewright <x>-to-pdf', () => {
  it('prints help for each command, and each is listed', async () => {
    const main = await cli('--help');
    for (const name of COMMANDS) {
      const { status, stdout } = await cli(name, '--help');
      expect(status, name).toBe(0);
      expect(stdout).toContain(`pagewright ${name} <in.`);
      expect(main.stdout).toContain(name);
    }
  });

  it('converts a document and closes its LibreOffice, leaving nothing in the temp dir', async () => {
    // A private TMPDIR for the commands (os.tmpdir() reads it on every call): the pool's
    // profiles go there and must be gone after each command.
    const privateTmp = dir.out('tmp');
    mkdirSync(privateTmp);
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = privateTmp;
    try {
      const input = dir.file('letter.docx', docx({ paragraphs: ['Command line conversion works'] }));
      const result = await cli('word-to-pdf', input, '-o', dir.out('letter.pdf'));
      expect(result.stderr).toBe('');
      expect(result.status).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({ pages: 1, output: dir.out('letter.pdf') });
      expect(pdftotext(dir.out('letter.pdf'))).toContain('Command line conversion works');
      const text = dir.file('notes', strToU8('Typed notes without an extension\n'));
      expect((await cli('txt-to-pdf', text, '--type', 'txt', '-o', dir.out('notes.pdf'))).status).toBe(0);
      expect(pdftotext(dir.out('notes.pdf'))).toContain('Typed notes without an extension');
      expect(readdirSync(privateTmp)).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });

  it('refuses another type and bad arguments', async () => {
    const input = dir.file('sheet.docx', docx({ paragraphs: ['x'] }));
    const wrong = await cli('excel-to-pdf', input, '-o', dir.out('sheet.pdf'));
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/^error FILE_TYPE_ERROR: /);
    expect(existsSync(dir.out('sheet.pdf'))).toBe(false);
    expect((await cli('word-to-pdf', input)).status).toBe(2);
    expect((await cli('word-to-pdf', '-o', dir.out('y.pdf'))).status).toBe(2);
    expect((await cli('word-to-pdf', input, '-o', dir.out('y.pdf'), '--timeout', 'soon')).status).toBe(2);
  });
});
