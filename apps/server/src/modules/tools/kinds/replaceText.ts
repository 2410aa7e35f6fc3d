/** replace-text: finds and replaces text in place, in a matching font size and colour. */
import path from 'node:path';
import { fileToolKind, pdfInput, suffixed, type ToolDeps, type ToolKind } from '../service.js';

export function replaceTextKinds(deps: ToolDeps): ToolKind[] {
  return [
    fileToolKind(deps, 'replaceText', {
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
  ];
}
