/** protect-pdf, unlock-pdf, compress-pdf, redact-pdf, replace-text, sign-pdf. */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import {
  CatalogueError, compressRequest, customCompressMaxSize, decodeRequest, encryptRequest, paths,
  PROTECT_PASSWORD_MAX, PROTECT_PASSWORD_MIN, redactionRequest, replaceTextRequest, signatureImageExtensions, signRequest,
} from '@pagewright/contracts';
import type { RouteSpec } from '../../http/route.js';
import { fileTool, pdfInput, singleInput, suffixed, type ToolDeps } from './fileTool.js';

/** document/redaction/{file_id}/redaction[/{password}] and the sign path carry the file in the URL. */
const fromPath = (params: Record<string, string>) => [
  { file_id: params.file_id ?? '', ...(params.password ? { password: params.password } : {}) },
];

export function protectTools(deps: ToolDeps): RouteSpec[] {
  return [
    ...fileTool(deps, {
      kind: 'encrypt',
      pageName: 'protect-pdf',
      urls: [paths.encrypt],
      summary: 'protect-pdf: AES-256 encryption with a password of 6 to 20 characters.',
      body: encryptRequest,
      inputs: singleInput,
      multiId: (b) => b.multi_id,
      options: (b) => {
        const length = [...b.new_password].length;
        if (length < PROTECT_PASSWORD_MIN || length > PROTECT_PASSWORD_MAX) throw new CatalogueError('PASSWORD_LENGTH');
        return { newPassword: b.new_password };
      },
      outputName: (name) => suffixed(name, 'protected', 'pdf'),
      run: async ({ inputs, options, tempDir, engine, reportProgress }) => {
        const outputPath = path.join(tempDir, 'protected.pdf');
        await engine.run('protect', { input: pdfInput(inputs[0]!), outputPath, options: { password: options.newPassword } }, reportProgress);
        return { outputPath };
      },
    }),
    ...fileTool(deps, {
      kind: 'decode',
      pageName: 'unlock-pdf',
      urls: [paths.decode],
      summary: 'unlock-pdf: removes the password; NOT_PROTECTED for a file without one.',
      body: decodeRequest,
      inputs: (b) => [{ file_id: b.file_id, password: b.password }],
      multiId: (b) => b.multi_id,
      options: () => ({}),
      outputName: (name) => suffixed(name, 'unlocked', 'pdf'),
      run: async ({ inputs, tempDir, engine, reportProgress }) => {
        const outputPath = path.join(tempDir, 'unlocked.pdf');
        await engine.run('unlock', { input: pdfInput(inputs[0]!), outputPath }, reportProgress);
        return { outputPath };
      },
    }),
    ...fileTool(deps, {
      kind: 'compress',
      pageName: 'compress-pdf',
      urls: [paths.compress],
      summary: 'compress-pdf: levels high, medium, low, or a custom target size; never larger than the input.',
      body: compressRequest,
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
    ...fileTool(deps, {
      kind: 'redaction',
      pageName: 'redact-pdf',
      urls: [paths.redaction, paths.redactionWithPassword],
      summary: 'redact-pdf: boxes and search terms; the text under them is removed from the file.',
      body: redactionRequest,
      inputs: (_b, params) => fromPath(params),
      multiId: (b) => b.multi_id,
      options: (b) => {
        if (b.boxes.length === 0 && b.search.length === 0) throw new CatalogueError('INVALID_PARAMS', 'nothing to redact');
        if (b.regex) {
          for (const term of b.search) {
            try {
              new RegExp(term, 'u');
            } catch {
              throw new CatalogueError('INVALID_PARAMS', `not a regular expression: ${term}`);
            }
          }
        }
        return { boxes: b.boxes, search: b.search, regex: b.regex, caseSensitive: b.case_sensitive };
      },
      outputName: (name) => suffixed(name, 'redacted', 'pdf'),
      run: async ({ inputs, options, tempDir, engine, reportProgress }) => {
        const outputPath = path.join(tempDir, 'redacted.pdf');
        const { redactions } = await engine.run('redact', { input: pdfInput(inputs[0]!), outputPath, options }, reportProgress);
        return { outputPath, detail: { redactions } };
      },
    }),
    ...fileTool(deps, {
      kind: 'replaceText',
      pageName: 'replace-text',
      urls: [paths.replaceText],
      summary: 'replace-text: finds and replaces text in place, in a matching font size and colour.',
      body: replaceTextRequest,
      inputs: (b) => [{ file_id: b.file_id, ...(b.passwd ? { password: b.passwd } : {}) }],
      multiId: (b) => b.multi_id,
      options: (b) => ({ find: b.find, replace: b.replace, regex: b.regex, caseSensitive: b.case_sensitive }),
      outputName: (name) => suffixed(name, 'replaced', 'pdf'),
      run: async ({ inputs, options, tempDir, engine, reportProgress }) => {
        const outputPath = path.join(tempDir, 'replaced.pdf');
        const { replacements } = await engine.run('replaceText', { input: pdfInput(inputs[0]!), outputPath, options }, reportProgress);
        return { outputPath, detail: { replacements } };
      },
    }),
    ...fileTool(deps, {
      kind: 'sign',
      pageName: 'sign-pdf',
      urls: [paths.sign, paths.signWithPassword],
      summary: 'sign-pdf: places signature images (uploaded files) on pages at given boxes.',
      body: signRequest,
      checkInput: (name, index) => {
        if (index === 0) return name.toLowerCase().endsWith('.pdf') ? null : 'FILE_TYPE_ERROR';
        const extension = name.toLowerCase().split('.').pop() ?? '';
        return (signatureImageExtensions as readonly string[]).includes(extension) ? null : 3102;
      },
      // The signature images travel as further inputs, after the document.
      inputs: (b, params) => [...fromPath(params), ...b.placements.map((p) => ({ file_id: p.sign_file_id }))],
      multiId: (b) => b.multi_id,
      options: (b) => ({ placements: b.placements.map(({ page, x, y, w, h }) => ({ page, x, y, w, h })) }),
      outputName: (name) => suffixed(name, 'signed', 'pdf'),
      run: async ({ inputs, options, tempDir, engine, reportProgress }) => {
        const outputPath = path.join(tempDir, 'signed.pdf');
        const placements = options.placements.map((p, i) => ({ ...p, image: inputs[i + 1]!.path }));
        await engine.run('sign', { input: pdfInput(inputs[0]!), outputPath, options: { placements } }, reportProgress);
        return { outputPath };
      },
    }),
  ];
}
