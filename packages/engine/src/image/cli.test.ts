/**
 * The image subcommands in the forms the issue names, run in-process; outputs decoded by
 * sharp (and the ICO directory read) to check what was written.
 */
import { existsSync, readFileSync } from 'node:fs';
import sharp, { type Metadata } from 'sharp';
import { describe, expect, it } from 'vitest';
import { readIco } from './ico.js';
import { cli, useTempDir } from '../../test/harness.js';

const tmp = useTempDir('pagewright-image-cli-');

async function fixture(name: string, format: 'png' | 'jpeg' | 'gif', width = 120, height = 80): Promise<string> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } });
  return tmp.file(name, await image.toFormat(format).toBuffer());
}

async function meta(path: string): Promise<Metadata> {
  return sharp(readFileSync(path)).metadata();
}

describe('image CLI', () => {
  it('image-converter --to png in.gif -o out.png, and --ico-sizes', async () => {
    const gif = await fixture('in.gif', 'gif');
    const out = tmp.out('out.png');
    const run = await cli('image-converter', '--to', 'png', gif, '-o', out);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ format: 'png', width: 120, height: 80, frames: 1, output: out });
    expect(await meta(out)).toMatchObject({ format: 'png', width: 120, height: 80 });

    const ico = tmp.out('out.ico');
    expect((await cli('image-converter', '--to', 'ico', '--ico-sizes', '16,32', gif, '-o', ico)).status).toBe(0);
    expect(readIco(readFileSync(ico))!.map((e) => e.width)).toEqual([16, 32]);
    expect((await cli('image-converter', '--to', 'ico', '--ico-sizes', '16x16,48x48', gif, '-o', ico)).status).toBe(0);
    expect(readIco(readFileSync(ico))!.map((e) => e.width)).toEqual([16, 48]);
  });

  it('image-to-others --to pdf in.png -o out.pdf', async () => {
    const png = await fixture('in.png', 'png');
    const out = tmp.out('out.pdf');
    const run = await cli('image-to-others', '--to', 'pdf', png, '-o', out);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ format: 'pdf', frames: 1 });
    expect(readFileSync(out).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('image-resizer --percentage 50 in.jpg -o out.jpg, --width, --height', async () => {
    const jpg = await fixture('in.jpg', 'jpeg');
    const out = tmp.out('out.jpg');
    expect((await cli('image-resizer', '--percentage', '50', jpg, '-o', out)).status).toBe(0);
    expect(await meta(out)).toMatchObject({ format: 'jpeg', width: 60, height: 40 });
    expect((await cli('image-resizer', '--width', '30', jpg, '-o', out)).status).toBe(0);
    expect(await meta(out)).toMatchObject({ width: 30, height: 20 });
    expect((await cli('image-resizer', '--width', '30', '--height', '50', jpg, '-o', out)).status).toBe(0);
    expect(await meta(out)).toMatchObject({ width: 30, height: 50 });
    expect((await cli('image-resizer', '--height', '40', jpg, '-o', out)).status).toBe(0);
    expect(await meta(out)).toMatchObject({ width: 60, height: 40 });
  });

  it('image-compressor in.jpg -o out.jpg, --level, --keep-metadata', async () => {
    // Blurred noise: smooth like a photograph, so the re-encoding keeps its likeness and shrinks.
    const noise = await sharp({ create: { width: 300, height: 200, channels: 3, background: 'black', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
    const jpg = tmp.file('photo.jpg', await sharp(noise).blur(3).jpeg({ quality: 100 }).withExif({ IFD0: { Artist: 'Tester' } }).toBuffer());
    const out = tmp.out('small.jpg');
    const run = await cli('image-compressor', jpg, '-o', out);
    expect(run.status).toBe(0);
    expect(readFileSync(out).length).toBeLessThan(readFileSync(jpg).length / 2);
    expect((await meta(out)).exif).toBeUndefined();
    expect((await cli('image-compressor', '--level', 'low', '--keep-metadata', jpg, '-o', out)).status).toBe(0);
    expect((await meta(out)).exif?.toString('latin1')).toContain('Tester');
  });

  it('rotate-image --angle 90 in.png -o out.png, and the flips', async () => {
    const png = await fixture('rot.png', 'png');
    const out = tmp.out('rot-out.png');
    expect((await cli('rotate-image', '--angle', '90', png, '-o', out)).status).toBe(0);
    expect(await meta(out)).toMatchObject({ width: 80, height: 120 });
    expect((await cli('rotate-image', '--flip-horizontal', '--flip-vertical', png, '-o', out)).status).toBe(0);
    expect(await meta(out)).toMatchObject({ width: 120, height: 80 });
  });

  it('crop-image --box 10,10,100,100 in.png -o out.png', async () => {
    const png = await fixture('crop.png', 'png', 200, 150);
    const out = tmp.out('crop-out.png');
    expect((await cli('crop-image', '--box', '10,10,100,100', png, '-o', out)).status).toBe(0);
    expect(await meta(out)).toMatchObject({ format: 'png', width: 100, height: 100 });
  });

  it('reports usage errors with status 2 and catalogue errors with status 1', async () => {
    const png = await fixture('err.png', 'png');
    const usage: string[][] = [
      ['image-converter', png, '-o', tmp.out('x.png')],
      ['image-converter', '--to', 'svg', png, '-o', tmp.out('x.svg')],
      ['image-converter', '--to', 'png', '--ico-sizes', '16', png, '-o', tmp.out('x.png')],
      ['image-resizer', png, '-o', tmp.out('x.png')],
      ['image-resizer', '--percentage', '50', '--width', '10', png, '-o', tmp.out('x.png')],
      ['rotate-image', '--angle', '45', png, '-o', tmp.out('x.png')],
      ['crop-image', '--box', '1,2,3', png, '-o', tmp.out('x.png')],
      ['image-compressor', '--level', 'max', png, '-o', tmp.out('x.png')],
      ['image-compressor', png],
    ];
    for (const args of usage) expect((await cli(...args)).status, args.join(' ')).toBe(2);
    const small = await cli('crop-image', '--box', '0,0,40,40', png, '-o', tmp.out('x.png'));
    expect([small.status, small.stderr]).toEqual([1, expect.stringContaining('error INVALID_PARAMS')]);
    const text = tmp.file('notes.txt', Buffer.from('plain text'));
    const wrong = await cli('image-converter', '--to', 'png', text, '-o', tmp.out('x.png'));
    expect([wrong.status, wrong.stderr]).toEqual([1, expect.stringContaining('error 3102')]);
    expect(existsSync(tmp.out('x.png'))).toBe(false);
  });

  it('has --help for every image command', async () => {
    for (const name of ['image-converter', 'image-to-others', 'image-resizer', 'image-compressor', 'rotate-image', 'crop-image']) {
      const run = await cli(name, '--help');
      expect(run.status).toBe(0);
      expect(run.stdout).toContain(`Usage: pagewright ${name}`);
    }
  });
});
