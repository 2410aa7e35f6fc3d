import * as mupdf from 'mupdf';

/** The text of each page of a PDF, read back with MuPDF rather than trusted from the engine. */
export function pageTexts(pdf: Buffer | Uint8Array): string[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    const texts: string[] = [];
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i);
      texts.push(page.toStructuredText('preserve-whitespace').asText().trim());
      page.destroy();
    }
    return texts;
  } finally {
    doc.destroy();
  }
}
