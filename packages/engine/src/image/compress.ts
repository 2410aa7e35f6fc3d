/**
 * The image compressor: the same format out as in, re-encoded as small as the level allows.
 * JPEG: mozjpeg (trellis quantisation, progressive, MS-SSIM tuned tables) at the level's
 * quality, checked by SSIM against the decoded original (one retry 12 higher when it falls
 * short). PNG: palette-quantised (libimagequant) when the result keeps the level's SSIM, else
 * lossless at zlib's maximum; the smaller wins. WebP: lossy at the level's quality (lossless
 * inputs stay lossless, at the strongest effort). GIF: re-quantised with inter-frame
 * optimisation. TIFF: CCITT G4 for bilevel, Deflate with prediction otherwise. BMP: 24-bit
 * when a 32-bit file has no alpha. EXIF orientation is applied; metadata is dropped unless
 * kept (then EXIF and ICC stay). The caller keeps the input when nothing is smaller.
 */
import type { Sharp } from 'sharp';
import type { CompressLevel } from '@pagewright/contracts';
import { ssim, type GreyImage } from '../pdf/ssim.js';
import { decodeBmp, encodeBmp } from './bmp.js';
import { checkPixels, type ImageHeader } from './probe.js';
import { decodeError, sharpInput } from './raster.js';

interface LevelSetting {
  jpegQuality: number;
  /** libimagequant's target quality for a palette PNG. */
  paletteQuality: number;
  webpQuality: number;
  /** GIF: colours in the palette and the error allowed when reusing pixels of the previous frame. */
  gifColours: number;
  gifFrameError: number;
  /** Lossy results must keep at least this mean SSIM (grey, 8x8 windows) against the original. */
  minSsim: number;
}

export const COMPRESS_LEVELS: Record<CompressLevel, LevelSetting> = {
  high: { jpegQuality: 60, paletteQuality: 60, webpQuality: 60, gifColours: 128, gifFrameError: 8, minSsim: 0.93 },
  medium: { jpegQuality: 72, paletteQuality: 80, webpQuality: 75, gifColours: 256, gifFrameError: 3, minSsim: 0.95 },
  low: { jpegQuality: 84, paletteQuality: 92, webpQuality: 88, gifColours: 256, gifFrameError: 0, minSsim: 0.97 },
};

/** libimagequant's effort for GIF: 8 of 10 is near the best palettes at half the time of 10. */
const GIF_EFFORT = 8;
const JPEG_RETRY_STEP = 12;
const JPEG_MAX_QUALITY = 95;

export interface CompressRequest {
  level: CompressLevel;
  keepMetadata: boolean;
  /** Every frame of an animation / multi-page TIFF, or the first only. */
  allFrames: boolean;
}

/**
 * The smallest acceptable re-encoding of the image in its own format, or undefined when there
 * is none (the caller then keeps the input). Decoder failures -> FILE_DAMAGED.
 */
export async function compressImage(bytes: Uint8Array, header: ImageHeader, request: CompressRequest): Promise<Uint8Array | undefined> {
  const setting = COMPRESS_LEVELS[request.level];
  const frames = request.allFrames && header.frames > 1 ? header.frames : 1;
  checkPixels(header, frames > 1);
  const input = (): Sharp => {
    const pipeline = sharpInput(bytes, frames > 1 ? -1 : 1);
    return request.keepMetadata ? pipeline.keepExif().keepIccProfile() : pipeline;
  };
  try {
    switch (header.format) {
      case 'jpg':
        return await compressJpeg(bytes, input, setting);
      case 'png':
        return await smallest([await palettePng(bytes, input, setting), await input().png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer()]);
      case 'webp':
        return await input().webp(header.lossless ? { lossless: true, effort: 6 } : { quality: setting.webpQuality, effort: 6, smartSubsample: true }).toBuffer();
      case 'gif':
        return await input().gif({ effort: GIF_EFFORT, colours: setting.gifColours, interFrameMaxError: setting.gifFrameError, interPaletteMaxError: setting.gifFrameError, reuse: true }).toBuffer();
      case 'tiff':
        if (header.bitsPerSample === 1) return await input().toColourspace('b-w').tiff({ compression: 'ccittfax4', bitdepth: 1 }).toBuffer();
        return await input().tiff({ compression: 'deflate', predictor: 'horizontal' }).toBuffer();
      case 'bmp':
        // BMP has no compression worth the name: only a 32-bit file without alpha shrinks (to 24-bit).
        return encodeBmp(decodeBmp(bytes));
    }
  } catch (err) {
    throw decodeError(err);
  }
}

function smallest(candidates: Array<Uint8Array | undefined>): Uint8Array | undefined {
  let best: Uint8Array | undefined;
  for (const candidate of candidates) if (candidate && (!best || candidate.length < best.length)) best = candidate;
  return best;
}

/** Grey samples of an image as displayed on white (alpha flattened), for SSIM. */
async function grey(pipeline: Sharp): Promise<GreyImage> {
  const { data, info } = await pipeline.flatten({ background: '#ffffff' }).toColourspace('b-w').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, grey: data };
}

async function similarity(reference: GreyImage, encoded: Uint8Array): Promise<number> {
  const decoded = await grey(sharpInput(encoded, 1));
  if (decoded.width !== reference.width || decoded.height !== reference.height) return 0;
  return ssim(reference, decoded);
}

async function compressJpeg(bytes: Uint8Array, input: () => Sharp, setting: LevelSetting): Promise<Uint8Array | undefined> {
  const reference = await grey(sharpInput(bytes, 1));
  for (const quality of [setting.jpegQuality, Math.min(JPEG_MAX_QUALITY, setting.jpegQuality + JPEG_RETRY_STEP)]) {
    // Table 2 (MS-SSIM tuned) beats mozjpeg's default tables on photographs at equal size.
    const jpeg = await input().jpeg({ quality, mozjpeg: true, quantisationTable: 2 }).toBuffer();
    if ((await similarity(reference, jpeg)) >= setting.minSsim) return jpeg;
  }
  return undefined;
}

/** A palette PNG that keeps the level's SSIM, or undefined. */
async function palettePng(bytes: Uint8Array, input: () => Sharp, setting: LevelSetting): Promise<Uint8Array | undefined> {
  const png = await input().png({ palette: true, quality: setting.paletteQuality, effort: 10, compressionLevel: 9 }).toBuffer();
  const reference = await grey(sharpInput(bytes, 1));
  return (await similarity(reference, png)) >= setting.minSsim ? png : undefined;
}
