/** merge-pdf, split-pdf, rotate-pdf, crop-pdf, delete-pages, rearrange-pdf-pages, extract-images-from-pdf: a document's pages. */
import path from 'node:path';
import { mkdir, rename } from 'node:fs/promises';
import { CatalogueError } from '@pagewright/contracts';
import { sanitizeFileName } from '../../../util/fileName.js';
import { zipFiles } from '../../../util/zip.js';
import { parsePages, parseRanges } from '../pageRanges.js';
import { fileToolKind, pdfInput, singleInput, suffixed, type ToolDeps, type ToolKind } from '../service.js';

export function pageKinds(deps: ToolDeps): ToolKind[] {
  return [
    fileToolKind(deps, 'merge', {
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
    }),
    fileToolKind(deps, 'split', {
      inputs: singleInput,
      multiId: (b) => b.multi_id,
      options: (b) => {
        if (b.mode === 'ranges') {
          const ranges = parseRanges(b.ranges);
          if (!ranges) throw new CatalogueError('PAGE_RANGE_FORMAT');
          return { mode: 'ranges' as const, ranges };
        }
        if (b.mode === 'each') {
          if (!b.n) throw new CatalogueError('INVALID_PARAMS', 'n is required with mode each');
          return { mode: 'each' as const, n: b.n };
        }
        return { mode: 'every' as const };
      },
      outputName: (name) => suffixed(name, 'split', 'zip'),
      run: async ({ inputs, options, tempDir, engine, reportProgress }) => {
        const partsDir = path.join(tempDir, 'parts');
        const sourceDir = path.join(tempDir, 'source');
        await mkdir(partsDir);
        await mkdir(sourceDir);
        // The parts are named after the file they come from (report-1.pdf, report-4-6.pdf): the
        // engine names them after its input, so the stored copy takes the upload's name.
        const input = inputs[0]!;
        const named = path.join(sourceDir, sanitizeFileName(input.name, 'document'));
        await rename(input.path, named);
        const { files } = await engine.run('split', { input: pdfInput({ ...input, path: named }), outDir: partsDir, spec: options }, reportProgress);
        const outputPath = path.join(tempDir, 'split.zip');
        await zipFiles(files, outputPath);
        return { outputPath, detail: { files: files.length } };
      },
    }),
    fileToolKind(deps, 'rotate', {
      inputs: singleInput,
      multiId: (b) => b.multi_id,
      options: (b) => ({ angle: b.angle, pages: parsePages(b.pages) }),
      outputName: (name) => suffixed(name, 'rotated', 'pdf'),
      run: async ({ inputs, options, tempDir, engine, reportProgress }) => {
        const outputPath = path.join(tempDir, 'rotated.pdf');
        await engine.run('rotate', { input: pdfInput(inputs[0]!), outputPath, options: dropUndefined(options) }, reportProgress);
        return { outputPath };
      },
    }),
    fileToolKind(deps, 'crop', {
      inputs: singleInput,
      multiId: (b) => b.multi_id,
      options: (b) => ({ margins: { l: b.l, r: b.r, t: b.t, b: b.b }, pages: parsePages(b.pages) }),
      outputName: (name) => suffixed(name, 'cropped', 'pdf'),
      run: async ({ inputs, options, tempDir, engine, reportProgress }) => {
        const outputPath = path.join(tempDir, 'cropped.pdf');
        await engine.run('crop', { input: pdfInput(inputs[0]!), outputPath, options: dropUndefined(options) }, reportProgress);
        return { outputPath };
      },
    }),
    fileToolKind(deps, 'extractPage', {
      inputs: singleInput,
      multiId: (b) => b.multi_id,
      options: (b) => {
        if (b.delete_pages !== undefined) {
          const pages = parsePages(b.delete_pages);
          if (!pages) throw new CatalogueError('PAGE_RANGE_FORMAT');
          return { action: 'delete' as const, pages };
        }
        if (!b.order || b.order.length === 0) throw new CatalogueError('INVALID_PARAMS', 'give delete_pages or order');
        if (new Set(b.order).size !== b.order.length) throw new CatalogueError('INVALID_PARAMS', 'a page repeats in order');
        const rotations = Object.fromEntries(Object.entries(b.rotations ?? {}).map(([k, v]) => [Number(k), v]));
        return { action: 'rearrange' as const, order: b.order, rotations };
      },
      outputName: (name, o) => suffixed(name, o.action === 'delete' ? 'pages-deleted' : 'rearranged', 'pdf'),
      run: async ({ inputs, options, tempDir, engine, reportProgress }) => {
        const outputPath = path.join(tempDir, 'pages.pdf');
        const input = pdfInput(inputs[0]!);
        if (options.action === 'delete') {
          await engine.run('deletePages', { input, outputPath, options: { pages: options.pages } }, reportProgress);
        } else {
          await engine.run('rearrangePages', { input, outputPath, options: { order: options.order, rotations: options.rotations } }, reportProgress);
        }
        return { outputPath };
      },
    }),
    fileToolKind(deps, 'extractImages', {
      inputs: singleInput,
      multiId: (b) => b.multi_id,
      options: () => ({}),
      outputName: (name) => suffixed(name, 'images', 'zip'),
      run: async ({ inputs, tempDir, engine, reportProgress }) => {
        const outputPath = path.join(tempDir, 'images.zip');
        const { images } = await engine.run('extractImages', { input: pdfInput(inputs[0]!), outputPath }, reportProgress);
        return { outputPath, detail: { images } };
      },
    }),
  ];
}

/** Task params are JSON: an absent page list stays absent rather than null. */
function dropUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}
