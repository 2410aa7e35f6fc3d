import { Document, Packer, PageBreak, Paragraph, TextRun } from 'docx';
import { writeFileAtomic } from './files.js';

/**
 * A Word document of plain text pages: one paragraph per line, a page break between pages.
 * Used for OCR output, where the text has no styling to keep.
 */
export async function writeTextDocx(pages: string[], outputPath: string): Promise<void> {
  const children: Paragraph[] = [];
  pages.forEach((page, index) => {
    const lines = page.split(/\r?\n/);
    lines.forEach((line, lineIndex) => {
      const runs: (TextRun | PageBreak)[] = [new TextRun(line)];
      if (index < pages.length - 1 && lineIndex === lines.length - 1) runs.push(new PageBreak());
      children.push(new Paragraph({ children: runs }));
    });
  });
  const document = new Document({ sections: [{ children }] });
  await writeFileAtomic(outputPath, await Packer.toBuffer(document));
}
