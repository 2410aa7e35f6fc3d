/** Text helpers shared by the flowing writers (docx, txt, rtf, epub, pages). */
import type { Block, DocumentLayout, Paragraph } from './layout.js';

/** Characters XML 1.0 cannot carry (controls other than tab, newline, return; lone surrogates; U+FFFE/F). */
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlSafe(text: string): string {
  return text.replace(XML_INVALID, '');
}

export function escapeXml(text: string): string {
  return xmlSafe(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/**
 * Where the PDF hyphenated a word at a line end: an optional break the writers keep (Word's
 * soft hyphen, RTF's \-, HTML's U+00AD), invisible unless a line breaks there.
 */
export const SOFT_HYPHEN = '\u00ad';

/** Text for plain-text readers: soft hyphens out. */
export function withoutSoftHyphens(text: string): string {
  return text.replaceAll(SOFT_HYPHEN, '');
}

export function paragraphText(p: Paragraph): string {
  const body = withoutSoftHyphens(p.runs.map((r) => r.text).join('')).trim();
  return p.list ? `${p.list.marker} ${body}` : body;
}

/** The text of one block as plain text: a table row per line with cells separated by tabs. */
export function blockText(b: Block): string {
  if (b.kind === 'paragraph') return paragraphText(b);
  if (b.kind === 'table') return b.rows.map((r) => r.cells.map((c) => c.text.map(paragraphText).join(' ')).join('\t')).join('\n');
  return '';
}

/** Every body block of the document in reading order, with the page it belongs to. */
export function* bodyBlocks(layout: DocumentLayout): Generator<{ page: number; block: Block }> {
  for (const page of layout.pages) for (const block of page.blocks) yield { page: page.index, block };
}

/** The size most text is set in (the body text), by characters. */
export function bodySizeOf(layout: DocumentLayout): number {
  const counts = new Map<number, number>();
  for (const { block } of bodyBlocks(layout)) {
    if (block.kind !== 'paragraph') continue;
    for (const r of block.runs) counts.set(r.size, (counts.get(r.size) ?? 0) + r.text.length);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 11;
}
