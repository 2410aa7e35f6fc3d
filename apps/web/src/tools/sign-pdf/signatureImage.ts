import { fileExtension, signatureImageExtensions } from '@pagewright/contracts';

/** A signature ready to place: its PNG (or uploaded image) and its width over height. */
export interface Signature {
  id: string;
  file: File;
  url: string;
  aspect: number;
}

export const signatureFonts = [
  { family: 'Dancing Script', label: 'Dancing Script' },
  { family: 'Great Vibes', label: 'Great Vibes' },
  { family: 'Caveat', label: 'Caveat' },
] as const;

/** SPEC §5: a signature image is a JPG, JPEG, PNG, BMP or GIF. */
export function isSignatureImage(name: string): boolean {
  return (signatureImageExtensions as readonly string[]).includes(fileExtension(name));
}

function canvasBlob(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas export failed'))), 'image/png');
  });
}

/** Typed text in a handwriting font, drawn on a transparent PNG just large enough for it. */
export async function renderTypedSignature(text: string, family: string, color: string): Promise<Blob> {
  const size = 96;
  const font = `${size}px "${family}"`;
  await document.fonts.load(font, text);
  const measure = document.createElement('canvas').getContext('2d');
  if (!measure) throw new Error('no canvas');
  measure.font = font;
  const metrics = measure.measureText(text);
  const pad = size * 0.25;
  const ascent = Math.max(metrics.actualBoundingBoxAscent, size * 0.8);
  const descent = Math.max(metrics.actualBoundingBoxDescent, size * 0.3);
  const left = Math.max(metrics.actualBoundingBoxLeft, 0);
  const width = Math.max(metrics.actualBoundingBoxRight + left, metrics.width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(width + pad * 2);
  canvas.height = Math.ceil(ascent + descent + pad * 2);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.font = font;
  context.fillStyle = color;
  context.textBaseline = 'alphabetic';
  context.fillText(text, pad + left, pad + ascent);
  return canvasBlob(canvas);
}

/** The part of a drawing canvas that has ink, with a small margin, as a PNG. */
export async function cropDrawing(source: HTMLCanvasElement, bounds: { x1: number; y1: number; x2: number; y2: number }): Promise<Blob> {
  const pad = 8;
  const x = Math.max(0, Math.floor(bounds.x1 - pad));
  const y = Math.max(0, Math.floor(bounds.y1 - pad));
  const w = Math.min(source.width, Math.ceil(bounds.x2 + pad)) - x;
  const h = Math.min(source.height, Math.ceil(bounds.y2 + pad)) - y;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, w);
  canvas.height = Math.max(1, h);
  canvas.getContext('2d')?.drawImage(source, x, y, w, h, 0, 0, w, h);
  return canvasBlob(canvas);
}

/** Width over height of an image file, read by the browser. */
export function imageAspect(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalHeight > 0 ? img.naturalWidth / img.naturalHeight : 1);
    img.onerror = () => reject(new Error('image unreadable'));
    img.src = url;
  });
}
