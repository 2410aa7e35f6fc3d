/**
 * The LibreOffice pool and documentToPdf on documents made here: every family of source type
 * converts and its text is in the PDF (read back with pdftotext, pages with MuPDF); the pool
 * survives a killed soffice, a timeout, replaces instances after K conversions, rejects broken
 * and unknown files with catalogue errors, and close() leaves no process and no directory.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strToU8 } from 'fflate';
import { OfficePool } from './pool.js';
import { documentToPdf } from './convert.js';
import { readBack } from '../../test/fixtures.js';
import { errorOf, useTempDir } from '../../test/harness.js';
import { pdftotext } from '../../test/image-fixtures.js';
import { docx, dxf, encryptedOdt, epub, fodt, html } from '../../test/office-fixtures.js';

const dir = useTempDir('pw-office-pool-test-');

/** Pids of the processes in a process group (soffice's oosplash and soffice.bin). */
function groupMembers(pgid: number): Array<{ pid: number; name: string }> {
  const result = spawnSync('ps', ['-e', '-o', 'pid=,pgid=,comm='], { encoding: 'utf8' });
  return result.stdout.trim().split('\n').map((line) => line.trim().split(/\s+/)).filter(([, group]) => Number(group) === pgid).map(([pid, , name]) => ({ pid: Number(pid), name: name ?? '' }));
}

/** Whether the process exists and is not a zombie waiting for init to reap it. */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
}

function pdfText(path: string): string {
  return pdftotext(path).replace(/\s+/g, ' ');
}

/** soffice's named pipes in /tmp (OSL_PIPE_<uid>_...). */
function oslPipes(): string[] {
  return readdirSync('/tmp').filter((name) => name.startsWith('OSL_PIPE_'));
}

/** Whether a unix socket has nobody listening (a leftover of a killed soffice). */
function dead(name: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(join('/tmp', name));
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}

describe('documentToPdf', () => {
  let pool: OfficePool;
  let pipesBefore: string[];
  beforeAll(() => {
    pipesBefore = oslPipes();
    pool = new OfficePool({ instances: 1 });
  });
  afterAll(() => pool.close());

  it('converts DOCX, ODT, RTF, TXT, CSV and DXF through LibreOffice, keeping their text', async () => {
    const rtf = strToU8('{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Times New Roman;}}\\f0\\fs24 Rich text paragraph\\par Second line\\par}');
    const inputs: Array<[string, Uint8Array, string[]]> = [
      ['a.docx', docx({ paragraphs: ['Quarterly report for the harbour office', 'Second paragraph'] }), ['Quarterly report for the harbour office', 'Second paragraph']],
      ['b.odt', fodt({ paragraphs: ['Flat OpenDocument text body'] }), ['Flat OpenDocument text body']],
      ['c.rtf', rtf, ['Rich text paragraph', 'Second line']],
      ['d.txt', strToU8('Plain UTF-8 text: naïve café, Grüße, 東京\nnext line\n'), ['naïve café, Grüße', '東京', 'next line']],
      ['e.csv', strToU8('name,city,amount\nÅsa,Zürich,12.5\n"Smith, J",Oslo,7\n'), ['Åsa', 'Zürich', '12.5', 'Smith, J', 'Oslo']],
      ['f.dxf', dxf('DXFLABEL'), ['DXFLABEL']],
    ];
    for (const [name, bytes, phrases] of inputs) {
      const input = dir.file(name, bytes);
      const output = dir.out(`${name}.pdf`);
      const seen: number[] = [];
      await documentToPdf(pool, input, output, name.split('.').pop()!, (p) => seen.push(p));
      expect(readBack(readFileSync(output)).pageCount, name).toBeGreaterThanOrEqual(1);
      const text = pdfText(output);
      for (const phrase of phrases) expect(text, name).toContain(phrase);
      expect(seen.at(-1)).toBe(100);
      expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    }
    // CSV columns stay apart: the comma inside quotes is text, the others separate cells.
    expect(pdftotext(dir.out('e.csv.pdf'))).not.toContain('Åsa,Zürich');
  });

  it('converts HTML through Chromium and EPUB through MuPDF', async () => {
    const page = dir.file('page.html', html(['Hypertext heading paragraph', 'Ünïcödé line']));
    await documentToPdf(pool, page, dir.out('page.pdf'), 'HTML');
    expect(pdfText(dir.out('page.pdf'))).toContain('Hypertext heading paragraph');
    expect(pdfText(dir.out('page.pdf'))).toContain('Ünïcödé line');
    const book = dir.file('book.epub', epub(['First chapter words', 'Second chapter words']));
    await documentToPdf(pool, book, dir.out('book.pdf'), '.epub');
    const text = pdfText(dir.out('book.pdf'));
    expect(text).toContain('First chapter words');
    expect(text).toContain('Second chapter words');
  });

  it('rejects unknown types, broken, encrypted and missing inputs with catalogue errors, leaving nothing', async () => {
    const good = dir.file('good.docx', docx({ paragraphs: ['x'] }));
    expect((await errorOf(documentToPdf(pool, good, dir.out('x.pdf'), 'exe'))).code).toBe('FILE_TYPE_ERROR');
    const truncated = docx({ paragraphs: ['truncated document'] }).subarray(0, 300);
    const broken = dir.file('broken.docx', truncated);
    expect((await errorOf(documentToPdf(pool, broken, dir.out('broken.pdf'), 'docx'))).code).toBe('FILE_DAMAGED');
    const noise = dir.file('noise.xlsx', Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251));
    expect((await errorOf(documentToPdf(pool, noise, dir.out('noise.pdf'), 'xlsx'))).code).toBe('FILE_DAMAGED');
    const locked = dir.file('locked.odt', encryptedOdt());
    expect((await errorOf(documentToPdf(pool, locked, dir.out('locked.pdf'), 'odt'))).code).toBe('ENCRYPTED_NOT_SUPPORTED');
    const badEpub = dir.file('bad.epub', strToU8('not a zip'));
    expect((await errorOf(documentToPdf(pool, badEpub, dir.out('bad-epub.pdf'), 'epub'))).code).toBe('FILE_DAMAGED');
    expect((await errorOf(documentToPdf(pool, dir.out('missing.docx'), dir.out('m.pdf'), 'docx'))).code).toBe('INVALID_PARAMS');
    const left = readdirSync(dir.dir).filter((name) => name.endsWith('.tmp') || ['x.pdf', 'broken.pdf', 'noise.pdf', 'locked.pdf', 'bad-epub.pdf', 'm.pdf'].includes(name));
    expect(left).toEqual([]);
  });

  it('survives soffice being killed mid-conversion, and the next conversion works', async () => {
    const input = dir.file('k.docx', docx({ paragraphs: Array.from({ length: 400 }, (_, i) => `Line ${i} of a longer document`) }));
    await pool.convertToPdf(input, dir.out('k0.pdf'));
    const [leader] = pool.officePids();
    const bin = groupMembers(leader!).find((p) => p.name === 'soffice.bin');
    expect(bin).toBeDefined();
    const running = pool.convertToPdf(input, dir.out('k1.pdf')).then(() => 'converted', (err: { code?: string; message?: string }) => `${err.code}: ${err.message}`);
    await new Promise((resolve) => setTimeout(resolve, 30));
    process.kill(bin!.pid, 'SIGKILL');
    // The crash restarts the instance and the conversion is tried once more.
    expect(await running).toBe('converted');
    expect(alive(bin!.pid)).toBe(false);
    await pool.convertToPdf(input, dir.out('k2.pdf'));
    expect(pdfText(dir.out('k2.pdf'))).toContain('Line 399 of a longer document');
    expect(pool.officePids()).not.toContain(leader);
  });

  it('stops a conversion past its time limit with CONVERSION_TIMEOUT, then recovers', async () => {
    const input = dir.file('t.docx', docx({ paragraphs: ['timeout test'] }));
    await pool.convertToPdf(input, dir.out('t0.pdf'));
    const [leader] = pool.officePids();
    const err = await errorOf(pool.convertToPdf(input, dir.out('t1.pdf'), { timeoutMs: 1 }));
    expect(err.code).toBe('CONVERSION_TIMEOUT');
    expect(existsSync(dir.out('t1.pdf'))).toBe(false);
    await until(() => !alive(leader!));
    expect(alive(leader!)).toBe(false);
    await pool.convertToPdf(input, dir.out('t2.pdf'));
    expect(pdfText(dir.out('t2.pdf'))).toContain('timeout test');
  });

  it('leaves no pipe socket behind, also of the killed instances', async () => {
    await pool.close();
    // Sockets other processes made meanwhile are alive; a dead new one would be ours.
    const added = oslPipes().filter((name) => !pipesBefore.includes(name));
    const leftovers = (await Promise.all(added.map(async (name) => ((await dead(name)) ? [name] : [])))).flat();
    expect(leftovers).toEqual([]);
  });
});

describe('OfficePool lifecycle', () => {
  it('replaces an instance after K conversions, runs instances side by side, and close() leaves nothing', async () => {
    // A private TMPDIR (os.tmpdir() reads it on every call) holds the pool's directory.
    const privateTmp = dir.out('lifecycle-tmp');
    mkdirSync(privateTmp);
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = privateTmp;
    const pool = new OfficePool({ instances: 2, maxConversionsPerInstance: 3 });
    const input = dir.file('r.docx', docx({ paragraphs: ['restart after K'] }));
    const leaders: number[][] = [];
    try {
      // One at a time: only the first slot is used; after its third conversion it is retired.
      for (let i = 0; i < 4; i++) {
        await pool.convertToPdf(input, dir.out(`r${i}.pdf`));
        leaders.push(pool.officePids());
      }
      const [first, second, afterK, next] = leaders;
      expect(first).toHaveLength(1);
      expect(second).toEqual(first);
      expect(afterK).toEqual([]);
      expect(next).toHaveLength(1);
      expect(next![0]).not.toBe(first![0]);
      await until(() => !alive(first![0]!));
      expect(alive(first![0]!)).toBe(false);
      expect(pdfText(dir.out('r3.pdf'))).toContain('restart after K');
      // Two at once: both slots run.
      await Promise.all([0, 1].map((i) => pool.convertToPdf(input, dir.out(`p${i}.pdf`))));
      expect(pool.officePids()).toHaveLength(2);
      const ours = [...new Set([...leaders.flat(), ...pool.officePids()])];
      const members = ours.flatMap((pgid) => groupMembers(pgid).map((p) => p.pid));
      await pool.close();
      await until(() => members.filter(alive).length === 0, 2000);
      expect(members.filter(alive)).toEqual([]);
      expect(readdirSync(privateTmp)).toEqual([]);
      expect((await errorOf(pool.convertToPdf(input, dir.out('closed.pdf')))).code).toBe('UNKNOWN');
    } finally {
      await pool.close();
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });
});
