/**
 * A line in a condensed face (narrower than the stand-in family Word sets it in) is written
 * with its letters narrowed by character spacing; its word spaces keep the stand-in's width
 * when the line fits that way, so its words do not run together.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pdfToWord } from './pdf-to-word.js';
import { useTempDir } from '../../test/harness.js';
import { opsPdf } from '../../test/layout-fixtures.js';

const tmp = useTempDir('pagewright-word-spaces-');

const LINE = 'Condensed words stay apart';

describe('word spaces of narrowed lines', () => {
  it('writes the spaces of a condensed one-line paragraph without the letters\' negative spacing', async () => {
    // Letters set 2 points closer than the face's advances: far narrower than the stand-in's.
    const pdf = tmp.file('condensed.pdf', opsPdf([`BT /F1 20 Tf -2 Tc 72 760 Td (${LINE}) Tj ET`, 'BT /F1 10 Tf 0 Tc 72 700 Td (A body line at its natural width, set for the page margins.) Tj ET']));
    const docx = tmp.out('condensed.docx');
    await pdfToWord({ path: pdf }, docx);
    const xml = execFileSync('unzip', ['-p', docx, 'word/document.xml'], { encoding: 'utf8' });
    const paragraph = [...xml.matchAll(/<w:p>[\s\S]*?<\/w:p>/g)].map((m) => m[0]).find((p) => p.includes('Condensed'))!;
    const runs = [...paragraph.matchAll(/<w:r>([\s\S]*?)<\/w:r>/g)].map((m) => ({ text: /<w:t[^>]*>([^<]*)<\/w:t>/.exec(m[1]!)?.[1] ?? '', spacing: Number(/<w:spacing w:val="(-?\d+)"\/>/.exec(m[1]!)?.[1] ?? 0) }));
    expect(runs.map((r) => r.text).join('').trim()).toBe(LINE);
    // Each word its own run, narrowed; each space its own, not.
    expect(runs.filter((r) => r.text.trim() !== '').map((r) => r.text)).toEqual(LINE.split(' '));
    for (const r of runs) {
      if (r.text.trim() === '') expect(r.spacing).toBe(0);
      else expect(r.spacing).toBeLessThan(0);
    }
  });
});
