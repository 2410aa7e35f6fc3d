/**
 * @pagewright/engine: document operations as plain async functions. Files in, files out,
 * progress through a callback; every failure is a CatalogueError from @pagewright/contracts.
 */
export { mergePdf, type PdfInput } from './merge.js';
export { documentInfo, type DocumentInfo } from './info.js';
export { renderPage, RENDER_MAX_DPI, RENDER_MIN_DPI } from './render.js';
export { compressPdf, type CompressOptions, type CompressResult } from './compress.js';
export { redactPdf, type RedactBox, type RedactOptions } from './redact.js';
export { replaceText, type ReplaceTextOptions } from './replace-text.js';
export { signPdf, type SignPlacement } from './sign.js';
export { splitPdf, deletePages, rearrangePages, type SplitSpec } from './organize.js';
export { rotatePdf, cropPdf, type CropMargins } from './transform.js';
export { extractImages } from './images.js';
export { protectPdf, unlockPdf } from './protect.js';
export { ocrToPdf, OCR_LANGUAGES, type OcrInput, type OcrOptions, type OcrResult } from './ocr.js';
export { imagesToPdf, type PageLayout } from './images-to-pdf.js';
export { type ProgressFn } from './progress.js';
export { InputError } from './errors.js';
