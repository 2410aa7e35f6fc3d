/** OCR (image_ocr) and jpg-to-pdf (images_merge_pdf, optionally with OCR in a second stage). */
import path from 'node:path';
import { CatalogueError } from '@pagewright/contracts';
import { fileToolKind, pdfInput, suffixed, type ToolDeps, type ToolKind } from '../service.js';

export function ocrKinds(deps: ToolDeps): ToolKind[] {
  return [
    fileToolKind(deps, 'imageOcr', {
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
    fileToolKind(deps, 'imagesMergePdf', {
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
