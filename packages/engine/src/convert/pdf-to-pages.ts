/**
 * PDF to Pages: an iWork Pages '09 package (a zip holding index.xml in Apple's `sl`/`sf`
 * namespaces) with the body text of every page in reading order, one Pages paragraph per
 * paragraph, table rows as tab-separated paragraphs. LibreOffice opens it through libetonyek.
 * Styling is not carried (a Pages stylesheet is a large structure of its own).
 */
import type { PdfInput } from '../merge.js';
import { progressReporter, type ProgressFn } from '../progress.js';
import { analysePdf } from '../reconstruct/analyse.js';
import type { DocumentLayout } from '../reconstruct/layout.js';
import { blockText, escapeXml } from '../reconstruct/text.js';
import { writeZip } from '../zip.js';

export async function pdfToPages(input: PdfInput, outputPath: string, onProgress?: ProgressFn): Promise<void> {
  const report = progressReporter(onProgress);
  const layout = await analysePdf(input, (p) => report(p * 0.9));
  const xml = layoutToPagesXml(layout);
  await writeZip(outputPath, async (add) => {
    await add('index.xml', Buffer.from(xml, 'utf8'), true);
  });
  report(100);
}

/** The index.xml of a Pages '09 document holding the layout's text. */
export function layoutToPagesXml(layout: DocumentLayout): string {
  const paragraphs: string[] = [];
  for (const page of layout.pages) {
    for (const block of page.blocks) {
      for (const line of blockText(block).split('\n')) {
        if (line.trim() === '') continue;
        const body = line.split('\t').map(escapeXml).join('<sf:tab/>');
        paragraphs.push(`<sf:p>${body}<sf:br/></sf:p>`);
      }
    }
  }
  if (paragraphs.length === 0) paragraphs.push('<sf:p><sf:br/></sf:p>');
  return `<?xml version="1.0"?>
<sl:document xmlns:sfa="http://developer.apple.com/namespaces/sfa" xmlns:sf="http://developer.apple.com/namespaces/sf" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:sl="http://developer.apple.com/namespaces/sl" sl:version="92008102400"><sf:text-storage sf:kind="body"><sf:text-body><sf:section><sf:layout>${paragraphs.join('')}</sf:layout></sf:section></sf:text-body></sf:text-storage></sl:document>
`;
}
