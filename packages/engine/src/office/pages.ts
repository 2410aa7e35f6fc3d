/**
 * A fallback for Pages '09 documents (a zip holding index.xml, sometimes gzipped) whose body
 * LibreOffice's importer (libetonyek) leaves out: it drops placeholder ("ghost") text, which
 * is all an unedited template holds, and Pages prints. When LibreOffice's PDF has no text at
 * all, the body paragraphs of index.xml are printed as plain paragraphs through Chromium:
 * the words are kept, the layout is not.
 */
import { readFile } from 'node:fs/promises';
import { gunzipSync, strFromU8, unzipSync } from 'fflate';
import { mupdf } from '../mupdf.js';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name] ?? whole;
  });
}

/** The paragraphs of the body text of a Pages '09 package, or [] when it is not one. */
export async function pages09Paragraphs(path: string): Promise<string[]> {
  let xml: string;
  try {
    const parts = unzipSync(await readFile(path), { filter: (file) => file.name === 'index.xml' || file.name === 'index.xml.gz' });
    const plain = parts['index.xml'];
    const gzipped = parts['index.xml.gz'];
    if (plain) xml = strFromU8(plain);
    else if (gzipped) xml = strFromU8(gunzipSync(gzipped));
    else return [];
  } catch {
    return [];
  }
  const paragraphs: string[] = [];
  for (const [, body] of xml.matchAll(/<sf:text-body\b[^>]*>([\s\S]*?)<\/sf:text-body>/g)) {
    for (const [, content] of body!.matchAll(/<sf:p\b[^>]*>([\s\S]*?)<\/sf:p>/g)) {
      const text = decode(content!.replace(/<sf:(tab|br|lnbr|crbr|intratopicbr)\s*\/>/g, ' ').replace(/<[^>]+>/g, '')).replace(/\s+/g, ' ').trim();
      if (text) paragraphs.push(text);
    }
  }
  return paragraphs;
}

/** Whether any page of the PDF has text MuPDF can extract. */
export async function pdfHasText(path: string): Promise<boolean> {
  const doc = mupdf.Document.openDocument(await readFile(path), 'application/pdf');
  try {
    for (let i = 0; i < doc.countPages(); i++) {
      const page = doc.loadPage(i);
      try {
        const text = page.toStructuredText('preserve-whitespace');
        try {
          if (text.asText().trim() !== '') return true;
        } finally {
          text.destroy();
        }
      } finally {
        page.destroy();
      }
    }
    return false;
  } finally {
    doc.destroy();
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A plain HTML page of the paragraphs, for the Chromium renderer. */
export function paragraphsHtml(paragraphs: string[]): Buffer {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return Buffer.from(`<!DOCTYPE html><html><head><meta charset="utf-8"><style>body { font: 11pt/1.4 serif; } p { margin: 0 0 0.6em; }</style></head><body>\n${body}\n</body></html>`, 'utf8');
}
