/**
 * The PDF -> Word round trip the layout tests check against: the converter's DOCX for a PDF,
 * laid out and printed by LibreOffice (as a word processor opens it), with its pages counted
 * and read back.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll } from 'vitest';
import { pdfToWord } from '../src/convert/pdf-to-word.js';
import { mupdf } from '../src/mupdf.js';
import { OfficePool } from '../src/office/pool.js';
import type { TestDir } from './harness.js';

export interface WordRoundTrip {
  /** The DOCX the converter wrote. */
  docx: string;
  /** Its word/document.xml. */
  xml: string;
  /** LibreOffice's rendering of the DOCX, a PDF. */
  rendered: string;
  /** Its pages. */
  pages: number;
  /** The text of each page of that rendering. */
  texts: string[];
}

/**
 * A function converting a PDF in `tmp` to Word and rendering the DOCX with LibreOffice; the
 * LibreOffice instance starts on first use and closes after the calling file's tests.
 */
export function useWordRoundTrip(tmp: TestDir): (name: string, path: string) => Promise<WordRoundTrip> {
  let pool: OfficePool | undefined;
  afterAll(async () => {
    await pool?.close();
  });
  return async (name, path) => {
    const docx = tmp.out(`${name}.docx`);
    await pdfToWord({ path }, docx);
    pool ??= new OfficePool({ instances: 1 });
    const rendered = tmp.out(`${name}-lo.pdf`);
    await pool.convertToPdf(docx, rendered, { sourceExtension: 'docx' });
    const doc = mupdf.Document.openDocument(readFileSync(rendered), 'application/pdf');
    try {
      const texts = Array.from({ length: doc.countPages() }, (_, i) => doc.loadPage(i).toStructuredText('preserve-whitespace').asText());
      return { docx, rendered, xml: execFileSync('unzip', ['-p', docx, 'word/document.xml'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }), pages: texts.length, texts };
    } finally {
      doc.destroy();
    }
  };
}
