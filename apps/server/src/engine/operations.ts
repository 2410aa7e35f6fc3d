/**
 * Every engine call the server makes, by name. This module runs inside the worker threads;
 * the main thread imports its types only, so MuPDF is loaded by the workers alone.
 */
import type { EngineOperation } from '@pagewright/contracts';
import * as engine from '@pagewright/engine';

type Progress = (percent: number) => void;
type PdfInput = { path: string; password?: string };

export const operations = {
  merge: (a: { inputs: PdfInput[]; outputPath: string }, p: Progress) => engine.mergePdf(a.inputs, a.outputPath, p),
  info: (a: PdfInput) => engine.documentInfo(a.path, a.password),
  split: (a: { input: PdfInput; outDir: string; spec: Parameters<typeof engine.splitPdf>[2] }, p: Progress) =>
    engine.splitPdf(a.input, a.outDir, a.spec, p),
  rotate: (a: { input: PdfInput; outputPath: string; options: Parameters<typeof engine.rotatePdf>[2] }, p: Progress) =>
    engine.rotatePdf(a.input, a.outputPath, a.options, p),
  crop: (a: { input: PdfInput; outputPath: string; options: Parameters<typeof engine.cropPdf>[2] }, p: Progress) =>
    engine.cropPdf(a.input, a.outputPath, a.options, p),
  deletePages: (a: { input: PdfInput; outputPath: string; options: Parameters<typeof engine.deletePages>[2] }, p: Progress) =>
    engine.deletePages(a.input, a.outputPath, a.options, p),
  rearrangePages: (a: { input: PdfInput; outputPath: string; options: Parameters<typeof engine.rearrangePages>[2] }, p: Progress) =>
    engine.rearrangePages(a.input, a.outputPath, a.options, p),
  extractImages: (a: { input: PdfInput; outputPath: string }, p: Progress) => engine.extractImages(a.input, a.outputPath, p),
  protect: (a: { input: PdfInput; outputPath: string; options: { password: string } }, p: Progress) =>
    engine.protectPdf(a.input, a.outputPath, a.options, p),
  unlock: (a: { input: PdfInput; outputPath: string }, p: Progress) => engine.unlockPdf(a.input, a.outputPath, p),
  compress: (a: { input: PdfInput; outputPath: string; options: Parameters<typeof engine.compressPdf>[2] }, p: Progress) =>
    engine.compressPdf(a.input, a.outputPath, a.options, p),
  redact: (a: { input: PdfInput; outputPath: string; options: Parameters<typeof engine.redactPdf>[2] }, p: Progress) =>
    engine.redactPdf(a.input, a.outputPath, a.options, p),
  replaceText: (a: { input: PdfInput; outputPath: string; options: Parameters<typeof engine.replaceText>[2] }, p: Progress) =>
    engine.replaceText(a.input, a.outputPath, a.options, p),
  sign: (a: { input: PdfInput; outputPath: string; options: Parameters<typeof engine.signPdf>[2] }, p: Progress) =>
    engine.signPdf(a.input, a.outputPath, a.options, p),
  ocr: (a: { inputs: PdfInput[]; outputPath: string; options: Parameters<typeof engine.ocrToPdf>[2] }, p: Progress) =>
    engine.ocrToPdf(a.inputs, a.outputPath, a.options, p),
  imagesToPdf: (a: { inputs: string[]; outputPath: string; options: Parameters<typeof engine.imagesToPdf>[2] }, p: Progress) =>
    engine.imagesToPdf(a.inputs, a.outputPath, a.options, p),
  convertPdf: (a: { input: PdfInput; outputPath: string; options: engine.ConvertPdfOptions }, p: Progress) =>
    engine.convertPdf(a.input, a.outputPath, a.options, p),
  probeImage: async (a: { inputPath: string; inputExtension: string; options: engine.ImageProcessOptions }) => ({
    facts: await engine.probeImage(a.inputPath),
    outputExtension: engine.imageOutputExtension(a.inputExtension, a.options),
  }),
  processImage: (a: { inputPath: string; outputPath: string; options: engine.ImageProcessOptions }, p: Progress) =>
    engine.processImage(a.inputPath, a.outputPath, a.options, p),
  /** EPUB to PDF: MuPDF's layout of a whole book, kept off the main thread (no LibreOffice involved). */
  epubToPdf: (a: { inputPath: string; outputPath: string }, p: Progress) => engine.epubDocumentToPdf(a.inputPath, a.outputPath, p),
  renderPage: async (a: PdfInput & { page: number; dpi: number }) => {
    const png = await engine.renderPage(a.path, a.page, a.dpi, a.password);
    return Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString('base64');
  },
};

export type OperationName = keyof typeof operations;

/** Operations the tool table names that the workers do not run; officeToPdf runs in the office pool. */
type Unrun = Exclude<Exclude<EngineOperation, 'officeToPdf'>, OperationName>;
// Fails to compile, naming the operation, when a tool names an operation the workers lack.
export const everyToolOperationRuns: [Unrun] extends [never] ? true : Unrun = true;
export type OperationArgs<K extends OperationName> = Parameters<(typeof operations)[K]>[0];
export type OperationResult<K extends OperationName> = Awaited<ReturnType<(typeof operations)[K]>>;

export type EngineOutcome<T = unknown> =
  | { ok: true; value: T }
  | { ok: false; code: string | number; message: string };

export interface ProgressMessage {
  progress: number;
}
