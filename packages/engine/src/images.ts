/**
 * Extract the images of a PDF into a zip. Pages are walked in order; their content streams
 * (and those of the forms, tiling patterns and annotation appearances they use) are scanned
 * for painted image XObjects and inline images, so each image is named after the first page
 * that shows it, in drawing order; image XObjects listed in a page's resources but never
 * painted come last, under that page. Every image object is extracted once.
 */
import { CatalogueError } from '@pagewright/contracts';
import type { PdfInput } from './merge.js';
import { mupdf, type PDFDocument, type PDFObject } from './mupdf.js';
import { asCatalogueError } from './errors.js';
import { progressReporter, type ProgressFn } from './progress.js';
import { encodePng } from './png.js';
import { writeZip } from './zip.js';
import { InlineName, scanContent, type InlineValue } from './pdf/content.js';
import { nameOf } from './pdf/copy.js';
import { openInput } from './pdf/single.js';

type Image = mupdf.Image;
type Pixmap = mupdf.Pixmap;

export interface ExtractedImage {
  /** 'jpg' (the stored JPEG data) or 'png' (decoded). */
  ext: 'jpg' | 'png';
  data: Uint8Array;
}

const MAX_FORM_DEPTH = 24;

/**
 * Writes every image of the input into the zip at `outputZipPath`, named `page-<n>-<k>.<ext>`
 * (`n` the first page showing it, `k` its 1-based position on that page). JPEG images
 * (DCTDecode, possibly under further lossless filters) are written as stored, `.jpg`, without
 * their soft mask; every other image is decoded to PNG: gray and RGB kept, CMYK, Lab,
 * separations and other colour spaces converted to RGB, indexed images expanded, a soft mask,
 * stencil mask or colour-key mask applied as alpha; a stencil mask (ImageMask) alone becomes a
 * gray image, black where it paints. An image that cannot be decoded is left out. No image at
 * all -> CatalogueError(2405).
 */
export async function extractImages(input: PdfInput, outputZipPath: string, onProgress?: ProgressFn): Promise<{ images: number }> {
  const report = progressReporter(onProgress);
  report(0);
  const { doc, pageCount } = await openInput(input);
  let images = 0;
  try {
    await writeZip(outputZipPath, async (add) => {
      const extractor = new ImageExtractor(doc);
      try {
        const emit = async (page: number, found: ExtractedImage[]): Promise<void> => {
          for (const [k, image] of found.entries()) {
            await add(`page-${page + 1}-${k + 1}.${image.ext}`, image.data);
            images++;
          }
        };
        for (let i = 0; i < pageCount; i++) {
          await emit(i, extractor.paintedOn(i));
          report(((i + 1) / pageCount) * 90);
        }
        for (let i = 0; i < pageCount; i++) {
          const unused = extractor.unusedOn(i);
          // Numbered after the page's painted images.
          const offset = extractor.countOn(i) - unused.length;
          for (const [k, image] of unused.entries()) {
            await add(`page-${i + 1}-${offset + k + 1}.${image.ext}`, image.data);
            images++;
          }
        }
      } finally {
        extractor.destroy();
      }
      if (images === 0) throw new CatalogueError(2405, 'the document holds no image');
      report(95);
    });
  } catch (err) {
    throw asCatalogueError(err, 'UNKNOWN');
  } finally {
    doc.destroy();
  }
  report(100);
  return { images };
}

/** Finds and converts the images of one document; owns a scratch document for inline images. */
class ImageExtractor {
  private readonly done = new Set<number>();
  private readonly walked = new Set<number>();
  private readonly perPage = new Map<number, number>();
  private readonly scratch = new mupdf.PDFDocument();

  constructor(private readonly doc: PDFDocument) {}

  destroy(): void {
    this.scratch.destroy();
  }

  countOn(page: number): number {
    return this.perPage.get(page) ?? 0;
  }

  /** The images painted by page `index` (0-based) and not extracted before, in drawing order. */
  paintedOn(index: number): ExtractedImage[] {
    const found: ExtractedImage[] = [];
    let page: PDFObject;
    try {
      page = this.doc.findPage(index);
    } catch {
      return found;
    }
    const resources = page.getInheritable('Resources');
    this.walkContent(contentOf(page.get('Contents')), resources, found, 0);
    try {
      const annots = page.get('Annots');
      const n = annots.isArray() ? annots.length : 0;
      for (let i = 0; i < n; i++) {
        const appearance = annots.get(i).get('AP', 'N');
        if (appearance.isStream()) this.walkForm(appearance, resources, found, 0);
        else if (appearance.isDictionary()) appearance.forEach((state) => this.walkForm(state, resources, found, 0));
      }
    } catch {
      // Annotations that cannot be read show no image.
    }
    this.perPage.set(index, found.length);
    return found;
  }

  /** Image XObjects in page `index`'s resources that nothing painted (call after every paintedOn). */
  unusedOn(index: number): ExtractedImage[] {
    const found: ExtractedImage[] = [];
    try {
      const xobjects = this.doc.findPage(index).getInheritable('Resources').get('XObject');
      if (xobjects.isDictionary()) {
        xobjects.forEach((ref) => {
          if (nameOf(ref.get('Subtype')) === 'Image') this.addImage(ref, found);
        });
      }
    } catch {
      // Unreadable resources hold no image.
    }
    this.perPage.set(index, this.countOn(index) + found.length);
    return found;
  }

  private walkContent(content: Uint8Array | null, resources: PDFObject, found: ExtractedImage[], depth: number): void {
    if (content) {
      try {
        scanContent(content, {
          onXObject: (name) => {
            const xobject = resources.get('XObject', name);
            const subtype = nameOf(xobject.get('Subtype'));
            if (subtype === 'Image') this.addImage(xobject, found);
            else if (subtype === 'Form') this.walkForm(xobject, resources, found, depth + 1);
          },
          onInlineImage: (dict, data) => this.addInline(dict, data, resources, found),
        });
      } catch {
        // A content stream that cannot be scanned shows no further image.
      }
    }
    // Tiling patterns paint their own content.
    try {
      const patterns = resources.get('Pattern');
      if (patterns.isDictionary()) {
        patterns.forEach((pattern) => {
          if (pattern.isStream() && pattern.get('PatternType').isNumber() && pattern.get('PatternType').asNumber() === 1) {
            this.walkForm(pattern, resources, found, depth + 1);
          }
        });
      }
    } catch {
      // Best effort.
    }
  }

  private walkForm(form: PDFObject, parentResources: PDFObject, found: ExtractedImage[], depth: number): void {
    if (depth > MAX_FORM_DEPTH || !form.isStream()) return;
    if (form.isIndirect()) {
      if (this.walked.has(form.asIndirect())) return;
      this.walked.add(form.asIndirect());
    }
    const own = form.get('Resources');
    this.walkContent(contentOf(form), own.isDictionary() ? own : parentResources, found, depth);
  }

  private addImage(ref: PDFObject, found: ExtractedImage[]): void {
    if (!ref.isIndirect() || !ref.isStream()) return;
    const num = ref.asIndirect();
    if (this.done.has(num)) return;
    this.done.add(num);
    const image = convertImage(this.doc, ref, this.scratch);
    if (image) found.push(image);
  }

  private addInline(dict: Map<string, InlineValue>, data: Uint8Array, resources: PDFObject, found: ExtractedImage[]): void {
    try {
      const { scratch } = this;
      const obj = scratch.newDictionary();
      obj.put('Type', scratch.newName('XObject'));
      obj.put('Subtype', scratch.newName('Image'));
      for (const [key, value] of dict) {
        const full = INLINE_KEYS[key] ?? key;
        if (full === 'Length') continue;
        const converted = full === 'ColorSpace' ? this.inlineColorSpace(value, resources) : this.toObject(value, full === 'Filter');
        if (converted) obj.put(full, converted);
      }
      const ref = scratch.addRawStream(data, obj);
      const image = convertImage(scratch, ref, scratch);
      if (image) found.push(image);
    } catch {
      // An inline image that cannot be decoded is left out.
    }
  }

  private inlineColorSpace(value: InlineValue, resources: PDFObject): PDFObject | null {
    const { scratch } = this;
    if (value instanceof InlineName) {
      const device = INLINE_NAMES[value.name];
      if (device || ['DeviceGray', 'DeviceRGB', 'DeviceCMYK', 'Pattern'].includes(value.name)) return scratch.newName(device ?? value.name);
      const named = resources.get('ColorSpace', value.name);
      return named.isNull() ? null : scratch.graftObject(named);
    }
    if (Array.isArray(value) && value[0] instanceof InlineName && (value[0].name === 'I' || value[0].name === 'Indexed')) {
      const out = scratch.newArray();
      out.push(scratch.newName('Indexed'));
      const base = this.inlineColorSpace(value[1] ?? null, resources);
      if (!base) return null;
      out.push(base);
      for (const item of value.slice(2)) {
        const converted = this.toObject(item, false);
        if (!converted) return null;
        out.push(converted);
      }
      return out;
    }
    return this.toObject(value, false);
  }

  private toObject(value: InlineValue, isFilter: boolean): PDFObject | null {
    const { scratch } = this;
    if (value === null) return null;
    if (typeof value === 'number') return Number.isInteger(value) ? scratch.newInteger(value) : scratch.newReal(value);
    if (typeof value === 'boolean') return scratch.newBoolean(value);
    if (value instanceof InlineName) return scratch.newName(isFilter ? INLINE_FILTERS[value.name] ?? value.name : INLINE_NAMES[value.name] ?? value.name);
    if (value instanceof Uint8Array) return scratch.newByteString(value);
    if (Array.isArray(value)) {
      const out = scratch.newArray();
      for (const item of value) out.push(this.toObject(item, isFilter) ?? scratch.newNull());
      return out;
    }
    const out = scratch.newDictionary();
    for (const [key, item] of value) {
      const converted = this.toObject(item, false);
      if (converted) out.put(key, converted);
    }
    return out;
  }
}

const INLINE_KEYS: Record<string, string> = {
  BPC: 'BitsPerComponent', CS: 'ColorSpace', D: 'Decode', DP: 'DecodeParms', F: 'Filter', H: 'Height',
  IM: 'ImageMask', I: 'Interpolate', W: 'Width', L: 'Length',
};
const INLINE_NAMES: Record<string, string> = { G: 'DeviceGray', RGB: 'DeviceRGB', CMYK: 'DeviceCMYK', I: 'Indexed' };
const INLINE_FILTERS: Record<string, string> = {
  AHx: 'ASCIIHexDecode', A85: 'ASCII85Decode', LZW: 'LZWDecode', Fl: 'FlateDecode', RL: 'RunLengthDecode',
  CCF: 'CCITTFaxDecode', DCT: 'DCTDecode',
};

/** The decoded bytes of a content stream, or of the streams of a /Contents array. */
function contentOf(contents: PDFObject): Uint8Array | null {
  const streams: PDFObject[] = [];
  if (contents.isArray()) for (let i = 0; i < contents.length; i++) streams.push(contents.get(i));
  else streams.push(contents);
  const parts: Uint8Array[] = [];
  for (const stream of streams) {
    if (!stream.isStream()) continue;
    try {
      parts.push(readBytes(stream, false), Buffer.from('\n'));
    } catch {
      // A broken part is skipped; the others are still scanned.
    }
  }
  return parts.length > 0 ? Buffer.concat(parts) : null;
}

function readBytes(stream: PDFObject, raw: boolean): Uint8Array {
  const buffer = raw ? stream.readRawStream() : stream.readStream();
  try {
    return Buffer.from(buffer.asUint8Array());
  } finally {
    buffer.destroy();
  }
}

/** An image stream of `doc` as a JPEG (stored DCT data) or PNG, or null when it cannot be decoded. */
function convertImage(doc: PDFDocument, ref: PDFObject, scratch: PDFDocument): ExtractedImage | null {
  try {
    const jpeg = storedJpeg(ref, scratch);
    if (jpeg) return { ext: 'jpg', data: jpeg };
    const image = doc.loadImage(ref);
    try {
      return { ext: 'png', data: imageToPng(image) };
    } finally {
      image.destroy();
    }
  } catch {
    return null;
  }
}

/** The JPEG data of a DCTDecode image: the raw stream, with any filters before DCTDecode undone. */
function storedJpeg(ref: PDFObject, scratch: PDFDocument): Uint8Array | null {
  const filter = ref.get('Filter');
  const filters: string[] = [];
  if (filter.isName()) filters.push(filter.asName());
  else if (filter.isArray()) for (let i = 0; i < filter.length; i++) filters.push(nameOf(filter.get(i)) ?? '');
  const last = filters.at(-1);
  if (last !== 'DCTDecode' && last !== 'DCT') return null;
  let data = readBytes(ref, true);
  if (filters.length > 1) {
    // Undo the outer filters only: a scratch stream holding the raw data with the DCT step removed.
    const dict = scratch.newDictionary();
    const outer = scratch.newArray();
    for (const name of filters.slice(0, -1)) outer.push(scratch.newName(INLINE_FILTERS[name] ?? name));
    dict.put('Filter', outer);
    const parms = ref.get('DecodeParms');
    if (parms.isArray() && parms.length >= filters.length) {
      const outerParms = scratch.newArray();
      for (let i = 0; i < filters.length - 1; i++) outerParms.push(scratch.graftObject(parms.get(i)));
      dict.put('DecodeParms', outerParms);
    }
    data = readBytes(scratch.addRawStream(data, dict), false);
  }
  // A JPEG starts with the SOI marker; anything else is decoded to PNG instead.
  return data.length > 2 && data[0] === 0xff && data[1] === 0xd8 ? data : null;
}

/** Decodes an image to PNG bytes: gray or RGB, alpha from its mask, stencils as black on white. */
export function imageToPng(image: Image): Uint8Array {
  const owned: Array<{ destroy(): void }> = [];
  const own = <T extends { destroy(): void }>(value: T): T => {
    owned.push(value);
    return value;
  };
  try {
    const pixmap = own(image.toPixmap());
    if (image.getImageMask()) return stencilToPng(pixmap);
    let color = pixmap;
    const cs = color.getColorSpace();
    if (!cs || !(cs.isGray() || cs.isRGB())) color = own(color.convertToColorSpace(mupdf.ColorSpace.DeviceRGB, color.getAlpha() > 0));
    const mask = image.getMask();
    if (!mask) return color.asPNG();
    own(mask);
    return maskedToPng(color, own(mask.toPixmap()));
  } finally {
    for (const item of owned.reverse()) item.destroy();
  }
}

/** A stencil (alpha-only pixmap, 255 where it paints) as a gray PNG, black where it paints. */
function stencilToPng(stencil: Pixmap): Uint8Array {
  const w = stencil.getWidth();
  const h = stencil.getHeight();
  const n = stencil.getNumberOfComponents();
  const stride = stencil.getStride();
  const src = stencil.getPixels();
  const gray = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) gray[y * w + x] = 255 - src[y * stride + x * n + n - 1]!;
  }
  return encodePng(w, h, 1, gray);
}

/**
 * `color` (gray or RGB, premultiplied when it has alpha) with its alpha multiplied by the first
 * channel of `mask`, scaled to the image size, as a PNG with straight alpha.
 */
function maskedToPng(color: Pixmap, mask: Pixmap): Uint8Array {
  const w = color.getWidth();
  const h = color.getHeight();
  const mw = mask.getWidth();
  const mh = mask.getHeight();
  const hadAlpha = color.getAlpha() > 0;
  const inN = color.getNumberOfComponents();
  const colorants = hadAlpha ? inN - 1 : inN;
  const outN = colorants + 1;
  const srcStride = color.getStride();
  const maskStride = mask.getStride();
  const maskN = mask.getNumberOfComponents();
  // Views into the WebAssembly heap: nothing is allocated there while they are in use.
  const src = color.getPixels();
  const alpha = mask.getPixels();
  const out = new Uint8Array(w * h * outN);
  for (let y = 0; y < h; y++) {
    const my = Math.min(mh - 1, Math.floor((y * mh) / h));
    for (let x = 0; x < w; x++) {
      const mx = Math.min(mw - 1, Math.floor((x * mw) / w));
      const s = y * srcStride + x * inN;
      const d = (y * w + x) * outN;
      const own = hadAlpha ? src[s + colorants]! : 255;
      for (let c = 0; c < colorants; c++) {
        const value = src[s + c]!;
        out[d + c] = own === 255 ? value : own === 0 ? 0 : Math.min(255, Math.round((value * 255) / own));
      }
      out[d + colorants] = Math.round((alpha[my * maskStride + mx * maskN]! * own) / 255);
    }
  }
  return encodePng(w, h, outN as 2 | 4, out);
}
