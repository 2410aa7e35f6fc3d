import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Document, ImageRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../../test/harness.js';
import { mupdf } from '../mupdf.js';
import { packDocx, writeDocx } from './docx-pack.js';

const tmp = useTempDir('pagewright-docx-pack-');

function sample(): Document {
  const pixmap = new mupdf.Pixmap(mupdf.ColorSpace.DeviceRGB, [0, 0, 8, 8], false);
  pixmap.clear(200);
  const png = Uint8Array.from(pixmap.asPNG());
  pixmap.destroy();
  return new Document({
    sections: [
      {
        children: [
          new Paragraph({ spacing: { before: 120, after: 60 }, children: [new TextRun({ text: 'Bold & <escaped>', bold: true, font: 'Arial', size: 21, color: '1f3864', characterSpacing: -4 })] }),
          new Table({ rows: [new TableRow({ children: [new TableCell({ shading: { fill: 'd9e2f3' }, children: [new Paragraph('cell')] })] })] }),
          new Paragraph({ children: [new ImageRun({ type: 'png', data: png, transformation: { width: 8, height: 8 } })] }),
        ],
      },
    ],
  });
}

describe('writeDocx', () => {
  it("writes the same parts as docx's Packer", async () => {
    const path = join(tmp.dir, 'packed.docx');
    await writeDocx(path, await packDocx(sample()));
    const ours = unzipSync(readFileSync(path));
    const theirs = unzipSync(await Packer.toBuffer(sample()));
    expect(Object.keys(ours)).toEqual(Object.keys(theirs));
    for (const name of Object.keys(theirs)) {
      // The creation and modification dates are the time of packing.
      if (name === 'docProps/core.xml') continue;
      // docx numbers drawings across all the documents it builds: the second sample's are one on.
      const text = (data: Uint8Array): string => Buffer.from(data).toString('latin1').replace(/<wp:docPr id="\d+"/g, '<wp:docPr id=""');
      expect(text(ours[name]!), name).toBe(text(theirs[name]!));
    }
    expect(new TextDecoder().decode(ours['word/document.xml'])).toContain('<w:color w:val="1f3864"/>');
  });
});
