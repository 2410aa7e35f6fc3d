/**
 * Where each image XObject of a document is drawn, and how big: the largest displayed size
 * (in inches, along the image's own width and height axes) over every use on every page,
 * annotations included. Compression uses it to pick the resolution an image needs.
 */
import { mupdf, type PDFDocument, type PDFObject } from '../mupdf.js';

export interface ImageUse {
  /** Object number of the image XObject. */
  num: number;
  /** Largest displayed length of the image's width axis, inches. */
  widthIn: number;
  /** Largest displayed length of the image's height axis, inches. */
  heightIn: number;
  /** An image used as the soft mask of another image (it has no use of its own on a page). */
  softMask: boolean;
}

interface Drawn {
  width: number;
  height: number;
  widthIn: number;
  heightIn: number;
}

export function nameValue(obj: PDFObject): string | undefined {
  return obj.isName() ? obj.asName() : undefined;
}

/** The object numbers of every image XObject stream (Subtype /Image). */
export function imageObjectNumbers(doc: PDFDocument): number[] {
  const nums: number[] = [];
  const count = doc.countObjects();
  for (let num = 1; num < count; num++) {
    try {
      const obj = doc.newIndirect(num);
      if (obj.isStream() && nameValue(obj.get('Subtype')) === 'Image') nums.push(num);
    } catch {
      // A broken object is no image we can touch.
    }
  }
  return nums;
}

/**
 * Runs every page (contents and annotations) through a device that records the images drawn,
 * then matches them to image XObjects. MuPDF keeps loaded images in its store, so loading the
 * XObject again yields the image the page drew; when the store dropped it the match falls back
 * to the pixel size, which can only over-estimate the size an image needs (safe).
 * Images never drawn (unused, or in hidden content) are left out: compression leaves them alone.
 */
export function collectImageUses(doc: PDFDocument, pageCount: number, onPage?: (done: number) => void): ImageUse[] {
  const byPointer = new Map<number, Drawn>();
  const bySize = new Map<string, Drawn>();
  const note = (map: Map<number, Drawn> | Map<string, Drawn>, key: number | string, drawn: Drawn): void => {
    const m = map as Map<number | string, Drawn>;
    const seen = m.get(key);
    if (!seen) m.set(key, { ...drawn });
    else {
      seen.widthIn = Math.max(seen.widthIn, drawn.widthIn);
      seen.heightIn = Math.max(seen.heightIn, drawn.heightIn);
    }
  };
  for (let i = 0; i < pageCount; i++) {
    let page: mupdf.PDFPage | undefined;
    let device: mupdf.Device | undefined;
    try {
      page = doc.loadPage(i);
      device = new mupdf.Device({
        fillImage(image, ctm) {
          const [a, b, c, d] = ctm;
          const drawn: Drawn = {
            width: image.getWidth(),
            height: image.getHeight(),
            widthIn: Math.hypot(a, b) / 72,
            heightIn: Math.hypot(c, d) / 72,
          };
          note(byPointer, image.pointer as unknown as number, drawn);
          note(bySize, `${drawn.width}x${drawn.height}`, drawn);
        },
      });
      page.run(device, mupdf.Matrix.identity);
      device.close();
    } catch {
      // An unreadable page: its images count as unused and stay as they are.
    } finally {
      device?.destroy();
      page?.destroy();
    }
    onPage?.(i + 1);
  }

  const uses = new Map<number, ImageUse>();
  const masks: Array<{ parent: number; mask: number }> = [];
  for (const num of imageObjectNumbers(doc)) {
    let drawn: Drawn | undefined;
    try {
      const obj = doc.newIndirect(num);
      const smask = obj.get('SMask');
      if (smask.isIndirect()) masks.push({ parent: num, mask: smask.asIndirect() });
      const image = doc.loadImage(obj);
      try {
        const width = image.getWidth();
        const height = image.getHeight();
        const hit = byPointer.get(image.pointer as unknown as number);
        drawn = hit && hit.width === width && hit.height === height ? hit : bySize.get(`${width}x${height}`);
      } finally {
        image.destroy();
      }
    } catch {
      continue;
    }
    if (drawn) uses.set(num, { num, widthIn: drawn.widthIn, heightIn: drawn.heightIn, softMask: false });
  }
  // A soft mask is drawn wherever its image is, at the same size.
  for (const { parent, mask } of masks) {
    const use = uses.get(parent);
    if (!use) continue;
    const seen = uses.get(mask);
    if (seen) {
      seen.widthIn = Math.max(seen.widthIn, use.widthIn);
      seen.heightIn = Math.max(seen.heightIn, use.heightIn);
      seen.softMask = true;
    } else {
      uses.set(mask, { num: mask, widthIn: use.widthIn, heightIn: use.heightIn, softMask: true });
    }
  }
  return [...uses.values()].sort((x, y) => x.num - y.num);
}
