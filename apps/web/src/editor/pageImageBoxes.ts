/**
 * Where a page draws its images, from pdf.js's operator list, counted as the server counts them
 * (engine pdf/edit-content.ts): images drawn as XObjects by the page's own content, in drawing
 * order, not those inside form XObjects or annotations, nor inline images.
 */
import type { EditorBox } from '@pagewright/contracts';

export type Matrix = [number, number, number, number, number, number];

/** m1 · m2 as pdf.js and the canvas compose them: m2 applies first. */
function multiply(m1: Matrix, m2: Matrix): Matrix {
  return [
    m1[0] * m2[0] + m1[2] * m2[1], m1[1] * m2[0] + m1[3] * m2[1],
    m1[0] * m2[2] + m1[2] * m2[3], m1[1] * m2[2] + m1[3] * m2[3],
    m1[0] * m2[4] + m1[2] * m2[5] + m1[4], m1[1] * m2[4] + m1[3] * m2[5] + m1[5],
  ];
}

/** The displayed box of the unit square (an image's space) under `m`. */
function unitBox(m: Matrix): EditorBox {
  const xs = [m[4], m[0] + m[4], m[2] + m[4], m[0] + m[2] + m[4]];
  const ys = [m[5], m[1] + m[5], m[3] + m[5], m[1] + m[3] + m[5]];
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

/** The operator codes read here, by name (pdf.js's OPS). */
export interface ImageOps {
  save: number; restore: number; transform: number;
  paintFormXObjectBegin: number; paintFormXObjectEnd: number; beginAnnotation: number; endAnnotation: number;
  paintImageXObject: number; paintImageMaskXObject: number; paintImageXObjectRepeat: number;
}

/**
 * The displayed boxes of the images a page's own content draws, in drawing order, from an
 * operator list; `display` is the viewport's transform at scale 1 (PDF user space to points
 * from the top-left corner as displayed).
 */
export function imageBoxes(fnArray: number[], argsArray: unknown[][], display: Matrix, ops: ImageOps): EditorBox[] {
  const boxes: EditorBox[] = [];
  const saved: Matrix[] = [];
  let ctm = display;
  // Inside a form XObject or an annotation's appearance: not the page's own image.
  let nested = 0;
  fnArray.forEach((fn, i) => {
    const args = argsArray[i] ?? [];
    switch (fn) {
      case ops.save:
        saved.push(ctm);
        break;
      case ops.restore:
        ctm = saved.pop() ?? ctm;
        break;
      case ops.transform:
        ctm = multiply(ctm, args as Matrix);
        break;
      case ops.paintFormXObjectBegin:
      case ops.beginAnnotation:
        nested++;
        saved.push(ctm);
        break;
      case ops.paintFormXObjectEnd:
      case ops.endAnnotation:
        nested--;
        ctm = saved.pop() ?? ctm;
        break;
      case ops.paintImageXObject:
      case ops.paintImageMaskXObject:
        if (nested === 0) boxes.push(unitBox(ctm));
        break;
      case ops.paintImageXObjectRepeat: {
        // The same image drawn again and again at other places, which pdf.js draws as one group.
        if (nested > 0) break;
        const [, scaleX, scaleY, positions] = args as [unknown, number, number, ArrayLike<number>];
        for (let p = 0; p + 1 < positions.length; p += 2) boxes.push(unitBox(multiply(ctm, [scaleX, 0, 0, scaleY, positions[p]!, positions[p + 1]!])));
        break;
      }
    }
  });
  return boxes;
}
