import { CatalogueError } from '@pagewright/contracts';
// The probe alone, not the engine's index: that loads MuPDF, which only the worker threads load.
import { probeImageHeader, SIGN_IMAGE_FORMATS, sniffImage } from '@pagewright/engine/image-probe';

/**
 * The type and pixel size of a signature image, read by the engine's image probe: JPEG, PNG,
 * GIF or BMP (SPEC §5 signature image types). Anything else, or an image the probe cannot read
 * (cut short, a variant no decoder here reads), is null; an image declaring more than the pixel
 * limit is refused with IMAGE_TOO_MANY_PIXELS, as every image tool refuses it.
 */
export interface ImageSize {
  type: 'jpeg' | 'png' | 'gif' | 'bmp';
  width: number;
  height: number;
}

export function readImageSize(b: Buffer): ImageSize | null {
  const format = sniffImage(b);
  if (!format || !SIGN_IMAGE_FORMATS.has(format)) return null;
  let header;
  try {
    header = probeImageHeader(b);
  } catch (err) {
    if (err instanceof CatalogueError && err.code === 'IMAGE_TOO_MANY_PIXELS') throw err;
    return null;
  }
  return { type: format === 'jpg' ? 'jpeg' : (format as ImageSize['type']), width: header.width, height: header.height };
}
