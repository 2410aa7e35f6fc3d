import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogueError } from '@pagewright/contracts';
import { strToU8, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { assertArchiveBounds, sanitisedCopy } from './sanitise.js';

const dir = mkdtempSync(join(tmpdir(), 'pw-archive-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DOCUMENT = '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hi</w:t></w:r></w:p></w:body></w:document>';

function docx(name: string, extra: Record<string, Uint8Array> = {}, document = DOCUMENT): string {
  const path = join(dir, name);
  writeFileSync(path, zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': strToU8(document), ...extra }, { level: 9 }));
  return path;
}

async function codeOf(promise: Promise<unknown>): Promise<string | number> {
  try {
    await promise;
    return 0;
  } catch (error) {
    return error instanceof CatalogueError ? error.code : String(error);
  }
}

describe('assertArchiveBounds', () => {
  it('refuses with 4012 a document whose extra part expands a thousandfold (a zip bomb)', async () => {
    const bomb = docx('bomb.docx', { 'word/media/extra.bin': new Uint8Array(80 * 1024 * 1024) });
    expect(await codeOf(assertArchiveBounds(bomb, 'docx'))).toBe(4012);
  });

  it('refuses a document over the expanded-size or entry-count limits', async () => {
    const many = docx('many.docx', Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`word/p${i}.xml`, strToU8('<x/>')])));
    expect(await codeOf(assertArchiveBounds(many, 'docx', { maxExpandedBytes: 1e9, maxRatio: 1e9, ratioFloorBytes: 1e9, maxEntries: 20 }))).toBe(4012);
    const plain = docx('plain.docx', { 'word/media/a.bin': new Uint8Array(4096).map((_, i) => (i * 7919) % 251) });
    expect(await codeOf(assertArchiveBounds(plain, 'docx', { maxExpandedBytes: 2048, maxRatio: 1e9, ratioFloorBytes: 1e9, maxEntries: 100 }))).toBe(4012);
  });

  it('lets an ordinary document and files that are not zips through', async () => {
    expect(await codeOf(assertArchiveBounds(docx('letter.docx'), 'docx'))).toBe(0);
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'PK but a text file');
    expect(await codeOf(assertArchiveBounds(text, 'txt'))).toBe(0);
  });
});

describe('sanitisedCopy', () => {
  it('still drops a DOCTYPE, inflating off the event loop', async () => {
    const dirty = docx('dirty.docx', {}, `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${DOCUMENT.replace('Hi', 'Hi &e;')}`);
    const copy = join(dir, 'clean.docx');
    expect(await sanitisedCopy(dirty, 'docx', copy)).toBe(true);
    const { unzipSync, strFromU8 } = await import('fflate');
    const xml = strFromU8(unzipSync(new Uint8Array(await import('node:fs').then((fs) => fs.readFileSync(copy))))['word/document.xml']!);
    expect(xml).not.toContain('DOCTYPE');
    expect(xml).not.toContain('&e;');
    expect(xml).toContain('<w:t>Hi </w:t>');
  });
});
