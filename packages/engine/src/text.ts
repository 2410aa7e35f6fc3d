import { reasonOf } from './errors.js';
import { documentFail as fail, openInput } from './pdf/single.js';

/**
 * The text layer of a PDF, page by page, for the cloud's search by content. Stops adding text
 * once `maxChars` are collected (a search index needs the words, not every copy of them), and
 * skips a page MuPDF cannot read rather than losing the rest. Scans without a text layer give
 * empty pages. Throws CatalogueError as documentInfo does for a file that will not open.
 */
export async function pageTexts(path: string, maxChars: number, password?: string): Promise<string[]> {
  const { doc, pageCount } = await openInput(password ? { path, password } : { path });
  const texts: string[] = [];
  let collected = 0;
  try {
    for (let index = 0; index < pageCount && collected < maxChars; index += 1) {
      let text = '';
      try {
        const page = doc.loadPage(index);
        try {
          const stext = page.toStructuredText('preserve-whitespace');
          try {
            text = stext.asText();
          } finally {
            stext.destroy();
          }
        } finally {
          page.destroy();
        }
      } catch (err) {
        if (index === 0 && pageCount === 1) throw fail('FILE_DAMAGED', reasonOf(err));
      }
      text = text.slice(0, maxChars - collected);
      collected += text.length;
      texts.push(text);
    }
  } finally {
    doc.destroy();
  }
  return texts;
}
