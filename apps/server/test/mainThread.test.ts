import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const app = pathToFileURL(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/app.js')).href;

/** A module hook that prints every module of the mupdf package the process resolves. */
const hooks = `export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  if (/node_modules\\/mupdf\\//.test(r.url)) process.stderr.write('MUPDF ' + r.url + '\\n');
  return r;
}`;
const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;

function modulesOf(script: string): string {
  const result = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(register)}`, '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stderr;
}

describe('the API process', () => {
  it('loads no MuPDF in its main thread: only the engine worker threads do', () => {
    expect(modulesOf(`await import(${JSON.stringify(app)});`)).not.toContain('MUPDF');
  });

  it('would see MuPDF if the main thread loaded the engine (the check itself works)', () => {
    expect(modulesOf(`await import('@pagewright/engine');`)).toContain('MUPDF');
  });
});
