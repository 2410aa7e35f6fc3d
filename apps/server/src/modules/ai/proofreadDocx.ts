/**
 * The proofreader's "apply all" download: the corrected text as a Word document. Paragraphs are
 * the text's blank-line-separated blocks (as the PDF text is joined, see detector.ts plainText);
 * single line breaks inside a block stay line breaks.
 */
import { Document, Packer, Paragraph, TextRun } from 'docx';

export async function correctedDocx(text: string): Promise<Buffer> {
  const paragraphs = text.split(/\n\s*\n/).map((block) => block.trim()).filter(Boolean).map((block) => new Paragraph({
    children: block.split('\n').map((line, i) => new TextRun({ text: line, ...(i > 0 ? { break: 1 } : {}) })),
  }));
  const document = new Document({ creator: 'Pagewright', title: 'Proofread text', sections: [{ children: paragraphs }] });
  return Packer.toBuffer(document);
}
