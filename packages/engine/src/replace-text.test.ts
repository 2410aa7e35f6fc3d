import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { replaceText } from './index.js';
import { expandReplacement } from './replace-text.js';
import { mupdf } from './mupdf.js';
import { decompressedFile, extractText, openPdf, pageChars, writeDoc, type DocSpec, type PageChar } from '../test/page-tools-fixtures.js';
import { toolsAvailable } from '../test/tools.js';
import { cli, errorOf, useTempDir } from '../test/harness.js';

const tmp = useTempDir('pagewright-replace-');
const { out } = tmp;

const firstOf = (chars: PageChar[], word: string): PageChar => {
  const text = chars.map((c) => c.c).join('');
  const at = text.indexOf(word);
  if (at < 0) throw new Error(`'${word}' not on the page: ${text}`);
  return chars[at]!;
};

const doc: DocSpec = {
  pages: [
    {
      texts: [
        { text: 'Dear Customer, your order 1234 shipped.', x: 30, y: 450, size: 16, rgb: '0.8 0 0' },
        { text: 'Customer service: call us', x: 40, y: 400, size: 11, font: 'Times-Bold' },
        { text: 'Mono Customer id', x: 40, y: 350, size: 9, font: 'Courier-Oblique', rgb: '0 0 1' },
      ],
    },
    { rotate: 90, texts: [{ text: 'Rotated customer note', x: 30, y: 450, size: 14 }] },
  ],
};

describe('replaceText', () => {
  let path: string;
  beforeAll(async () => {
    path = await writeDoc(tmp.dir, 'doc.pdf', doc);
  });

  it('replaces the text at the same baseline, size and colour, in a matching standard font', async () => {
    const before = pageChars(path, 0);
    const progress: number[] = [];
    const result = await replaceText({ path }, out('client.pdf'), { find: 'Customer', replace: 'Client', regex: false, caseSensitive: true }, (p) => progress.push(p));
    expect(result.replacements).toBe(3);
    expect(progress.at(-1)).toBe(100);
    const text = extractText(out('client.pdf'));
    expect(text).not.toContain('Customer');
    expect(text).toMatch(/Client/);
    expect(text.match(/Client/g)).toHaveLength(3);
    expect(text).toContain('customer'); // page 2: other case, not matched
    if (toolsAvailable('replaceText: the decompressed file no longer holds the text', 'qpdf')) expect(decompressedFile(out('client.pdf'), tmp.dir)).not.toContain('Customer');

    const after = pageChars(out('client.pdf'), 0);
    for (const [word, font, color] of [['Customer,', 'Helvetica', [0.8, 0, 0]], ['Customer service', 'Times-Bold', [0, 0, 0]], ['Customer id', 'Courier-Oblique', [0, 0, 1]]] as const) {
      const old = firstOf(before, word);
      const now = after.find((c) => c.c === 'C' && Math.abs(c.baseline - old.baseline) < 0.01 && Math.abs(c.x - old.x) < 0.01);
      expect(now, `new text at the place of '${word}'`).toBeDefined();
      expect(now!.size).toBeCloseTo(old.size, 2);
      expect(now!.font).toBe(font);
      expect(now!.color.map((v) => Math.round(v * 100) / 100)).toEqual([...color]);
    }
    // The rest of each line stays where it was.
    expect(firstOf(after, 'service').x).toBeCloseTo(firstOf(before, 'service').x, 2);
  });

  it('matches ignoring case and by regular expression with groups, on a rotated page too', async () => {
    const result = await replaceText({ path }, out('regex.pdf'), { find: '(c)ustomer', replace: '$1lient', regex: true, caseSensitive: false });
    expect(result.replacements).toBe(4);
    const text = extractText(out('regex.pdf'));
    expect(text).not.toMatch(/customer/i);
    expect(text.match(/Client/g)).toHaveLength(3);
    // A shorter word leaves a gap before the rest of the line, which pdftotext may split off.
    expect(text).toMatch(/Rotated client\s+note/);
    const before = firstOf(pageChars(path, 1), 'customer');
    const now = pageChars(out('regex.pdf'), 1).find((c) => c.c === 'c' && Math.abs(c.x - before.x) < 0.01 && Math.abs(c.baseline - before.baseline) < 0.01);
    expect(now).toBeDefined();
  });

  it('narrows a longer replacement to the room before the next word', async () => {
    const result = await replaceText({ path }, out('long.pdf'), { find: '1234', replace: '123456', regex: false, caseSensitive: true });
    expect(result.replacements).toBe(1);
    const chars = pageChars(out('long.pdf'), 0);
    const text = chars.map((c) => c.c).join('');
    expect(text).toContain('123456');
    const last = chars[text.indexOf('123456') + 5]!;
    // Its right edge (about one digit further) stays left of the next word.
    expect(last.x + last.size * 0.556 * 0.7).toBeLessThan(firstOf(chars, 'shipped').x);
  });

  it('writes text beyond WinAnsi with an embedded font', async () => {
    const result = await replaceText({ path }, out('cyrillic.pdf'), { find: 'Customer', replace: 'Клиент', regex: false, caseSensitive: true });
    expect(result.replacements).toBe(3);
    expect(extractText(out('cyrillic.pdf'))).toContain('Клиент');
  });

  it('deletes with an empty replacement', async () => {
    const result = await replaceText({ path }, out('deleted.pdf'), { find: ' your order 1234', replace: '', regex: false, caseSensitive: true });
    expect(result.replacements).toBe(1);
    const text = extractText(out('deleted.pdf'));
    expect(text).not.toContain('1234');
    expect(text).toContain('shipped');
  });

  it('finds nothing without error and copies the input', async () => {
    const result = await replaceText({ path }, out('same.pdf'), { find: 'absent', replace: 'x', regex: false, caseSensitive: false });
    expect(result.replacements).toBe(0);
    expect(readFileSync(out('same.pdf'))).toEqual(readFileSync(path));
  });

  it('leaves Redact annotations already in the document unapplied', async () => {
    const pdf = openPdf(path);
    const page = pdf.loadPage(0);
    const annot = page.createAnnotation('Redact');
    annot.setRect([0, 0, 400, 60]);
    annot.update();
    page.destroy();
    writeFileSync(out('marked.pdf'), pdf.saveToBuffer('compress').asUint8Array());
    pdf.destroy();
    await replaceText({ path: out('marked.pdf') }, out('marked-out.pdf'), { find: 'Mono', replace: 'Fixed', regex: false, caseSensitive: true });
    const back = openPdf(out('marked-out.pdf'));
    try {
      const p = back.loadPage(0) as mupdf.PDFPage;
      expect(p.getAnnotations().map((a) => a.getType())).toEqual(['Redact']);
      p.destroy();
    } finally {
      back.destroy();
    }
    // The mark covers the first line: not applied, the line is still there.
    expect(extractText(out('marked-out.pdf'))).toContain('Dear Customer');
    expect(extractText(out('marked-out.pdf'))).toContain('Fixed Customer id');
  });

  it('opens an encrypted input with its password and rejects bad parameters', async () => {
    const locked = await writeDoc(tmp.dir, 'locked.pdf', { ...doc, encrypt: { user: 'pw', owner: 'ow' } });
    expect((await errorOf(replaceText({ path: locked }, out('x.pdf'), { find: 'a', replace: 'b', regex: false, caseSensitive: true }))).code).toBe(3122);
    const result = await replaceText({ path: locked, password: 'pw' }, out('unlocked.pdf'), { find: 'Dear', replace: 'Hello', regex: false, caseSensitive: true });
    expect(result.replacements).toBe(1);
    expect(extractText(out('unlocked.pdf'))).toContain('Hello');

    const sub = join(tmp.dir, 'errors');
    mkdirSync(sub);
    const target = join(sub, 'x.pdf');
    expect((await errorOf(replaceText({ path }, target, { find: '', replace: 'b', regex: false, caseSensitive: true }))).code).toBe('INVALID_PARAMS');
    expect((await errorOf(replaceText({ path }, target, { find: '[', replace: 'b', regex: true, caseSensitive: true }))).code).toBe('INVALID_PARAMS');
    expect((await errorOf(replaceText({ path: join(tmp.dir, 'missing.pdf') }, target, { find: 'a', replace: 'b', regex: false, caseSensitive: true }))).code).toBe('INVALID_PARAMS');
    expect(readdirSync(sub)).toEqual([]);
  });
});

describe('expandReplacement', () => {
  it('follows String.prototype.replace for $ patterns', () => {
    const subject = '-- John Smith ++';
    const pattern = /(?<first>\w+) (\w+)/;
    const found = subject.slice(3).match(pattern)!;
    found.index = 3;
    for (const template of ['$2, $1', '$<first>!', '[$&]', '$$1', '$3$1', '$10', "$`|$'"]) {
      // The one match sits between '-- ' and ' ++': what String.replace puts there is the expansion.
      const replaced = subject.replace(pattern, template);
      expect(expandReplacement(template, true, found, subject)).toBe(replaced.slice(3, replaced.length - 3));
    }
    expect(expandReplacement('$1 literal', false, found, subject)).toBe('$1 literal');
  });
});

describe('pagewright replace-text', () => {
  it('replaces from the command line, case-sensitive unless --ignore-case', async () => {
    const path = await writeDoc(tmp.dir, 'cli.pdf', doc);
    const exact = await cli('replace-text', '--find', 'customer', '--replace', 'guest', path, '-o', out('cli-exact.pdf'));
    expect(exact.status).toBe(0);
    expect(JSON.parse(exact.stdout)).toEqual({ replacements: 1, output: out('cli-exact.pdf') });
    const loose = await cli('replace-text', '--find', 'CUSTOMER', '--replace', 'guest', '--ignore-case', path, '-o', out('cli-loose.pdf'));
    expect(JSON.parse(loose.stdout).replacements).toBe(4);
    const regex = await cli('replace-text', '--find', '\\d+', '--replace', '#', '--regex', path, '-o', out('cli-regex.pdf'));
    expect(JSON.parse(regex.stdout).replacements).toBe(1);
    expect(extractText(out('cli-regex.pdf'))).toContain('order #');
  });

  it('rejects bad usage with exit code 2', async () => {
    expect((await cli('replace-text', '--replace', 'x', 'a.pdf', '-o', 'b.pdf')).status).toBe(2);
    expect((await cli('replace-text', '--find', 'x', 'a.pdf', '-o', 'b.pdf')).status).toBe(2);
    const help = await cli('replace-text', '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: pagewright replace-text/);
  });
});
