import { readFileSync, readdirSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RICH, richPdf } from '../../test/convert-fixtures.js';
import { buildPdf } from '../../test/fixtures.js';
import { cli, errorOf, useTempDir } from '../../test/harness.js';
import { readZip } from '../../test/organize-fixtures.js';
import { convertPdf } from './from-pdf.js';

const tmp = useTempDir('pagewright-from-pdf-');

describe('convertPdf', () => {
  it('dispatches image formats, and says when it wrote a zip', async () => {
    const one = tmp.file('one.pdf', buildPdf({ pages: ['a'], size: [72, 72] }));
    const two = tmp.file('two.pdf', buildPdf({ pages: ['a', 'b'], size: [72, 72] }));
    expect(await convertPdf({ path: one }, tmp.out('one.out'), { format: 'tiff', dpi: 100 })).toEqual({ extension: 'tiff' });
    expect((await sharp(readFileSync(tmp.out('one.out'))).metadata()).width).toBe(100);
    expect(await convertPdf({ path: two }, tmp.out('two.out'), { format: 'jpg' })).toEqual({ extension: 'zip' });
    expect([...readZip(tmp.out('two.out')).keys()]).toEqual(['two-1.jpg', 'two-2.jpg']);
    // The server names the entries after the upload; path separators and controls are replaced.
    await convertPdf({ path: two }, tmp.out('named.zip'), { format: 'png', dpi: 36, name: '../Report\u0000 2024' });
    expect([...readZip(tmp.out('named.zip')).keys()]).toEqual(['_Report_ 2024-1.png', '_Report_ 2024-2.png']);
  });

  it('dispatches html (both layouts), dxf, pptx, xlsx and the flowing formats', async () => {
    const input = tmp.file('rich.pdf', richPdf());
    const outputs: Record<string, string> = {};
    for (const [format, layout] of [['html', 'fixed'], ['html', 'reflow'], ['dxf'], ['pptx'], ['xlsx'], ['txt'], ['docx']] as const) {
      const out = tmp.out(`rich-${format}-${layout ?? ''}`);
      const result = await convertPdf({ path: input }, out, { format, ...(layout ? { layout } : {}) });
      expect(result.extension).toBe(format);
      outputs[`${format}${layout ?? ''}`] = out;
    }
    expect(readFileSync(outputs.htmlfixed!, 'utf8')).toContain('class="page"');
    expect(readFileSync(outputs.htmlreflow!, 'utf8')).not.toContain('class="page"');
    expect(readFileSync(outputs.dxf!, 'latin1')).toContain(RICH.title);
    expect(readFileSync(outputs.txt!, 'utf8')).toContain(RICH.body);
    for (const zipped of [outputs.pptx!, outputs.xlsx!, outputs.docx!]) expect(readFileSync(zipped).subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('refuses pdf, unknown formats and a dpi out of range with INVALID_PARAMS', async () => {
    const input = tmp.file('x.pdf', buildPdf({ pages: ['x'] }));
    const before = readdirSync(tmp.dir).length;
    for (const options of [{ format: 'pdf' }, { format: 'svg' }, { format: 'png', dpi: 1200 }, { format: 'html', layout: 'tall' }]) {
      expect((await errorOf(convertPdf({ path: input }, tmp.out('x.out'), options as never))).code).toBe('INVALID_PARAMS');
    }
    expect(readdirSync(tmp.dir).length).toBe(before);
  });
});

describe('CLI', () => {
  it('pdf-to-jpg renders pages at --dpi in --format', async () => {
    const input = tmp.file('cli.pdf', buildPdf({ pages: ['a', 'b'], size: [144, 72] }));
    const run = await cli('pdf-to-jpg', input, '-o', tmp.out('cli.zip'), '--dpi', '36', '--format', 'png');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({ pages: 2, extension: 'zip', output: tmp.out('cli.zip') });
    const first = readZip(tmp.out('cli.zip')).get('cli-1.png')!;
    expect((await sharp(first).metadata()).width).toBe(72);
    expect((await cli('pdf-to-jpg', input, '-o', tmp.out('c.zip'), '--format', 'webp')).status).toBe(2);
    const tooFine = await cli('pdf-to-jpg', input, '-o', tmp.out('c.zip'), '--dpi', '700');
    expect([tooFine.status, tooFine.stderr.startsWith('error INVALID_PARAMS')]).toEqual([1, true]);
  });

  it('pdf-to-html, pdf-to-dxf, pdf-to-ppt and pdf-to-excel write their files and have --help', async () => {
    const input = tmp.file('clirich.pdf', richPdf());
    for (const [command, ext, extra] of [['pdf-to-html', 'html', ['--layout', 'reflow']], ['pdf-to-dxf', 'dxf', []], ['pdf-to-ppt', 'pptx', []], ['pdf-to-excel', 'xlsx', []]] as const) {
      const run = await cli(command, input, '-o', tmp.out(`clirich.${ext}`), ...extra);
      expect(run.status, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).output).toBe(tmp.out(`clirich.${ext}`));
      const help = await cli(command, '--help');
      expect(help.stdout).toContain(`Usage: pagewright ${command}`);
    }
    expect((await cli('pdf-to-html', input, '-o', tmp.out('h.html'), '--layout', 'tall')).status).toBe(2);
  });
});
