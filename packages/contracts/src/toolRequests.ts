/**
 * Requests of the PDF tools (SPEC §7). Page numbers are 1-based; page ranges are the strings
 * of SPEC §5 ("1, 6-159"); boxes are in PDF points from the page's top-left corner, as the
 * page preview draws them. Each call answers `taskCreated`.
 */
import { z } from 'zod';
import { mergeRequest, taskCreated } from './api.js';
import { route } from './route.js';
import { certificateSignature } from './editorForms.js';

const fileId = z.string().min(1);
const password = z.string().optional();
const multiId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional();
/** A page-range string of SPEC §5, checked against the document on the server. */
const pageRanges = z.string().max(2000);

export const compressLevels = ['high', 'medium', 'low'] as const;
export type CompressLevel = (typeof compressLevels)[number];

export const compressRequest = z.object({
  file_id: fileId,
  level: z.enum([...compressLevels, 'custom']).default('medium'),
  /** With level custom: the wanted size in bytes (inputs under 10 MB, not for batch). */
  target_size: z.number().int().positive().optional(),
  multi_id: multiId,
  password,
});
export type CompressRequest = z.infer<typeof compressRequest>;

export const splitModes = ['ranges', 'every', 'each'] as const;
export const splitRequest = z.object({
  file_id: fileId,
  /** ranges: one file per range; every: one file per page; each: a file every `n` pages. */
  mode: z.enum(splitModes),
  ranges: pageRanges.optional(),
  n: z.number().int().min(1).optional(),
  multi_id: multiId,
  password,
});
export type SplitRequest = z.infer<typeof splitRequest>;

export const rotateAngles = [90, 180, 270] as const;
export const rotateRequest = z.object({
  file_id: fileId,
  angle: z.union([z.literal(90), z.literal(180), z.literal(270)]),
  /** Absent or empty: every page. */
  pages: pageRanges.optional(),
  multi_id: multiId,
  password,
});
export type RotateRequest = z.infer<typeof rotateRequest>;

export const cropRequest = z.object({
  file_id: fileId,
  /** Margins in points cut from each side. */
  l: z.number().min(0),
  r: z.number().min(0),
  t: z.number().min(0),
  b: z.number().min(0),
  pages: pageRanges.optional(),
  multi_id: multiId,
  password,
});
export type CropRequest = z.infer<typeof cropRequest>;

/** delete-pages and rearrange-pdf-pages: the pages kept, in their new order, with turns. */
export const extractPageRequest = z.object({
  file_id: fileId,
  /** delete-pages: the pages to remove. */
  delete_pages: pageRanges.optional(),
  /** rearrange-pdf-pages: the new order of 1-based source pages; pages left out are deleted. */
  order: z.array(z.number().int().min(1)).optional(),
  /** Extra rotation per source page, e.g. {"3": 90}. */
  rotations: z.record(z.string(), z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)])).optional(),
  multi_id: multiId,
  password,
});
export type ExtractPageRequest = z.infer<typeof extractPageRequest>;

export const extractImagesRequest = z.object({ file_id: fileId, multi_id: multiId, password });

export const encryptRequest = z.object({
  file_id: fileId,
  /** The new password; 6 to 20 characters (SPEC §5). */
  new_password: z.string(),
  multi_id: multiId,
  password,
});
export const PROTECT_PASSWORD_MIN = 6;
export const PROTECT_PASSWORD_MAX = 20;

export const decodeRequest = z.object({ file_id: fileId, password: z.string().min(1), multi_id: multiId });

export const redactionBox = z.object({
  page: z.number().int().min(1),
  x: z.number(), y: z.number(), w: z.number().positive(), h: z.number().positive(),
});
export type RedactionBox = z.infer<typeof redactionBox>;

/** The body of document/redaction/{file_id}/redaction[/{password}]. */
export const redactionRequest = z.object({
  boxes: z.array(redactionBox).default([]),
  search: z.array(z.string().min(1)).default([]),
  regex: z.boolean().default(false),
  case_sensitive: z.boolean().default(false),
  multi_id: multiId,
});
export type RedactionRequest = z.infer<typeof redactionRequest>;

export const replaceTextRequest = z.object({
  file_id: fileId,
  find: z.string().min(1),
  replace: z.string(),
  regex: z.boolean().default(false),
  case_sensitive: z.boolean().default(true),
  passwd: password,
  multi_id: multiId,
});
export type ReplaceTextRequest = z.infer<typeof replaceTextRequest>;

/** One signature placed on a page; `sign_file_id` is an uploaded image (JPG, JPEG, PNG, BMP, GIF). */
export const signPlacement = z.object({
  sign_file_id: fileId,
  page: z.number().int().min(1),
  x: z.number(), y: z.number(), w: z.number().positive(), h: z.number().positive(),
});
/**
 * The convertParams body of document/content/{file_id}/sign[/{password}]: signature images placed
 * on pages (sign-pdf), a certificate signature of a signature field (the PDF editor), or both
 * (the images first: the certificate signature seals the bytes).
 */
export const signRequest = z.object({
  placements: z.array(signPlacement).default([]),
  certificate: certificateSignature.optional(),
  multi_id: multiId,
}).refine((b) => b.placements.length > 0 || b.certificate !== undefined, { message: 'a placement or a certificate', path: ['placements'] });
export type SignRequest = z.infer<typeof signRequest>;

export const signatureImageExtensions = ['jpg', 'jpeg', 'png', 'bmp', 'gif'] as const;

/** How many signatures one user (or browser, before sign-in) keeps. */
export const SAVED_SIGNATURES_MAX = 20;

/** A saved signature image (SPEC §3 'Sign image stored'); page_w and page_h are its pixels. */
export const signStoredItem = z.object({
  file_id: z.string(),
  file_size: z.number().int(),
  oss_domain: z.string(),
  output_file: z.string(),
  page_w: z.number().int(),
  page_h: z.number().int(),
  total_page: z.number().int(),
});
export type SignStoredItem = z.infer<typeof signStoredItem>;
export const signList = z.object({ signs: z.array(signStoredItem) });
export const signSaveRequest = z.object({ file_id: z.string().min(1) });
export const signDeleteRequest = z.object({ file_id: z.string().min(1), t: z.string().optional() });
export const signImageRequest = z.object({ file_id: z.string().min(1), t: z.string().optional() });

export const ocrLanguages = ['eng', 'deu', 'spa', 'fra', 'jpn', 'por', 'chi_sim'] as const;
export type OcrLanguage = (typeof ocrLanguages)[number];
/** More languages than this only warns that OCR will be slow (SPEC §5). */
export const OCR_SLOW_LANGUAGE_COUNT = 3;

export const imageOcrRequest = z.object({
  file_ids: z.array(fileId).min(1),
  using_ocr: z.boolean().default(true),
  languages: z.array(z.enum(ocrLanguages)),
  output_format: z.enum(['pdf', 'docx', 'txt']).default('pdf'),
  output_content: z.string().optional(),
  multi_id: multiId,
});

export const pageSizes = ['fit', 'A4', 'letter'] as const;
export const imagesMergePdfRequest = z.object({
  file_ids: z.array(fileId).min(1),
  page_size: z.enum(pageSizes).default('fit'),
  orientation: z.enum(['auto', 'portrait', 'landscape']).default('auto'),
  /** Margin in points on every side. */
  margin: z.number().min(0).max(144).default(0),
  using_ocr: z.boolean().default(false),
  languages: z.array(z.enum(ocrLanguages)).default([]),
  multi_id: multiId,
});

/**
 * The image tools (SPEC §3 conversion settings, §7 images_process). `mode` names the page's
 * operation; SPEC's imageConvertMode values converter and resize are two of them.
 */
export const imageModes = ['converter', 'resize', 'compress', 'crop', 'rotate'] as const;
export type ImageMode = (typeof imageModes)[number];
export const imageTargetFormats = ['jpg', 'png', 'bmp', 'gif', 'tiff', 'webp', 'ico', 'pdf'] as const;
export type ImageTargetFormat = (typeof imageTargetFormats)[number];
export const icoSizes = [16, 32, 48, 64, 128, 256] as const;
/** Files above this many pixels are refused from their header, before decoding (bomb guard). */
export const IMAGE_MAX_PIXELS = 100_000_000;
/** The batch size the image pages recommend. */
export const IMAGE_BATCH_RECOMMENDED = 20;

export const imagesProcessRequest = z.object({
  mode: z.enum(imageModes),
  file_ids: z.array(fileId).min(1),
  /** converter: the output format (default png). */
  target_format: z.enum(imageTargetFormats).default('png'),
  /** converter to ico: sizes as "16x16" or a comma-joined list "16x16,32x32" (default 16x16). */
  ico_size: z.string().regex(/^\d+x\d+(,\d+x\d+)*$/).default('16x16'),
  /** resize: a percentage (1..1000), sent as the same width and height percentage. */
  resize_parameter: z.number().positive().max(1000).optional(),
  /** resize: target pixels; with only one of them the aspect ratio is kept. */
  resize_width: z.number().int().positive().max(20_000).optional(),
  resize_heigh: z.number().int().positive().max(20_000).optional(),
  /** crop: the box in the image's pixels from its top-left corner (minimum 50). */
  crop_x: z.number().int().min(0).optional(),
  crop_y: z.number().int().min(0).optional(),
  crop_width: z.number().int().min(50).optional(),
  crop_height: z.number().int().min(50).optional(),
  /** rotate: clockwise degrees, then flips. */
  angle: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]).default(0),
  flip_horizontal: z.boolean().default(false),
  flip_vertical: z.boolean().default(false),
  /** compress: 'high' compresses most; keep_metadata keeps EXIF/ICC/XMP. */
  level: z.enum(compressLevels).default('medium'),
  keep_metadata: z.boolean().default(false),
  /** Animated GIF/WebP: keep all frames or only the first. */
  frames: z.enum(['all', 'first']).default('all'),
  multi_id: multiId,
});
export type ImagesProcessRequest = z.infer<typeof imagesProcessRequest>;

/**
 * Conversions both ways (SPEC §7 GET converter): a PDF to `output_format`, or a document to
 * PDF (output_format pdf). With using_ocr, a scanned PDF is OCRed first in `languages`.
 */
export const converterOutputFormats = [
  'pdf', 'docx', 'xlsx', 'pptx', 'jpg', 'png', 'bmp', 'gif', 'tiff', 'html', 'txt', 'rtf', 'epub',
  'dxf', 'pages',
] as const;
export type ConverterOutputFormat = (typeof converterOutputFormats)[number];
/** Documents the converter turns into PDF. */
export const converterSourceExtensions = [
  'doc', 'docx', 'odt', 'rtf', 'txt', 'xls', 'xlsx', 'ods', 'csv', 'ppt', 'pptx', 'odp', 'pub',
  'pages', 'html', 'htm', 'epub', 'dxf',
] as const;
const booleanish = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');
export const converterRequest = z.object({
  file_id: fileId,
  multi_id: multiId,
  passwd: password,
  output_format: z.enum(converterOutputFormats),
  using_ocr: booleanish.default(false),
  /** A list or a comma-joined string (GET query). */
  languages: z.union([z.array(z.enum(ocrLanguages)), z.string()])
    .transform((v) => (Array.isArray(v) ? v : v.split(',').filter(Boolean)))
    .pipe(z.array(z.enum(ocrLanguages)))
    .default([]),
  /** Image outputs: dots per inch (default 150, at most 600). */
  dpi: z.coerce.number().int().min(36).max(600).default(150),
  /** html output: 'fixed' places text as on the page; 'reflow' flows it. */
  layout: z.enum(['fixed', 'reflow']).default('fixed'),
});
export type ConverterRequest = z.infer<typeof converterRequest>;

/** `t` is the spec's cache-busting stamp; it carries no meaning. */
const stamp = z.object({ t: z.string().optional() });

/** The saved signatures of sign-pdf (SPEC §7 file/sign). */
export const signatureRoutes = {
  list: route({
    method: 'GET', path: '/file/sign', auth: 'visitor',
    summary: "The caller's saved signature images, newest first.",
    query: stamp, response: signList,
  }),
  save: route({
    method: 'POST', path: '/file/sign', auth: 'visitor',
    summary: 'Saves an uploaded image (JPG, JPEG, PNG, BMP, GIF) as a signature; at most 20.',
    query: stamp, body: signSaveRequest, response: signStoredItem,
  }),
  remove: route({
    method: 'DELETE', path: '/file/sign', auth: 'visitor',
    summary: 'Deletes one of the caller’s saved signatures.',
    query: signDeleteRequest, response: z.null(),
  }),
  image: route({
    method: 'GET', path: '/file/sign/image', auth: 'visitor',
    summary: 'The image of one of the caller’s saved signatures.',
    query: signImageRequest, produces: 'image/*',
  }),
};

const converterSummary = 'converter: a PDF to docx, xlsx, pptx, jpg/png/bmp/gif/tiff (a zip for several pages), html, txt, rtf, '
  + 'epub, dxf or pages (with using_ocr, OCR in `languages` first: 0-50%, then 50-100%), or a document to PDF.';

/** The tool calls of SPEC §7: each creates a task (or one per file under a multi_id). */
export const toolRoutes = {
  merge: route({
    method: 'POST', path: '/merge', auth: 'visitor',
    summary: 'merge-pdf: queues a task merging the files in the order of file_ids.',
    body: mergeRequest, response: taskCreated,
  }),
  split: route({
    method: 'POST', path: '/split', auth: 'visitor',
    summary: 'split-pdf: one PDF per range, per page, or per n pages, zipped.',
    body: splitRequest, response: taskCreated,
  }),
  rotate: route({
    method: 'POST', path: '/document/rotate', auth: 'visitor',
    summary: 'rotate-pdf: turns the named pages (all when none) by 90, 180 or 270 degrees.',
    body: rotateRequest, response: taskCreated,
  }),
  crop: route({
    method: 'POST', path: '/document/cut', auth: 'visitor',
    summary: 'crop-pdf: cuts margins l, r, t, b (points) from the named pages.',
    body: cropRequest, response: taskCreated,
  }),
  extractPage: route({
    method: 'POST', path: '/extract_page', auth: 'visitor',
    summary: 'delete-pages (delete_pages) and rearrange-pdf-pages (order, rotations).',
    body: extractPageRequest, response: taskCreated,
  }),
  extractImages: route({
    method: 'POST', path: '/extract_images', auth: 'visitor',
    summary: 'extract-images-from-pdf: every embedded image (JPEGs as stored, others PNG), zipped.',
    body: extractImagesRequest, response: taskCreated,
  }),
  encrypt: route({
    method: 'POST', path: '/encrypt', auth: 'visitor',
    summary: 'protect-pdf: AES-256 encryption with a password of 6 to 20 characters.',
    body: encryptRequest, response: taskCreated,
  }),
  decode: route({
    method: 'POST', path: '/decode', auth: 'visitor',
    summary: 'unlock-pdf: removes the password; NOT_PROTECTED for a file without one.',
    body: decodeRequest, response: taskCreated,
  }),
  compress: route({
    method: 'POST', path: '/compress', auth: 'visitor',
    summary: 'compress-pdf: levels high, medium, low, or a custom target size; never larger than the input.',
    body: compressRequest, response: taskCreated,
  }),
  redaction: route({
    method: 'POST', path: '/document/redaction/:file_id/redaction', auth: 'visitor',
    summary: 'redact-pdf: boxes and search terms; the text under them is removed from the file.',
    body: redactionRequest, response: taskCreated,
  }),
  redactionWithPassword: route({
    method: 'POST', path: '/document/redaction/:file_id/redaction/:password', auth: 'visitor',
    summary: 'redact-pdf on an encrypted file, its password in the path.',
    body: redactionRequest, response: taskCreated,
  }),
  replaceText: route({
    method: 'POST', path: '/document/replacetext', auth: 'visitor',
    summary: 'replace-text: finds and replaces text in place, in a matching font size and colour.',
    body: replaceTextRequest, response: taskCreated,
  }),
  sign: route({
    method: 'POST', path: '/document/content/:file_id/sign', auth: 'visitor',
    summary: 'sign-pdf: places signature images (uploaded files) on pages at given boxes; the PDF editor: signs a signature field with '
      + 'a PKCS#12 certificate (PKCS#7 detached over the byte range; CERTIFICATE_PASSWORD_INCORRECT, CERTIFICATE_INVALID).',
    body: signRequest, response: taskCreated,
  }),
  signWithPassword: route({
    method: 'POST', path: '/document/content/:file_id/sign/:password', auth: 'visitor',
    summary: 'sign-pdf on an encrypted file, its password in the path.',
    body: signRequest, response: taskCreated,
  }),
  imageOcr: route({
    method: 'POST', path: '/image_ocr', auth: 'visitor',
    summary: 'OCR: scanned PDFs and images become one searchable PDF, or text, or a Word document of the text.',
    body: imageOcrRequest, response: taskCreated,
  }),
  imagesMergePdf: route({
    method: 'POST', path: '/images_merge_pdf', auth: 'visitor',
    summary: 'jpg-to-pdf: one page per image; with using_ocr, OCR runs as a second stage (50-100%).',
    body: imagesMergePdfRequest, response: taskCreated,
  }),
  imagesProcess: route({
    method: 'POST', path: '/images_process', auth: 'visitor',
    summary: 'Image tools: convert, resize, compress, crop or rotate each image; one task per file under one multi_id.',
    body: imagesProcessRequest, response: taskCreated,
  }),
  converterByQuery: route({
    method: 'GET', path: '/converter', auth: 'visitor',
    summary: converterSummary,
    query: converterRequest, response: taskCreated,
  }),
  // The same call with a JSON body, as the web client sends its other tool calls.
  converter: route({
    method: 'POST', path: '/converter', auth: 'visitor',
    summary: converterSummary,
    body: converterRequest, response: taskCreated,
  }),
};
