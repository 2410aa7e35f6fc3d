import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli/main.js';
import { mupdf } from './mupdf.js';
import { readBack, tempDir, writePdf } from '../test/fixtures.js';
import { pageRotations, pdfinfoPages, readZip, run } from '../test/organize-fixtures.js';
import { toolsAvailable } from '../test/tools.js';

let dir: string;
let cleanup: () => void;
let four: string;
let locked: string;
beforeAll(() => {
  ({ dir, cleanup } = tempDir());
  four = writePdf(dir, 'four.pdf', { pages: ['P1', 'P2', 'P3', 'P4'] });
  locked = writePdf(dir, 'locked.pdf', { pages: ['L1', 'L2', 'L3'], encrypt: { user: 'openpassword', owner: 'ownerpass' } });
});
afterAll(() => cleanup());

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await runCli(args, { out: (text) => { out += text; }, err: (text) => { err += text; } });
  return { code, out, err };
}

function texts(path: string): string[] {
  return readBack(readFileSync(path)).texts;
}

function zipTexts(path: string): Record<string, string[]> {
  return Object.fromEntries([...readZip(path)].map(([name, data]) => [name, readBack(data).texts]));
}

const COMMANDS = ['split-pdf', 'rotate-pdf', 'crop-pdf', 'delete-pages', 'rearrange-pdf-pages', 'extract-images-from-pdf', 'protect-pdf', 'unlock-pdf'];

describe.skipIf(!toolsAvailable('organize and protect commands', 'unzip', 'qpdf', 'pdftotext', 'pdfinfo'))('organize and protect commands', () => {
  it('are listed and each has --help', async () => {
    const main = await cli('--help');
    for (const name of COMMANDS) {
      expect(main.out).toContain(name);
      const help = await cli(name, '--help');
      expect(help.code).toBe(0);
      expect(help.out).toContain(`Usage: pagewright ${name}`);
    }
  });

  it('split-pdf writes a zip of the parts by ranges, every page or every N pages', async () => {
    const ranges = join(dir, 'ranges.zip');
    const result = await cli('split-pdf', '--ranges', '1-2,3-4', four, '-o', ranges);
    expect(result).toEqual({ code: 0, out: `${JSON.stringify({ files: 2, output: ranges })}\n`, err: '' });
    expect(zipTexts(ranges)).toEqual({ 'four-1-2.pdf': ['P1', 'P2'], 'four-3-4.pdf': ['P3', 'P4'] });
    const every = join(dir, 'every.zip');
    expect((await cli('split-pdf', '--every', four, '-o', every)).code).toBe(0);
    expect(Object.keys(zipTexts(every))).toEqual(['four-1.pdf', 'four-2.pdf', 'four-3.pdf', 'four-4.pdf']);
    const each = join(dir, 'each.zip');
    expect((await cli('split-pdf', '--each', '3', four, '-o', each)).code).toBe(0);
    expect(zipTexts(each)).toEqual({ 'four-1-3.pdf': ['P1', 'P2', 'P3'], 'four-4.pdf': ['P4'] });
    const unlocked = join(dir, 'locked-split.zip');
    expect((await cli('split-pdf', '--every', locked, '--password', 'openpassword', '-o', unlocked)).code).toBe(0);
    expect(Object.keys(zipTexts(unlocked))).toHaveLength(3);
  });

  it('split-pdf reports bad ranges with their catalogue code and misuse with exit code 2', async () => {
    const out = join(dir, 'bad.zip');
    expect(await cli('split-pdf', '--ranges', '1-9', four, '-o', out)).toMatchObject({ code: 1, err: expect.stringMatching(/^error PAGE_RANGE_INVALID:/) });
    expect(await cli('split-pdf', '--ranges', 'one', four, '-o', out)).toMatchObject({ code: 1, err: expect.stringMatching(/^error PAGE_RANGE_FORMAT:/) });
    expect((await cli('split-pdf', '--every', '--each', '2', four, '-o', out)).code).toBe(2);
    expect((await cli('split-pdf', four, '-o', out)).code).toBe(2);
    expect((await cli('split-pdf', '--each', 'x', four, '-o', out)).code).toBe(2);
    expect(await cli('split-pdf', '--every', locked, '-o', out)).toMatchObject({ code: 1, err: expect.stringMatching(/^error 3122:/) });
  });

  it('rotate-pdf, crop-pdf, delete-pages and rearrange-pdf-pages change the pages named', async () => {
    const rotated = join(dir, 'rotated.pdf');
    expect(await cli('rotate-pdf', '--angle', '90', '--pages', '1', four, '-o', rotated)).toMatchObject({ code: 0, out: `${JSON.stringify({ pages: 4, output: rotated })}\n` });
    expect(pageRotations(rotated)).toEqual([90, 0, 0, 0]);
    expect((await cli('rotate-pdf', '--angle', '45', four, '-o', rotated)).code).toBe(2);

    const cropped = join(dir, 'cropped.pdf');
    expect((await cli('crop-pdf', '--margins', '10,20,30,40', '--pages', '2-3', four, '-o', cropped)).code).toBe(0);
    expect(pdfinfoPages(cropped).map((p) => p.cropBox)).toEqual([[0, 0, 300, 400], [10, 40, 280, 370], [10, 40, 280, 370], [0, 0, 300, 400]]);
    expect((await cli('crop-pdf', '--margins', '10,20,30', four, '-o', cropped)).code).toBe(2);
    expect(await cli('crop-pdf', '--margins', '200,100,0,0', four, '-o', join(dir, 'x.pdf'))).toMatchObject({ code: 1, err: expect.stringMatching(/^error INVALID_PARAMS:/) });

    const deleted = join(dir, 'deleted.pdf');
    expect(await cli('delete-pages', '--pages', '2', four, '-o', deleted)).toMatchObject({ code: 0, out: `${JSON.stringify({ pages: 3, output: deleted })}\n` });
    expect(texts(deleted)).toEqual(['P1', 'P3', 'P4']);
    expect((await cli('delete-pages', four, '-o', deleted)).code).toBe(2);

    const arranged = join(dir, 'arranged.pdf');
    expect((await cli('rearrange-pdf-pages', '--order', '3,1,2', '--rotations', '3=90', four, '-o', arranged)).code).toBe(0);
    expect(texts(arranged)).toEqual(['P3', 'P1', 'P2']);
    expect(pageRotations(arranged)).toEqual([90, 0, 0]);
    expect(await cli('rearrange-pdf-pages', '--order', '3,1,3', four, '-o', arranged)).toMatchObject({ code: 1, err: expect.stringMatching(/^error INVALID_PARAMS:/) });
  });

  it('extract-images-from-pdf writes a zip, or fails with 2405 without images', async () => {
    const withImage = join(dir, 'with-image.pdf');
    const doc = new mupdf.PDFDocument();
    const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, 3, 2], false);
    pixmap.clear(200);
    const image = doc.addImage(new mupdf.Image(pixmap));
    doc.insertPage(-1, doc.addPage([0, 0, 100, 100], 0, { XObject: { Im: image } }, 'q 30 0 0 20 10 10 cm /Im Do Q'));
    writeFileSync(withImage, doc.saveToBuffer('compress').asUint8Array());
    doc.destroy();
    const zip = join(dir, 'images.zip');
    expect(await cli('extract-images-from-pdf', withImage, '-o', zip)).toMatchObject({ code: 0, out: `${JSON.stringify({ images: 1, output: zip })}\n` });
    expect([...readZip(zip).keys()]).toEqual(['page-1-1.png']);
    expect(await cli('extract-images-from-pdf', four, '-o', join(dir, 'none.zip'))).toMatchObject({ code: 1, err: expect.stringMatching(/^error 2405:/) });
  });

  it('protect-pdf and unlock-pdf encrypt with the new password and remove it again', async () => {
    const protectedPath = join(dir, 'protected.pdf');
    expect((await cli('protect-pdf', '--password', 'secret123', four, '-o', protectedPath)).code).toBe(0);
    expect(run('qpdf', ['--requires-password', protectedPath]).status).toBe(0);
    expect(run('qpdf', ['--password=secret123', '--show-encryption', protectedPath]).stdout).toMatch(/R = 6/);
    expect(await cli('protect-pdf', '--password', 'short', four, '-o', protectedPath)).toMatchObject({ code: 1, err: expect.stringMatching(/^error PASSWORD_LENGTH:/) });
    const relocked = join(dir, 'relocked.pdf');
    expect((await cli('protect-pdf', '--password', 'newsecret', '--input-password', 'openpassword', locked, '-o', relocked)).code).toBe(0);
    expect(run('qpdf', ['--password=newsecret', '--check', relocked]).status).toBe(0);

    const unlocked = join(dir, 'unlocked.pdf');
    expect((await cli('unlock-pdf', '--password', 'openpassword', locked, '-o', unlocked)).code).toBe(0);
    expect(run('qpdf', ['--requires-password', unlocked]).status).toBe(2);
    expect(await cli('unlock-pdf', locked, '-o', unlocked)).toMatchObject({ code: 1, err: expect.stringMatching(/^error 3122:/) });
    expect(await cli('unlock-pdf', four, '-o', unlocked)).toMatchObject({ code: 1, err: expect.stringMatching(/^error NOT_PROTECTED:/) });
  });
});
