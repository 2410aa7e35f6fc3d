/** protect-pdf, unlock-pdf, redact-pdf, sign-pdf. */
import path from 'node:path';
import { CatalogueError, PROTECT_PASSWORD_MAX, PROTECT_PASSWORD_MIN, signatureImageExtensions } from '@pagewright/contracts';
import { fileToolKind, pdfInput, singleInput, suffixed, type ToolDeps, type ToolKind } from '../service.js';

/** document/redaction/{file_id}/redaction[/{password}] and the sign path carry the file in the URL. */
const fromPath = (params: Record<string, string>) => [
  { file_id: params.file_id ?? '', ...(params.password ? { password: params.password } : {}) },
];

export function protectKinds(deps: ToolDeps): ToolKind[] {
  return [
    fileToolKind(deps, 'encrypt', {
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
    fileToolKind(deps, 'decode', {
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
    fileToolKind(deps, 'redaction', {
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
    fileToolKind(deps, 'sign', {
      checkInput: (name, index) => {
        if (index === 0) return name.toLowerCase().endsWith('.pdf') ? null : 'FILE_TYPE_ERROR';
        const extension = name.toLowerCase().split('.').pop() ?? '';
        return (signatureImageExtensions as readonly string[]).includes(extension) ? null : 3102;
      },
      // The signature images travel as further inputs, after the document.
      inputs: (b, params) => [...fromPath(params), ...b.placements.map((p) => ({ file_id: p.sign_file_id }))],
      multiId: (b) => b.multi_id,
      options: (b) => ({
        placements: b.placements.map(({ page, x, y, w, h }) => ({ page, x, y, w, h })),
        // The PKCS#12 file and its password stay in the task only until it ran (the task drops keys named pkcs12 or password).
        ...(b.certificate ? { certificate: b.certificate } : {}),
      }),
      outputName: (name) => suffixed(name, 'signed', 'pdf'),
      run: async ({ inputs, options, tempDir, engine, reportProgress }) => {
        const outputPath = path.join(tempDir, 'signed.pdf');
        const placements = options.placements.map((p, i) => ({ ...p, image: inputs[i + 1]!.path }));
        const c = options.certificate;
        const certificate = c && {
          field: c.field, pkcs12: Buffer.from(c.pkcs12, 'base64'), password: c.pkcs12_password, reason: c.reason, location: c.location,
        };
        const result = await engine.run('sign', { input: pdfInput(inputs[0]!), outputPath, options: { placements, certificate } }, reportProgress);
        return { outputPath, detail: { pages: result.pages, certificate: result.certificate } };
      },
    }),
  ];
}
