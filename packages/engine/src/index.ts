/**
 * @pagewright/engine: document operations as plain async functions. Files in, files out,
 * progress through a callback; every failure is a CatalogueError from @pagewright/contracts.
 */
export { mergePdf, type PdfInput } from './merge.js';
export { documentInfo, type DocumentInfo } from './info.js';
export { documentText, type DocumentText, type DocumentPage, type TextBlock, type TextLine, type DocumentTextOptions } from './document-text.js';
export { renderPage, RENDER_MAX_DPI, RENDER_MIN_DPI } from './render.js';
export { compressPdf, type CompressOptions, type CompressResult } from './compress.js';
export { redactPdf, type RedactBox, type RedactOptions } from './redact.js';
export { replaceText, type ReplaceTextOptions } from './replace-text.js';
export { signPdf, type SignPlacement } from './sign.js';
export { annotatePdf, subtypeOfKind } from './annotate.js';
export { splitPdf, deletePages, rearrangePages, type SplitSpec } from './organize.js';
export { rotatePdf, cropPdf, type CropMargins } from './transform.js';
export { extractImages } from './images.js';
export { protectPdf, unlockPdf } from './protect.js';
export { ocrToPdf, OCR_LANGUAGES, type OcrInput, type OcrOptions, type OcrResult } from './ocr.js';
export { imagesToPdf, type PageLayout } from './images-to-pdf.js';
export { OfficePool, type OfficePoolOptions } from './office/pool.js';
export { documentToPdf, epubDocumentToPdf, sourceTypeOf } from './office/convert.js';
export { processImage, probeImage, imageOutputExtension, type ImageProcessOptions, type ImageFacts } from './image/process.js';
export { probeImageHeader, sniffImage, SIGN_IMAGE_FORMATS, type ImageFormat, type ImageHeader } from './image/probe.js';
export { zipFiles } from './zip.js';
export { pdfToWord } from './convert/pdf-to-word.js';
export { pdfToTxt } from './convert/pdf-to-txt.js';
export { pdfToRtf } from './convert/pdf-to-rtf.js';
export { pdfToEpub } from './convert/pdf-to-epub.js';
export { pdfToPages } from './convert/pdf-to-pages.js';
export { convertPdf, type ConvertPdfOptions, type PdfOutputFormat } from './convert/from-pdf.js';
export { pdfToImages, type PageImageFormat } from './convert/pdf-to-images.js';
export { pdfToHtml } from './convert/pdf-to-html.js';
export { pdfToDxf } from './convert/pdf-to-dxf.js';
export { pdfToPpt } from './convert/pdf-to-ppt.js';
export { pdfToExcel, pdfTables, type DetectedTable } from './convert/pdf-to-excel.js';
export { analysePdf, type DocumentLayout, type PageLayout as PdfPageLayout, type Paragraph as LayoutParagraph, type Table as LayoutTable, type ImageBlock as LayoutImage, type Run as LayoutRun } from './reconstruct/layout.js';
export { type ProgressFn } from './progress.js';
export { operations, type OperationArgs, type OperationName, type OperationResult } from './operations.js';
export { InputError } from './errors.js';
export { readTextBoxes, type TextBox, type TextBoxPage } from './translate/boxes.js';
export { writeTranslation, type TranslationFit, type TranslationLayout, type WriteTranslationOptions } from './translate/write.js';
export { fitText, wrapText } from './translate/fit.js';
export { similarityOutsideBoxes } from './translate/similarity.js';
export { readFormFields, formFields, fillFormFields, type FormField } from './forms.js';
export { signFieldBytes, readPkcs12, type CertificateSignature } from './certificate-sign.js';
