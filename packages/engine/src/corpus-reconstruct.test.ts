/**
 * The layout analysis and the flowing writers (docx, txt, rtf, epub, pages) over every
 * real-world corpus PDF (<repo>/../shared/corpus/pdf, when present); the encrypted one is
 * opened with its password. Each file is analysed once (the long GeoTopo book on its first
 * pages only, to keep the suite fast); the text found must cover the words pdftotext finds.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Packer } from 'docx';
import { describe, expect, it } from 'vitest';
import { CatalogueError } from '@pagewright/contracts';
import { analysePdf } from './reconstruct/analyse.js';
import { layoutToDocx, pdfToWord } from './convert/pdf-to-word.js';
import { layoutToText } from './convert/pdf-to-txt.js';
import { layoutToRtf } from './convert/pdf-to-rtf.js';
import { layoutToEpub, writeEpub } from './convert/pdf-to-epub.js';
import { layoutToPagesXml } from './convert/pdf-to-pages.js';
import { epubcheck, useTempDir } from '../test/harness.js';
import { corpusAvailable } from '../test/tools.js';

const corpusDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'shared', 'corpus', 'pdf');
const factsPath = join(corpusDir, 'py-pdf-files.json');
const corpusPresent = corpusAvailable(factsPath, 'reconstruction over the corpus');
const ENCRYPTED_PASSWORD = 'openpassword';
/** Pages analysed per file at most. */
const MAX_PAGES = 12;

function corpusFiles(): { file: string; path: string; password?: string; pages?: number }[] {
  if (!corpusPresent) return [];
  const facts = JSON.parse(readFileSync(factsPath, 'utf8')) as { data: Array<{ path: string; encrypted: boolean; pages?: number }> };
  return facts.data
    .map((fact) => ({ file: fact.path.replaceAll('/', '_'), encrypted: fact.encrypted, pages: fact.pages }))
    .filter((fact) => existsSync(join(corpusDir, fact.file)))
    .map((fact) => ({ file: fact.file, path: join(corpusDir, fact.file), ...(fact.encrypted ? { password: ENCRYPTED_PASSWORD } : {}), ...(fact.pages ? { pages: fact.pages } : {}) }));
}

/** Words of 4+ letters pdftotext finds on the first pages. */
function popplerWords(path: string, password: string | undefined, lastPage: number): string[] {
  const args = ['-q', '-enc', 'UTF-8', '-l', String(lastPage), ...(password ? ['-upw', password] : []), path, '-'];
  const text = spawnSync('pdftotext', args, { encoding: 'utf8' }).stdout ?? '';
  return text.match(/\p{L}{4,}/gu) ?? [];
}

const tmp = useTempDir('pagewright-corpus-reconstruct-');

describe.skipIf(!corpusPresent)('reconstruction over the corpus', () => {
  for (const entry of corpusFiles()) {
    it(`${entry.file}: analysed and written as docx, txt, rtf, epub (valid for epubcheck) and pages`, async () => {
      const input = entry.password ? { path: entry.path, password: entry.password } : { path: entry.path };
      const pageCount = entry.pages ?? MAX_PAGES;
      const pages = Array.from({ length: Math.min(pageCount, MAX_PAGES) }, (_, i) => i + 1);
      let layout;
      try {
        // py-pdf-files.json counts may differ from what the engine finds (017's lost page tree).
        layout = await analysePdf(input, undefined, pageCount > MAX_PAGES ? { pages } : {});
      } catch (err) {
        // Only files MuPDF cannot open at all may fail, and then with the catalogue's code.
        expect(err).toBeInstanceOf(CatalogueError);
        expect((err as CatalogueError).code).toBe('FILE_DAMAGED');
        return;
      }
      expect(layout.pages.length).toBeGreaterThan(0);
      if (entry.file === '015-arabic_habibi-rotated.pdf') {
        // Four turned copies of one page: the repeated text is each page's body, not a running header.
        expect(layout.pages.map((p) => [p.header.length, p.blocks.length > 0])).toEqual(layout.pages.map(() => [0, true]));
      }
      const text = layoutToText(layout);
      // Glyphs without a Unicode mapping (015's Arabic font) are left out, not printed as boxes.
      expect(text).not.toContain('\uFFFD');
      const expected = popplerWords(entry.path, entry.password, layout.pages.length);
      if (expected.length >= 20) {
        const ours = new Set(text.match(/\p{L}{4,}/gu) ?? []);
        const found = expected.filter((w) => ours.has(w)).length;
        expect(found / expected.length).toBeGreaterThan(0.9);
      }
      const docx = await Packer.toBuffer(layoutToDocx(layout));
      expect(docx.subarray(0, 2).toString('latin1')).toBe('PK');
      expect(layoutToRtf(layout).startsWith('{\\rtf1')).toBe(true);
      const epub = layoutToEpub(layout, entry.file);
      expect(epub[0]!.name).toBe('mimetype');
      const epubPath = tmp.out(`${entry.file}.epub`);
      await writeEpub(epub, epubPath);
      expect(epubcheck(epubPath)).toEqual([]);
      expect(layoutToPagesXml(layout)).toContain('<sf:text-body>');
      if (pageCount <= 4) {
        // The whole converter once per small file, reading the result back.
        const out = tmp.out(`${entry.file}.docx`);
        await pdfToWord(input, out);
        const xml = spawnSync('unzip', ['-p', out, 'word/document.xml'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).stdout;
        expect(xml).toContain('<w:body>');
        // Flowing text: the only frames are figures' labels set over their pictures.
        expect(xml).not.toMatch(/txbxContent/);
        const labels = layout.pages.flatMap((p) => p.blocks).reduce((n, b) => n + (b.kind === 'image' ? (b.labels?.paragraphs.length ?? 0) : 0), 0);
        expect(xml.match(/<w:framePr /g)?.length ?? 0).toBe(labels);
      }
    });
  }
});
