/**
 * Documents to PDF on the real-world corpus (<repo>/../shared/corpus/office), when present:
 * every document there converts through one shared pool of two LibreOffice instances, and
 * phrases of its text (read from the source files: document XML, shared strings, slides, the
 * strings of the binary formats) are found in the PDF by pdftotext. Files without text of their
 * own (pictures, charts, empty tables) must give pages with images or charts' labels instead.
 * The XXE document (poi_ExternalEntityInText.docx) converts without any connection to a
 * loopback server, and its external entity stays unexpanded.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentToPdf, OfficePool } from './index.js';
import { readBack } from '../test/fixtures.js';
import { useTempDir } from '../test/harness.js';
import { pdftotext } from '../test/image-fixtures.js';
import { loopbackProbe, type Probe } from '../test/office-fixtures.js';
import { corpusAvailable } from '../test/tools.js';

const corpusRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'shared', 'corpus');
const officeDir = join(corpusRoot, 'office');
const present = corpusAvailable(officeDir, 'corpus: documents to PDF');

/** Phrases of each file's own text; [] for files that hold no text (checked for images). */
const EXPECTED: Record<string, string[]> = {
  'libetonyek_pages4-file.pages': ['Lorem ipsum dolor sit amet', 'Duis aute in voluptate velit esse'],
  'libetonyek_pages5-file.pages': ['My hovercraft is full of eels', 'Mój poduszkowiec jest pełen węgorzy'],
  'poi_50784-font_theme_colours.xlsx': ['theme color', 'standart color'],
  'poi_50867_with_table.xlsx': ['a', 'b', 'c'],
  'poi_Bug51170.docx': ['ESTATUTOS DA ASSOCIAÇÃO DENOMINADA CNIG', 'CAPÍTULO PRIMEIRO'],
  'poi_ComplexNumberedLists.docx': ['This is a document with numbered lists', 'All done!'],
  'poi_ExternalEntityInText.docx': ['Here should not be the POI web site'],
  'poi_FieldCodes.docx': ['ANTONI', '16 June 2010'],
  'poi_Formatting.xlsx': ['Dates, all 24th November 2006', '2006-11-24'],
  'poi_Headers.docx': ['Section 1', 'Section 3'],
  'poi_Sample.pub': ['This is some text on the first page', 'This is in bold and italic'],
  'poi_Sample98.pub': ['This is some text on the first page', 'This is in bold and italic'],
  'poi_SampleBrochure.pub': ['Contoso Gallery of Fine Art', 'The Great Portraits Exhibition'],
  'poi_SampleDoc.doc': ['I am a test document', 'This is page two'],
  'poi_SampleNewsletter.pub': ['Living and Learning in Class X', 'This week’s award recipients'],
  'poi_SampleSS.ods': ['Test spreadsheet', 'Start of 2nd sheet', "I'm in bold blue, on a yellow background"],
  'poi_SampleSS.xls': ['Test spreadsheet', 'Start of 2nd sheet', "I'm in bold blue, on a yellow background"],
  'poi_SampleSS.xlsx': ['Test spreadsheet', 'Start of 2nd sheet', "I'm in bold blue, on a yellow background"],
  'poi_SampleShow.ppt': ['Title of the first slide', 'It has bullet points on it'],
  'poi_SampleShow.pptx': ['Title of the first slide', 'It has bullet points on it'],
  'poi_SimpleMultiCell.xlsx': ['11', '15'],
  'poi_WithMaster.pptx': ['First page title', 'This text comes from the Master Slide'],
  'poi_backgrounds.pptx': ['Solid Fill', 'Defined on the master slide: Tan, darker 10%'],
  'poi_bar-chart.pptx': ['My Bar Chart', '4th Qtr'],
  'poi_basic_test_ppt_file.ppt': ['This is a test title', 'This is the title on page 2'],
  'poi_message.rtf': ['These are five files', 'Five files from Hell!'],
  'poi_sample.xlsx': ['Lorem ipsum dolor sit amet', 'The quick brown fox jumps over the lazy dog'],
  'poi_simple.doc': ['This is a simple file created with Word 97-SR2.'],
  'python-docx_having-images.docx': [],
  'python-docx_par-alignment.docx': ['Inherited alignment', 'Fully justified.', 'Right aligned.'],
  'python-docx_tbl-having-tables.docx': [],
  'python-docx_txt-font-props.docx': ['A paragraph in ‘Having Typeface’ style.', 'Paragraph in ‘Double Underlined’ style.'],
  'python-pptx_cht-chart-type.pptx': ['100%'],
  'python-pptx_dml-fill.pptx': ['autoshape with inherited fill', 'autoshape with gradient fill'],
};

function images(path: string): number {
  const result = spawnSync('pdfimages', ['-list', path], { encoding: 'utf8' });
  return result.stdout.trim().split('\n').length - 2;
}

describe.skipIf(!present)('corpus: documents to PDF', () => {
  const dir = useTempDir('pagewright-corpus-office-');
  let pool: OfficePool;
  let probe: Probe;
  beforeAll(async () => {
    pool = new OfficePool({ instances: 2 });
    probe = await loopbackProbe();
  });
  afterAll(async () => {
    await pool.close();
    await probe.close();
  });

  it('converts every corpus document, and its text is in the PDF', async () => {
    const files = readdirSync(officeDir).filter((name) => !name.startsWith('LICENSE')).sort();
    expect(files.length).toBeGreaterThanOrEqual(30);
    // A new corpus file must be given its phrases here.
    expect(files.filter((name) => !(name in EXPECTED))).toEqual([]);
    const failures: string[] = [];
    await Promise.all(files.map(async (name) => {
      const output = dir.out(`${name}.pdf`);
      try {
        await documentToPdf(pool, join(officeDir, name), output, name.split('.').pop()!);
      } catch (err) {
        failures.push(`${name}: ${(err as Error).message}`);
      }
    }));
    expect(failures).toEqual([]);
    for (const name of files) {
      const output = dir.out(`${name}.pdf`);
      expect(readBack(readFileSync(output)).pageCount, name).toBeGreaterThanOrEqual(1);
      const text = pdftotext(output).replace(/\s+/g, ' ');
      const phrases = EXPECTED[name]!;
      for (const phrase of phrases) expect(text, name).toContain(phrase);
      if (phrases.length === 0 && name.includes('having-images')) expect(images(output), name).toBeGreaterThan(0);
    }
    // The XXE document: nothing fetched, the entity left out.
    expect(pdftotext(dir.out('poi_ExternalEntityInText.docx.pdf'))).toContain('Here should not be the POI web site: ""');
    expect(probe.connections).toBe(0);
  });

  it('converts the XXE document with its entity pointed at a loopback server, which sees nothing', async () => {
    // The corpus file points at http://poi.apache.org/; a copy pointing at our probe proves no fetch.
    const { strFromU8, strToU8, unzipSync, zipSync } = await import('fflate');
    const parts = unzipSync(readFileSync(join(officeDir, 'poi_ExternalEntityInText.docx')));
    parts['word/document.xml'] = strToU8(strFromU8(parts['word/document.xml']!).replace('http://poi.apache.org/', `${probe.base}/entity`));
    const input = dir.file('xxe-loopback.docx', zipSync(parts));
    await documentToPdf(pool, input, dir.out('xxe-loopback.pdf'), 'docx');
    expect(pdftotext(dir.out('xxe-loopback.pdf'))).toContain('Here should not be the POI web site: ""');
    expect(probe.requests).toEqual([]);
    expect(probe.connections).toBe(0);
  });
});
