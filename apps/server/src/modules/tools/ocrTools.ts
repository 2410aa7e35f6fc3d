/** OCR (image_ocr) and jpg-to-pdf (images_merge_pdf, optionally with OCR in a second stage). */
import path from 'node:path';
import { CatalogueError, imageOcrRequest, imagesMergePdfRequest, paths } from '@pagewright/contracts';
import type { RouteSpec } from '../../http/route.js';
import { fileTool, pdfInput, suffixed, type ToolDeps } from './fileTool.js';

export function ocrTools(deps: ToolDeps): RouteSpec[] {
  return [
    ...fileTool(deps, {
      kind: 'imageOcr',
      pageName: 'OCR',
      urls: [paths.imageOcr],
      summary: 'OCR: scanned PDFs and images become one searchable PDF, or text, or a Word document of the text.',
      body: imageOcrRequest,
      inputs: (b) => b.file_ids.map((file_id) => ({ file_id })),
      multiId: (b) => b.multi_id,
      options: (b) => {
        if (b.languages.length === 0) throw new CatalogueError('OCR_LANGUAGE_REQUIRED');
        return { languages: b.languages, outputFormat: b.output_format };
      },
      outputName: (name, o) => suffixed(name, 'ocr', o.outputFormat),
      run: async ({ inputs, options, tempDir, engine, reportProgress }) => {
        const outputPath = path.join(tempDir, `ocr.${options.outputFormat}`);
        const result = await engine.run('ocr', { inputs: inputs.map(pdfInput), outputPath, options }, reportProgress);
        return { outputPath, detail: { pages: result.pages, characters: result.characters } };
      },
    }),
    ...fileTool(deps, {
      kind: 'imagesMergePdf',
      pageName: 'jpg-to-pdf',
      urls: [paths.imagesMergePdf],
      summary: 'jpg-to-pdf: one page per image; with using_ocr, OCR runs as a second stage (50-100%).',
      body: imagesMergePdfRequest,
      inputs: (b) => b.file_ids.map((file_id) => ({ file_id })),
      multiId: (b) => b.multi_id,
      options: (b) => {
        if (b.using_ocr && b.languages.length === 0) throw new CatalogueError('OCR_LANGUAGE_REQUIRED');
        return {
          layout: { pageSize: b.page_size, orientation: b.orientation, margin: b.margin },
          ocrLanguages: b.using_ocr ? b.languages : [],
        };
      },
      outputName: (name) => suffixed(name, 'images', 'pdf'),
      run: async ({ inputs, options, tempDir, engine, reportProgress }) => {
        const withOcr = options.ocrLanguages.length > 0;
        const imagesPdf = path.join(tempDir, 'images.pdf');
        const stage1 = withOcr ? (p: number) => reportProgress(p / 2) : reportProgress;
        const { pages } = await engine.run('imagesToPdf', { inputs: inputs.map((i) => i.path), outputPath: imagesPdf, options: options.layout }, stage1);
        if (!withOcr) return { outputPath: imagesPdf, detail: { pages } };
        const outputPath = path.join(tempDir, 'images-ocr.pdf');
        await engine.run('ocr', { inputs: [{ path: imagesPdf }], outputPath, options: { languages: options.ocrLanguages, outputFormat: 'pdf' } }, (p) => reportProgress(50 + p / 2));
        return { outputPath, detail: { pages } };
      },
    }),
  ];
}
