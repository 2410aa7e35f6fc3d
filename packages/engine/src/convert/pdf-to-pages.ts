/**
 * PDF to Pages: an iWork Pages '09 package (a zip holding index.xml in Apple's `sl`/`sf`
 * namespaces) with the body text of every page in reading order, one Pages paragraph per
 * paragraph, table rows as tab-separated paragraphs. Paragraphs keep their alignment and runs
 * their font, size, bold, italic and colour, as styles of the document's stylesheet that the
 * text refers to (`sf:style`). LibreOffice opens it through libetonyek.
 */
import type { PdfInput } from '../merge.js';
import { progressReporter, type ProgressFn } from '../progress.js';
import { analysePdf } from '../reconstruct/analyse.js';
import { portableFamily } from '../reconstruct/fonts.js';
import type { DocumentLayout, Paragraph, Run } from '../reconstruct/layout.js';
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

/** Pages' paragraph alignment values. */
const ALIGNMENT: Record<Paragraph['align'], number> = { left: 0, right: 1, center: 2, justify: 3 };

const flag = (name: string, on: boolean): string => (on ? `<sf:${name}><sf:number sfa:number="1" sfa:type="c"/></sf:${name}>` : '');

function colorOf(hex: string): string {
  const [r, g, b] = [0, 2, 4].map((i) => (parseInt(hex.slice(i, i + 2), 16) / 255).toFixed(4));
  return `<sf:color xsi:type="sfa:calibrated-rgb-color-type" sfa:r="${r}" sfa:g="${g}" sfa:b="${b}" sfa:a="1"/>`;
}

/** The stylesheet's styles, made as the text needs them: one per distinct alignment or run look. */
class Stylesheet {
  private readonly characters = new Map<string, string>();
  private readonly paragraphs = new Map<Paragraph['align'], string>();
  private readonly xml: string[] = [];

  character(run: Run): string {
    const family = portableFamily(run);
    const key = [family, run.size, run.bold, run.italic, run.color].join('|');
    let id = this.characters.get(key);
    if (!id) {
      id = `pw-c${this.characters.size + 1}`;
      this.characters.set(key, id);
      const props =
        flag('bold', run.bold) +
        flag('italic', run.italic) +
        `<sf:fontSize><sf:number sfa:number="${run.size}" sfa:type="f"/></sf:fontSize>` +
        `<sf:fontName><sf:string sfa:string="${escapeXml(family)}"/></sf:fontName>` +
        `<sf:fontColor>${colorOf(run.color)}</sf:fontColor>`;
      this.xml.push(`<sf:characterstyle sfa:ID="${id}"><sf:property-map>${props}</sf:property-map></sf:characterstyle>`);
    }
    return id;
  }

  paragraph(align: Paragraph['align']): string {
    let id = this.paragraphs.get(align);
    if (!id) {
      id = `pw-p-${align}`;
      this.paragraphs.set(align, id);
      this.xml.push(`<sf:paragraphstyle sfa:ID="${id}"><sf:property-map><sf:alignment><sf:number sfa:number="${ALIGNMENT[align]}" sfa:type="i"/></sf:alignment></sf:property-map></sf:paragraphstyle>`);
    }
    return id;
  }

  toXml(): string {
    return `<sl:stylesheet sfa:ID="pw-stylesheet"><sf:anon-styles>${this.xml.join('')}</sf:anon-styles></sl:stylesheet>`;
  }
}

/** One paragraph: its runs as styled spans, the list marker (if any) in the first run's style. */
function styledParagraph(p: Paragraph, styles: Stylesheet): string | undefined {
  const runs = p.runs.map((r) => ({ ...r }));
  while (runs.length && runs[0]!.text.trimStart() === '') runs.shift();
  while (runs.length && runs[runs.length - 1]!.text.trimEnd() === '') runs.pop();
  if (runs.length === 0) return undefined;
  runs[0]!.text = runs[0]!.text.trimStart();
  runs[runs.length - 1]!.text = runs[runs.length - 1]!.text.trimEnd();
  if (p.list) runs[0]!.text = `${p.list.marker} ${runs[0]!.text}`;
  const spans = runs.map((r) => `<sf:span sf:style="${styles.character(r)}">${escapeXml(r.text)}</sf:span>`).join('');
  return `<sf:p sf:style="${styles.paragraph(p.align)}">${spans}<sf:br/></sf:p>`;
}

/** The index.xml of a Pages '09 document holding the layout's text. */
export function layoutToPagesXml(layout: DocumentLayout): string {
  const styles = new Stylesheet();
  const paragraphs: string[] = [];
  for (const page of layout.pages) {
    for (const block of page.blocks) {
      if (block.kind === 'paragraph') {
        const p = styledParagraph(block, styles);
        if (p) paragraphs.push(p);
        continue;
      }
      for (const line of blockText(block).split('\n')) {
        if (line.trim() === '') continue;
        const body = line.split('\t').map(escapeXml).join('<sf:tab/>');
        paragraphs.push(`<sf:p>${body}<sf:br/></sf:p>`);
      }
    }
  }
  if (paragraphs.length === 0) paragraphs.push('<sf:p><sf:br/></sf:p>');
  return `<?xml version="1.0"?>
<sl:document xmlns:sfa="http://developer.apple.com/namespaces/sfa" xmlns:sf="http://developer.apple.com/namespaces/sf" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:sl="http://developer.apple.com/namespaces/sl" sl:version="92008102400">${styles.toXml()}<sf:text-storage sf:kind="body"><sf:text-body><sf:section><sf:layout>${paragraphs.join('')}</sf:layout></sf:section></sf:text-body></sf:text-storage></sl:document>
`;
}
