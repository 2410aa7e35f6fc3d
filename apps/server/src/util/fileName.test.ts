import { describe, expect, it } from 'vitest';
import { contentDisposition, sanitizeFileName } from './fileName.js';

describe('sanitizeFileName', () => {
  it('strips bidi controls so a right-to-left override cannot disguise the extension', () => {
    expect(sanitizeFileName('invoice\u202egpj.pdf')).toBe('invoicegpj.pdf');
    expect(sanitizeFileName('a\u2066b\u2069c\u200f.pdf')).toBe('abc.pdf');
    expect(contentDisposition('invoice\u202egpj-compressed.pdf')).not.toMatch(/%E2%80%AE/);
  });

  it('keeps the extension when a long name is shortened', () => {
    const long = `${'a'.repeat(300)}.pdf`;
    const short = sanitizeFileName(long);
    expect(short.endsWith('.pdf')).toBe(true);
    expect([...short].length).toBe(240);
  });

  it('keeps names within 250 UTF-8 bytes, cutting the stem of a long CJK name', () => {
    const short = sanitizeFileName(`${'文'.repeat(200)}.docx`);
    expect(Buffer.byteLength(short)).toBeLessThanOrEqual(250);
    expect(short.endsWith('.docx')).toBe(true);
  });

  it('gives a name that is only an extension a stem instead of dropping its dot', () => {
    expect(sanitizeFileName('.pdf')).toBe('file.pdf');
    expect(sanitizeFileName('.pdf', 'document')).toBe('document.pdf');
  });

  it('removes path parts, control characters and leading dots', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\x\\a<b>.pdf')).toBe('a_b_.pdf');
    expect(sanitizeFileName('..hidden.pdf')).toBe('hidden.pdf');
    expect(sanitizeFileName('   ')).toBe('file');
  });
});
