import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { readVectorPaths, renderVectorArt } from './convert/positional.js';
import { mupdf } from './mupdf.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** One page painted by an axial shading (the `sh` operator), with a line of text over it. */
function shadedPdf(): Buffer {
  const content = 'q /Sh0 sh Q BT /F1 24 Tf 72 700 Td (Shaded) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Shading << /Sh0 5 0 R >> /Font << /F1 6 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 595 842] /Function << /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 0 1] /N 1 >> /Extend [true true] >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

describe('MuPDF objects handed to our devices', () => {
  it('a shading read and drawn through our devices, with the garbage collector run between, leaves the WebAssembly heap intact', async () => {
    // MuPDF.js 1.28 would free the page's shading once per collected wrapper: without
    // borrowedShade this loop ends in "memory access out of bounds".
    const bytes = shadedPdf();
    for (let round = 0; round < 60; round++) {
      const doc = mupdf.Document.openDocument(bytes, 'application/pdf') as InstanceType<typeof mupdf.PDFDocument>;
      const page = doc.loadPage(0);
      try {
        for (let use = 0; use < 3; use++) {
          readVectorPaths(page);
          expect(renderVectorArt(page, 36)).toBeInstanceOf(Uint8Array);
        }
        collectGarbage();
        await new Promise((resolve) => setTimeout(resolve, 0));
        page.toPixmap(mupdf.Matrix.identity, mupdf.ColorSpace.DeviceRGB).destroy();
      } finally {
        page.destroy();
        doc.destroy();
      }
    }
    const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
    const text = doc.loadPage(0).toStructuredText('preserve-whitespace').asText();
    expect(text).toContain('Shaded');
  });
});
