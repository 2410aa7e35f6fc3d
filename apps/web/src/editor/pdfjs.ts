/**
 * pdf.js, loaded only by the editor's chunk (the editor page imports this module lazily), with
 * its worker served from our own origin as the content security policy wants.
 */
import { AnnotationMode, GlobalWorkerOptions, getDocument, OPS, TextLayer, Util, type PDFDocumentProxy, type PDFPageProxy, type RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export { AnnotationMode, OPS, TextLayer, Util, type PDFDocumentProxy, type PDFPageProxy, type RenderTask };

/** Opens PDF bytes; a wrong or missing password rejects with pdf.js's PasswordException. */
export function openPdf(data: Uint8Array, password?: string): Promise<PDFDocumentProxy> {
  // The page content is never evaluated as code: the CSP has no 'unsafe-eval'.
  return getDocument({ data, password, isEvalSupported: false }).promise;
}
