import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueError } from '@pagewright/contracts';
import { documentInfo } from './index.js';
import { buildPdf, tempDir, writePdf } from '../test/fixtures.js';

let dir: string;
let cleanup: () => void;
beforeAll(() => ({ dir, cleanup } = tempDir()));
afterAll(() => cleanup());

async function codeOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(CatalogueError);
    return (err as CatalogueError).code;
  }
  throw new Error('expected a CatalogueError');
}

describe('documentInfo', () => {
  it('reads page count, size of page 1 in points and encryption', async () => {
    const path = writePdf(dir, 'three.pdf', { pages: ['one', 'two', 'three'], size: [595.276, 841.89] });
    expect(await documentInfo(path)).toEqual({ total_page: 3, page_w: 595.276, page_h: 841.89, encrypted: false });
  });

  it('reports the displayed size of a rotated page', async () => {
    const path = writePdf(dir, 'rotated.pdf', { pages: ['landscape'], size: [300, 400], rotate: 90 });
    expect(await documentInfo(path)).toMatchObject({ page_w: 400, page_h: 300 });
  });

  it('ignores a password given for an unencrypted file', async () => {
    const path = writePdf(dir, 'plain.pdf', { pages: ['x'] });
    expect(await documentInfo(path, 'whatever')).toMatchObject({ total_page: 1, encrypted: false });
  });

  describe('encrypted file', () => {
    let path: string;
    beforeAll(() => {
      path = writePdf(dir, 'locked.pdf', { pages: ['a', 'b'], size: [200, 100], encrypt: { user: 'open sesame', owner: 'owner' } });
    });
    it('answers 3122 without a password (or with an empty one)', async () => {
      expect(await codeOf(documentInfo(path))).toBe(3122);
      expect(await codeOf(documentInfo(path, ''))).toBe(3122);
    });
    it('answers INCORRECT_PASSWORD for a wrong password', async () => {
      expect(await codeOf(documentInfo(path, 'open sesame!'))).toBe('INCORRECT_PASSWORD');
    });
    it('opens with the user password and with the owner password', async () => {
      expect(await documentInfo(path, 'open sesame')).toEqual({ total_page: 2, page_w: 200, page_h: 100, encrypted: true });
      expect(await documentInfo(path, 'owner')).toMatchObject({ total_page: 2, encrypted: true });
    });
  });

  it('opens a file with an owner password only, reporting it as encrypted', async () => {
    const path = writePdf(dir, 'owner-only.pdf', { pages: ['a'], encrypt: { user: '', owner: 'owner' } });
    expect(await documentInfo(path)).toMatchObject({ total_page: 1, encrypted: true });
  });

  it('accepts a %PDF- header within the first 1024 bytes, not later', async () => {
    const pdf = Buffer.from(buildPdf({ pages: ['late header'] }));
    const near = join(dir, 'near.pdf');
    writeFileSync(near, Buffer.concat([Buffer.alloc(500, 0x20), pdf]));
    expect(await documentInfo(near)).toMatchObject({ total_page: 1 });
    const far = join(dir, 'far.pdf');
    writeFileSync(far, Buffer.concat([Buffer.alloc(1100, 0x20), pdf]));
    expect(await codeOf(documentInfo(far))).toBe('FILE_TYPE_ERROR');
  });

  it('rejects a text file, a damaged PDF, a missing file and a directory', async () => {
    const text = join(dir, 'notes.pdf');
    writeFileSync(text, 'Dear diary,\n');
    expect(await codeOf(documentInfo(text))).toBe('FILE_TYPE_ERROR');
    const damaged = join(dir, 'damaged.pdf');
    writeFileSync(damaged, `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n${'\u0000'.repeat(100)}`);
    expect(await codeOf(documentInfo(damaged))).toBe('FILE_DAMAGED');
    expect(await codeOf(documentInfo(join(dir, 'missing.pdf')))).toBe('INVALID_PARAMS');
    const folder = join(dir, 'folder.pdf');
    mkdirSync(folder);
    expect(await codeOf(documentInfo(folder))).toBe('INVALID_PARAMS');
  });
});
