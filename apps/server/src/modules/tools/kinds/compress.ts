/** compress-pdf: levels high, medium and low, or a custom target size; never larger than the input. */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { CatalogueError, customCompressMaxSize } from '@pagewright/contracts';
import { fileToolKind, pdfInput, singleInput, suffixed, type ToolDeps, type ToolKind } from '../service.js';

export function compressKinds(deps: ToolDeps): ToolKind[] {
  return [
    fileToolKind(deps, 'compress', {
      inputs: singleInput,
      multiId: (b) => b.multi_id,
      options: (b) => {
        if (b.level !== 'custom') return { level: b.level };
        if (!b.target_size) throw new CatalogueError('INVALID_PARAMS', 'target_size is required with level custom');
        if (b.multi_id) throw new CatalogueError('CUSTOM_COMPRESS_TOO_LARGE');
        return { targetSize: b.target_size };
      },
      outputName: (name) => suffixed(name, 'compressed', 'pdf'),
      run: async ({ inputs, options, tempDir, engine, reportProgress }) => {
        const input = inputs[0]!;
        if ('targetSize' in options) {
          const { size } = await stat(input.path);
          if (size >= customCompressMaxSize) throw new CatalogueError('CUSTOM_COMPRESS_TOO_LARGE');
        }
        const outputPath = path.join(tempDir, 'compressed.pdf');
        const result = await engine.run('compress', { input: pdfInput(input), outputPath, options }, reportProgress);
        return {
          outputPath,
          detail: { input_size: result.inputSize, output_size: result.outputSize, unchanged: result.unchanged },
        };
      },
    }),
  ];
}
