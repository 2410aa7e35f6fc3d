/**
 * Every operation the engine's worker threads run, by name: the server's engine pool calls
 * them in worker threads, so MuPDF is loaded there alone. A tool's descriptor names its
 * operation (EngineOperation in contracts); this table must hold each of them.
 */
import type { EngineOperation } from '@pagewright/contracts';
import { annotatePdf } from './annotate.js';
import { compressPdf } from './compress.js';
import { convertPdf, type ConvertPdfOptions } from './convert/from-pdf.js';
import { imageOutputExtension, probeImage, processImage, type ImageProcessOptions } from './image/process.js';
import { extractImages } from './images.js';
import { imagesToPdf } from './images-to-pdf.js';
import { documentText } from './document-text.js';
import { documentInfo } from './info.js';
import { mergePdf } from './merge.js';
import { ocrToPdf } from './ocr.js';
import { epubDocumentToPdf } from './office/convert.js';
import { deletePages, rearrangePages, splitPdf } from './organize.js';
import { protectPdf, unlockPdf } from './protect.js';
import { redactPdf } from './redact.js';
import { renderPage } from './render.js';
import { replaceText } from './replace-text.js';
import { signPdf } from './sign.js';
import { pageTexts } from './text.js';
import { cropPdf, rotatePdf } from './transform.js';
import { readTextBoxes } from './translate/boxes.js';
import { writeTranslation, type WriteTranslationOptions } from './translate/write.js';

type Progress = (percent: number) => void;
type PdfInput = { path: string; password?: string };

export const operations = {
  merge: (a: { inputs: PdfInput[]; outputPath: string }, p: Progress) => mergePdf(a.inputs, a.outputPath, p),
  info: (a: PdfInput) => documentInfo(a.path, a.password),
  split: (a: { input: PdfInput; outDir: string; spec: Parameters<typeof splitPdf>[2] }, p: Progress) =>
    splitPdf(a.input, a.outDir, a.spec, p),
  rotate: (a: { input: PdfInput; outputPath: string; options: Parameters<typeof rotatePdf>[2] }, p: Progress) =>
    rotatePdf(a.input, a.outputPath, a.options, p),
  crop: (a: { input: PdfInput; outputPath: string; options: Parameters<typeof cropPdf>[2] }, p: Progress) =>
    cropPdf(a.input, a.outputPath, a.options, p),
  deletePages: (a: { input: PdfInput; outputPath: string; options: Parameters<typeof deletePages>[2] }, p: Progress) =>
    deletePages(a.input, a.outputPath, a.options, p),
  rearrangePages: (a: { input: PdfInput; outputPath: string; options: Parameters<typeof rearrangePages>[2] }, p: Progress) =>
    rearrangePages(a.input, a.outputPath, a.options, p),
  extractImages: (a: { input: PdfInput; outputPath: string }, p: Progress) => extractImages(a.input, a.outputPath, p),
  protect: (a: { input: PdfInput; outputPath: string; options: { password: string } }, p: Progress) =>
    protectPdf(a.input, a.outputPath, a.options, p),
  unlock: (a: { input: PdfInput; outputPath: string }, p: Progress) => unlockPdf(a.input, a.outputPath, p),
  compress: (a: { input: PdfInput; outputPath: string; options: Parameters<typeof compressPdf>[2] }, p: Progress) =>
    compressPdf(a.input, a.outputPath, a.options, p),
  redact: (a: { input: PdfInput; outputPath: string; options: Parameters<typeof redactPdf>[2] }, p: Progress) =>
    redactPdf(a.input, a.outputPath, a.options, p),
  replaceText: (a: { input: PdfInput; outputPath: string; options: Parameters<typeof replaceText>[2] }, p: Progress) =>
    replaceText(a.input, a.outputPath, a.options, p),
  sign: (a: { input: PdfInput; outputPath: string; options: Parameters<typeof signPdf>[2] }, p: Progress) =>
    signPdf(a.input, a.outputPath, a.options, p),
  /** The PDF editor's export: its annotations written as PDF annotations (SPEC §7 document/content). */
  annotate: (a: { input: PdfInput; outputPath: string; options: Parameters<typeof annotatePdf>[2] }, p: Progress) =>
    annotatePdf(a.input, a.outputPath, a.options, p),
  ocr: (a: { inputs: PdfInput[]; outputPath: string; options: Parameters<typeof ocrToPdf>[2] }, p: Progress) =>
    ocrToPdf(a.inputs, a.outputPath, a.options, p),
  imagesToPdf: (a: { inputs: string[]; outputPath: string; options: Parameters<typeof imagesToPdf>[2] }, p: Progress) =>
    imagesToPdf(a.inputs, a.outputPath, a.options, p),
  convertPdf: (a: { input: PdfInput; outputPath: string; options: ConvertPdfOptions }, p: Progress) =>
    convertPdf(a.input, a.outputPath, a.options, p),
  probeImage: async (a: { inputPath: string; inputExtension: string; options: ImageProcessOptions }) => ({
    facts: await probeImage(a.inputPath),
    outputExtension: imageOutputExtension(a.inputExtension, a.options),
  }),
  processImage: (a: { inputPath: string; outputPath: string; options: ImageProcessOptions }, p: Progress) =>
    processImage(a.inputPath, a.outputPath, a.options, p),
  /** EPUB to PDF: MuPDF's layout of a whole book, kept off the main thread (no LibreOffice involved). */
  epubToPdf: (a: { inputPath: string; outputPath: string }, p: Progress) => epubDocumentToPdf(a.inputPath, a.outputPath, p),
  pageTexts: (a: PdfInput & { maxChars: number }) => pageTexts(a.path, a.maxChars, a.password),
  documentText: (a: PdfInput & { maxPages: number }) => documentText(a.path, { maxPages: a.maxPages, password: a.password }),
  renderPage: async (a: PdfInput & { page: number; dpi: number }) => {
    const png = await renderPage(a.path, a.page, a.dpi, a.password);
    return Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString('base64');
  },
  /** The translator's two halves around the translation itself, which runs outside the engine (Apertium, an endpoint). */
  translateRead: (a: { input: PdfInput }, p: Progress) => readTextBoxes(a.input, p),
  translateWrite: (a: { input: PdfInput; outputPath: string; options: WriteTranslationOptions }, p: Progress) =>
    writeTranslation(a.input, a.outputPath, a.options, p),
};

export type OperationName = keyof typeof operations;

export type OperationArgs<K extends OperationName> = Parameters<(typeof operations)[K]>[0];
export type OperationResult<K extends OperationName> = Awaited<ReturnType<(typeof operations)[K]>>;

/** Operations the tool table names that the workers do not run; officeToPdf runs in the server's office pool. */
type Unrun = Exclude<Exclude<EngineOperation, 'officeToPdf'>, OperationName>;
// Fails to compile, naming the operation, when a tool names an operation the workers lack.
export const everyToolOperationRuns: [Unrun] extends [never] ? true : Unrun = true;
