/**
 * The one table of MuPDF save options, and the one call that saves a document. Every option
 * string shares the same core, for these reasons:
 * - `garbage=compact`: drop unused objects (replaced content streams, images re-encoded, pages
 *   left out) and renumber. Renumbering is required: with plain `garbage` and `objstms`, MuPDF
 *   1.28 writes invalid cross-reference entries for the dropped objects. Deduplication
 *   (garbage=3/4) costs ten times a whole merge; left out.
 * - `objstms`: small objects packed into object streams.
 * - `encrypt=none`: the output opens without a password, whatever the input had (MuPDF's
 *   spelling of the deprecated `decrypt`; a new document has no encryption to drop).
 */
import type { PDFDocument } from '../mupdf.js';

export const saveOptions = {
  /**
   * Every PDF output but protect's and OCR's: streams compressed (`compress`: what is not
   * compressed yet, new content and images MuPDF stored raw), the core above.
   */
  plain: 'encrypt=none,garbage=compact,compress,objstms',
  /** OCR of a PDF input: the core alone, no stream (re)compressed: the input's streams go out as they came in. */
  keepStreams: 'encrypt=none,garbage=compact,objstms',
  /**
   * The editor's export of a signed PDF: the input's bytes as they are and the changed objects
   * appended (none of the core: garbage collection and object streams rewrite signed bytes);
   * `compress` packs the new streams only (a stand-in font: 83 kB -> 72 kB on the test form).
   */
  incremental: 'incremental,compress',
} as const;

/**
 * protect-pdf: AES-256 with `password` as user and owner password, every permission granted
 * once open, and the core above. In MuPDF's JSON form: its option string cannot carry a comma,
 * the JSON form carries any password.
 */
export function encryptedSaveOptions(password: string): string {
  return JSON.stringify({
    encrypt: 'aes-256',
    'user-password': password,
    'owner-password': password,
    permissions: '-1',
    garbage: 'compact',
    compress: 'yes',
    objstms: 'yes',
  });
}

/** Saves `doc` and copies the result out of the WebAssembly heap (the view dies when the heap grows). */
export function savePdf(doc: PDFDocument, options: string): Uint8Array {
  const buffer = doc.saveToBuffer(options);
  try {
    return Buffer.from(buffer.asUint8Array());
  } finally {
    buffer.destroy();
  }
}
