/**
 * PDF to EPUB 3: the layout reflowed into XHTML chapters. Chapters start at the outline's top
 * entries (their paragraphs are marked as level-1 headings by the analysis), else at the
 * document's highest heading level, else every page range of CHAPTER_PAGES pages. The package:
 * `mimetype` first and stored, META-INF/container.xml, OEBPS/content.opf (manifest, spine),
 * nav.xhtml, one XHTML file per chapter, the images, a small stylesheet.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { writeAtomically } from '../files.js';
import type { PdfInput } from '../merge.js';
import { progressReporter, type ProgressFn } from '../progress.js';
import { analysePdf } from '../reconstruct/analyse.js';
import type { Block, DocumentLayout, Paragraph } from '../reconstruct/layout.js';
import { escapeXml, withoutSoftHyphens } from '../reconstruct/text.js';

/** Without headings, a chapter per this many pages. */
const CHAPTER_PAGES = 10;

export async function pdfToEpub(input: PdfInput, outputPath: string, onProgress?: ProgressFn): Promise<void> {
  const report = progressReporter(onProgress);
  const layout = await analysePdf(input, (p) => report(p * 0.9));
  await writeEpub(layoutToEpub(layout, input.path), outputPath);
  report(100);
}

/** The package's entries as an EPUB file: `mimetype` first and stored. */
export async function writeEpub(entries: { name: string; data: Uint8Array }[], outputPath: string): Promise<void> {
  await writeAtomically(outputPath, async (temp) => {
    const zip = new yazl.ZipFile();
    const written = pipeline(zip.outputStream, createWriteStream(temp, { flags: 'wx' }));
    for (const e of entries) {
      // DOS timestamps only: epubcheck wants no extra field on the leading mimetype entry.
      zip.addBuffer(Buffer.from(e.data), e.name, { compress: e.name !== 'mimetype', forceDosTimestamp: true });
    }
    zip.end();
    await written;
  });
}

interface Chapter {
  title: string;
  blocks: Block[];
}

function chaptersOf(layout: DocumentLayout): Chapter[] {
  const all = layout.pages.flatMap((p) => p.blocks.map((block) => ({ page: p.index, block })));
  const levels = all.map(({ block }) => (block.kind === 'paragraph' ? block.headingLevel : undefined)).filter((l): l is number => l !== undefined);
  const top = levels.length ? Math.min(...levels) : undefined;
  const chapters: Chapter[] = [];
  const titleOf = (p: Paragraph): string => withoutSoftHyphens(p.runs.map((r) => r.text).join('')).trim().slice(0, 200);
  if (top !== undefined) {
    for (const { block } of all) {
      if (block.kind === 'paragraph' && block.headingLevel === top) chapters.push({ title: titleOf(block), blocks: [block] });
      else if (chapters.length === 0) chapters.push({ title: layout.title ?? 'Start', blocks: [block] });
      else chapters[chapters.length - 1]!.blocks.push(block);
    }
  } else {
    for (const { page, block } of all) {
      const index = Math.floor((page - 1) / CHAPTER_PAGES);
      while (chapters.length <= index) chapters.push({ title: `Pages ${chapters.length * CHAPTER_PAGES + 1}-`, blocks: [] });
      chapters[index]!.blocks.push(block);
    }
  }
  const nonEmpty = chapters.filter((c) => c.blocks.length > 0);
  return nonEmpty.length ? nonEmpty : [{ title: layout.title ?? 'Document', blocks: [] }];
}

function runsHtml(p: Paragraph): string {
  return p.runs
    .map((r) => {
      let html = escapeXml(r.text);
      if (r.bold) html = `<b>${html}</b>`;
      if (r.italic) html = `<i>${html}</i>`;
      if (r.color !== '000000') html = `<span style="color:#${r.color}">${html}</span>`;
      return html;
    })
    .join('');
}

function paragraphHtml(p: Paragraph): string {
  const dir = p.rtl ? ' dir="rtl"' : '';
  if (p.headingLevel) return `<h${p.headingLevel}${dir}>${runsHtml(p)}</h${p.headingLevel}>`;
  const align = p.align === 'left' ? '' : ` style="text-align:${p.align}"`;
  const marker = p.list ? `${escapeXml(p.list.marker)} ` : '';
  return `<p${p.list ? ' class="item"' : ''}${dir}${align}>${marker}${runsHtml(p)}</p>`;
}

/** The files of the EPUB, in order (mimetype first). */
export function layoutToEpub(layout: DocumentLayout, sourceName: string): { name: string; data: Uint8Array }[] {
  const enc = (s: string): Uint8Array => Buffer.from(s, 'utf8');
  const files: { name: string; data: Uint8Array }[] = [];
  const images: { name: string; data: Uint8Array; type: string }[] = [];
  const chapters = chaptersOf(layout);
  const title = layout.title?.trim() || sourceName.replace(/^.*[\\/]/, '').replace(/\.pdf$/i, '') || 'Document';
  const chapterFiles = chapters.map((chapter, i) => {
    const body = chapter.blocks
      .map((b) => {
        if (b.kind === 'paragraph') return paragraphHtml(b);
        if (b.kind === 'table') {
          const rows = b.rows.map((r) => `<tr>${r.cells.map((c) => `<td${c.colSpan > 1 ? ` colspan="${c.colSpan}"` : ''}>${c.text.map(runsHtml).join('<br/>')}</td>`).join('')}</tr>`).join('');
          return `<table${b.ruled ? ' class="ruled"' : ''}>${rows}</table>`;
        }
        const name = `images/image-${images.length + 1}.${b.ext}`;
        images.push({ name, data: b.data, type: b.ext === 'jpg' ? 'image/jpeg' : 'image/png' });
        const width = Math.round(b.bbox.x1 - b.bbox.x0);
        return `<p class="figure"><img src="${name}" alt="" style="width:${width}pt;max-width:100%"/></p>`;
      })
      .join('\n');
    const name = `chapter-${i + 1}.xhtml`;
    files.push({
      name: `OEBPS/${name}`,
      data: enc(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en" xml:lang="en">
<head><meta charset="UTF-8"/><title>${escapeXml(chapter.title)}</title><link rel="stylesheet" type="text/css" href="style.css"/></head>
<body>
<section epub:type="chapter">
${body}
</section>
</body>
</html>
`),
    });
    return { name, title: chapter.title || `Chapter ${i + 1}` };
  });
  const nav = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en" xml:lang="en">
<head><meta charset="UTF-8"/><title>${escapeXml(title)}</title></head>
<body>
<nav epub:type="toc" id="toc"><h1>Contents</h1><ol>
${chapterFiles.map((c) => `<li><a href="${c.name}">${escapeXml(c.title)}</a></li>`).join('\n')}
</ol></nav>
</body>
</html>
`;
  const modified = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const manifest = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    '<item id="css" href="style.css" media-type="text/css"/>',
    ...chapterFiles.map((c, i) => `<item id="c${i + 1}" href="${c.name}" media-type="application/xhtml+xml"/>`),
    ...images.map((img, i) => `<item id="img${i + 1}" href="${img.name}" media-type="${img.type}"/>`),
  ];
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="en">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="uid">urn:uuid:${randomUUID()}</dc:identifier>
<dc:title>${escapeXml(title)}</dc:title>
<dc:language>en</dc:language>
<meta property="dcterms:modified">${modified}</meta>
</metadata>
<manifest>
${manifest.join('\n')}
</manifest>
<spine>
${chapterFiles.map((_, i) => `<itemref idref="c${i + 1}"/>`).join('\n')}
</spine>
</package>
`;
  const container = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
`;
  const css = 'body{font-family:serif;line-height:1.4}p{margin:0 0 .6em}p.item{margin-left:1.5em;text-indent:-1.5em}table{border-collapse:collapse;margin:.6em 0}td{padding:2px 6px;vertical-align:top}table.ruled td{border:1px solid #000}p.figure{text-align:center}\n';
  return [
    { name: 'mimetype', data: enc('application/epub+zip') },
    { name: 'META-INF/container.xml', data: enc(container) },
    { name: 'OEBPS/content.opf', data: enc(opf) },
    { name: 'OEBPS/nav.xhtml', data: enc(nav) },
    { name: 'OEBPS/style.css', data: enc(css) },
    ...files,
    ...images.map((img) => ({ name: `OEBPS/${img.name}`, data: img.data })),
  ];
}
