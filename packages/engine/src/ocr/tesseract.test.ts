/**
 * A Tesseract child must not outlive the engine thread that started it: the pool ends a
 * thread whose task ran past its time, and the recogniser it started must end with it.
 */
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'pw-tesseract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The built module: a worker thread cannot load TypeScript.
const built = fileURLToPath(new URL('../../dist/ocr/tesseract.js', import.meta.url));

/** Running, not a zombie waiting to be reaped (its parent thread is gone). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe('runTesseract', () => {
  it('ends the recogniser when the thread that started it is terminated', async () => {
    const pidFile = join(dir, 'pid');
    // A "tesseract" that never finishes on its own.
    const slow = join(dir, 'slow-tesseract.sh');
    writeFileSync(slow, `#!/bin/sh\necho $$ > '${pidFile}'\nexec sleep 120\n`);
    chmodSync(slow, 0o755);
    const worker = new Worker(
      `import(${JSON.stringify(built)}).then((m) => m.runTesseract({ image: 'x.png', outBase: ${JSON.stringify(join(dir, 'out'))}, languages: ['eng'], workDir: ${JSON.stringify(dir)}, label: 'page 1' })).catch(() => {});`,
      { eval: true, env: { ...process.env, PAGEWRIGHT_TESSERACT: slow } },
    );
    // The shell creates the file before it writes the pid and its newline: wait for both.
    const written = () => existsSync(pidFile) && readFileSync(pidFile, 'utf8').endsWith('\n');
    const deadline = Date.now() + 10_000;
    while (!written() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const pid = Number(readFileSync(pidFile, 'utf8'));
    expect(alive(pid)).toBe(true);
    await worker.terminate();
    const gone = Date.now() + 3_000;
    while (alive(pid) && Date.now() < gone) await new Promise((r) => setTimeout(r, 50));
    expect(alive(pid)).toBe(false);
  });
});
