/**
 * The converters reach no network, read no local file they were not given, and run no macro.
 * A loopback HTTP server is the network every fixture points at; it must see no connection at
 * all. A local image that only a link names must not end up in the PDF. A macro bound to the
 * document's load, store and close events must not write its file.
 *
 * The fixtures are live: the control test converts the same DOCX and flat ODF with a plain
 * `soffice --convert-to` (default profile, no namespace), which does fetch the remote images
 * and embed the linked local one. (The macro fixture, checked by hand: it writes its file when
 * loaded visibly with MacroExecutionMode ALWAYS_EXECUTE_NO_WARN.)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfficePool } from './pool.js';
import { documentToPdf } from './convert.js';
import { useTempDir } from '../../test/harness.js';
import { pdftotext, pngFile, rgbFrame } from '../../test/image-fixtures.js';
import { docx, fodt, html, loopbackProbe, type Probe } from '../../test/office-fixtures.js';

const dir = useTempDir('pw-office-isolation-test-');

/** Sizes of the images in the PDF as poppler lists them (every image, in forms too, soft masks left out). */
function imageSizes(path: string): string[] {
  const result = spawnSync('pdfimages', ['-list', path], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pdfimages failed: ${result.stderr}`);
  return result.stdout.trim().split('\n').slice(2).map((line) => line.trim().split(/\s+/)).filter((cols) => cols[2] === 'image').map((cols) => `${cols[3]}x${cols[4]}`);
}

describe('converter isolation', () => {
  let probe: Probe;
  let pool: OfficePool;
  let secret: string;
  beforeAll(async () => {
    probe = await loopbackProbe();
    pool = new OfficePool({ instances: 1 });
    // A local file nobody gave the converter: a red square.
    secret = dir.file('secret.png', pngFile(rgbFrame(64, 64, [255, 0, 0])));
  });
  afterAll(async () => {
    await pool.close();
    await probe.close();
  });

  function fixtures(): Array<[string, Uint8Array, string]> {
    return [
      ['remote.docx', docx({ paragraphs: ['Remote docx body'], linkedImage: `${probe.base}/linked.png`, includePicture: `${probe.base}/include.png`, hyperlink: `${probe.base}/link` }), 'Remote docx body'],
      ['remote.odt', fodt({ paragraphs: ['Remote flat ODF body'], linkedImage: `${probe.base}/fodt.png` }), 'Remote flat ODF body'],
      ['local.docx', docx({ paragraphs: ['Local link docx body'], linkedImage: pathToFileURL(secret).href }), 'Local link docx body'],
      ['local.odt', fodt({ paragraphs: ['Local link ODF body'], linkedImage: pathToFileURL(secret).href }), 'Local link ODF body'],
      ['remote.html', html(['Remote HTML body'], probe.base, pathToFileURL(secret).href), 'Remote HTML body'],
    ];
  }

  it('converts documents pointing at remote and local resources without fetching or reading them', async () => {
    for (const [name, bytes, text] of fixtures()) {
      const input = dir.file(name, bytes);
      const output = dir.out(`${name}.pdf`);
      await documentToPdf(pool, input, output, name.split('.').pop()!);
      expect(pdftotext(output), name).toContain(text);
      // The secret image is 64x64; LibreOffice's PDFs have no image at all, Chromium's show
      // its small broken-image icons where the blocked images were.
      expect(imageSizes(output), name).not.toContain('64x64');
      if (!name.endsWith('.html')) expect(imageSizes(output), name).toEqual([]);
    }
    expect(probe.requests).toEqual([]);
    expect(probe.connections).toBe(0);
  });

  it('runs no macro, not even one bound to loading, storing and closing the document', async () => {
    const marker = dir.out('macro-ran.txt');
    const input = dir.file('macro.odt', fodt({ paragraphs: ['Document with a macro'], macroWrites: marker }));
    await documentToPdf(pool, input, dir.out('macro.pdf'), 'odt');
    expect(pdftotext(dir.out('macro.pdf'))).toContain('Document with a macro');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(existsSync(marker)).toBe(false);
  });

  it('control: an unprotected soffice --convert-to fetches the remote images and embeds the local one', async () => {
    const control = join(dir.dir, 'control');
    mkdirSync(control);
    const names: string[] = [];
    for (const [name, bytes] of fixtures()) {
      if (name.endsWith('.html')) continue; // LibreOffice would render HTML in Writer/Web, not our path
      const file = join(control, name.replace('.odt', '.fodt'));
      writeFileSync(file, bytes);
      names.push(file);
    }
    const before = probe.connections;
    const profile = pathToFileURL(join(control, 'profile')).href;
    // Asynchronously: the probe lives in this process and must keep answering.
    const status = await new Promise<number | null>((resolve) => {
      const child = spawn('soffice', [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', control, ...names], { stdio: 'ignore', timeout: 120_000 });
      child.on('close', resolve);
    });
    expect(status).toBe(0);
    expect(probe.connections).toBeGreaterThan(before);
    expect(probe.requests.some((r) => r.includes('/linked.png'))).toBe(true);
    expect(probe.requests.some((r) => r.includes('/fodt.png'))).toBe(true);
    expect(imageSizes(join(control, 'local.pdf'))).toContain('64x64');
    rmSync(control, { recursive: true, force: true });
  });
});
