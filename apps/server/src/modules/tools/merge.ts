import path from 'node:path';
import { CatalogueError, mergeRequest, paths } from '@pagewright/contracts';
import type { RouteSpec } from '../../http/route.js';
import { fileTool, pdfInput, type ToolDeps } from './fileTool.js';

/** merge-pdf: every page of every file, in the order given, with outlines and links. */
export function mergeTool(deps: ToolDeps): RouteSpec[] {
  return fileTool(deps, {
    kind: 'merge',
    pageName: 'merge-pdf',
    urls: [paths.merge],
    summary: 'merge-pdf: queues a task merging the files in the order of file_ids.',
    body: mergeRequest,
    inputs: (b) => {
      if (b.passwds && b.passwds.length > b.file_ids.length) throw new CatalogueError('INVALID_PARAMS', 'more passwords than files');
      return b.file_ids.map((file_id, i) => {
        const password = b.passwds?.[i];
        return password ? { file_id, password } : { file_id };
      });
    },
    multiId: (b) => b.multi_id,
    options: (b) => ({ outputFileName: b.output_file_name }),
    outputName: (first, o) => {
      const name = o.outputFileName ?? `${first.replace(/\.pdf$/i, '')}-merged.pdf`;
      return name.toLowerCase().endsWith('.pdf') ? name : `${name}.pdf`;
    },
    run: async ({ inputs, tempDir, engine, reportProgress }) => {
      const outputPath = path.join(tempDir, 'merged.pdf');
      await engine.run('merge', { inputs: inputs.map(pdfInput), outputPath }, reportProgress);
      return { outputPath };
    },
  });
}
