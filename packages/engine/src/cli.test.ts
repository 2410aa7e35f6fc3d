import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBack, tempDir, writePdf } from '../test/fixtures.js';
import { prerequisite } from '../test/tools.js';

const engineDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = join(engineDir, '..', '..');
const bin = join(engineDir, 'bin', 'pagewright.js');

/** The newest modification time of the non-test sources under `dir`. */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** The CLI runs the built engine: build it when dist is missing or older than the sources. */
function ensureBuilt(): void {
  const built = join(engineDir, 'dist', 'cli.js');
  if (existsSync(built) && statSync(built).mtimeMs >= newestSource(join(engineDir, 'src'))) return;
  execFileSync(process.execPath, [join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc'), '-b', 'packages/engine'], { cwd: repoRoot, stdio: 'pipe' });
}

function run(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

let dir: string;
let cleanup: () => void;
let a: string;
let b: string;
let locked: string;
beforeAll(() => {
  ensureBuilt();
  ({ dir, cleanup } = tempDir());
  a = writePdf(dir, 'a.pdf', { pages: ['A1', 'A2'], outline: [{ title: 'A', page: 1 }] });
  b = writePdf(dir, 'b.pdf', { pages: ['B1'] });
  locked = writePdf(dir, 'locked.pdf', { pages: ['L1', 'L2', 'L3'], encrypt: { user: 'secret', owner: 'owner' } });
}, 120_000);
afterAll(() => cleanup());

describe('pagewright CLI', () => {
  it('prints the command list with --help and exits 0', () => {
    const { status, stdout } = run('--help');
    expect(status).toBe(0);
    expect(stdout).toMatch(/^Usage: pagewright <command>/);
    expect(stdout).toMatch(/\n {2}merge-pdf {2}/);
    expect(stdout).toMatch(/\n {2}info /);
  });

  it('prints each command help with <command> --help and exits 0', () => {
    const merge = run('merge-pdf', '--help');
    expect(merge.status).toBe(0);
    expect(merge.stdout).toMatch(/^Usage: pagewright merge-pdf .* -o <out\.pdf>/);
    expect(merge.stdout).toMatch(/--password N=SECRET/);
    const info = run('info', '-h');
    expect(info.status).toBe(0);
    expect(info.stdout).toMatch(/^Usage: pagewright info/);
    expect(run('help', 'merge-pdf').stdout).toBe(merge.stdout);
  });

  it('exits 2 on usage errors', () => {
    const cases: string[][] = [
      [],
      ['frobnicate'],
      ['merge-pdf', a, b],
      ['merge-pdf', '-o', join(dir, 'x.pdf')],
      ['merge-pdf', a, b, '-o', join(dir, 'x.pdf'), '--bogus'],
      ['merge-pdf', a, b, '-o', join(dir, 'x.pdf'), '--password', '3=x'],
      ['merge-pdf', a, b, '-o', join(dir, 'x.pdf'), '--password', 'secret'],
      ['merge-pdf', a, b, '-o', join(dir, 'x.pdf'), '--password', '1=x', '--password', '1=y'],
      ['info'],
      ['info', a, b],
    ];
    for (const args of cases) {
      const { status, stderr } = run(...args);
      expect({ args, status }).toEqual({ args, status: 2 });
      if (args.length > 0) expect(stderr).toMatch(/^error usage: /);
    }
    expect(existsSync(join(dir, 'x.pdf'))).toBe(false);
  });

  it('merges files and prints the page count as JSON', () => {
    const out = join(dir, 'merged.pdf');
    const { status, stdout, stderr } = run('merge-pdf', a, b, '-o', out);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toEqual({ pages: 3, output: out });
    const merged = readBack(readFileSync(out));
    expect(merged.texts).toEqual(['A1', 'A2', 'B1']);
    expect(merged.outline).toEqual([{ title: 'A', page: 1, children: [] }]);
  });

  it('needs the password of an encrypted input, given by its 1-based position', () => {
    const out = join(dir, 'with-locked.pdf');
    const missing = run('merge-pdf', a, locked, '-o', out);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^error 3122: Input 2: /);
    const wrong = run('merge-pdf', a, locked, '-o', out, '--password', '2=nope');
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/^error INCORRECT_PASSWORD: /);
    expect(existsSync(out)).toBe(false);
    const ok = run('merge-pdf', a, locked, '-o', out, '--password', '2=secret');
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({ pages: 5, output: out });
  });

  it('prints document info as JSON, and catalogue errors with exit 1', () => {
    const info = run('info', a);
    expect(info.status).toBe(0);
    expect(JSON.parse(info.stdout)).toEqual({ total_page: 2, page_w: 300, page_h: 400, encrypted: false });
    expect(run('info', locked).stderr).toMatch(/^error 3122: /);
    expect(JSON.parse(run('info', locked, '--password', 'secret').stdout)).toMatchObject({ total_page: 3, encrypted: true });
    const text = join(dir, 'text.pdf');
    writeFileSync(text, 'hello');
    const notPdf = run('info', text);
    expect(notPdf.status).toBe(1);
    expect(notPdf.stderr).toMatch(/^error FILE_TYPE_ERROR: /);
    const damaged = join(dir, 'damaged.pdf');
    writeFileSync(damaged, '%PDF-1.7\nnothing else');
    const broken = run('info', damaged);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/^error FILE_DAMAGED: /);
  });

  const npxBin = join(repoRoot, 'node_modules', '.bin', 'pagewright');
  it.skipIf(!prerequisite('runs as `npx pagewright`', `${npxBin} (linked by npm ci, which scripts/setup.sh runs)`, existsSync(npxBin)))('runs as `npx pagewright` from the repository root', () => {
    const out = join(dir, 'npx.pdf');
    const result = spawnSync('npx', ['--no-install', 'pagewright', 'merge-pdf', a, b, '-o', out], { cwd: repoRoot, encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ pages: 3, output: out });
  });
});
