/**
 * Scaffolding shared by the engine's test files: a per-file temporary directory, the
 * CatalogueError a failing call must reject with, and the CLI run in-process.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { CatalogueError } from '@pagewright/contracts';
import { runCli } from '../src/cli/main.js';
import { ChromiumRenderer } from '../src/office/chromium.js';
import { tempDir } from './fixtures.js';

export interface TestDir {
  /** The directory; set before the file's tests run. */
  readonly dir: string;
  /** A path in the directory. */
  out(name: string): string;
  /** Writes `bytes` to a file in the directory and returns its path. */
  file(name: string, bytes: Uint8Array): string;
  /** Prints `html` to a PDF in the directory with headless Chromium (as a browser lays it out) and returns its path. */
  printed(name: string, html: string): Promise<string>;
}

/**
 * A temporary directory made before the calling test file's tests (beforeAll, registered here
 * so it runs ahead of the file's own hooks) and removed after them.
 */
export function useTempDir(prefix: string): TestDir {
  let dir: string | undefined;
  let cleanup: (() => void) | undefined;
  beforeAll(() => ({ dir, cleanup } = tempDir(prefix)));
  afterAll(() => cleanup?.());
  const current = (): string => {
    if (dir === undefined) throw new Error('the temporary directory exists only while the tests run');
    return dir;
  };
  return {
    get dir() {
      return current();
    },
    out: (name) => join(current(), name),
    file: (name, bytes) => {
      const path = join(current(), name);
      writeFileSync(path, bytes);
      return path;
    },
    printed: async (name, html) => {
      const path = join(current(), name);
      const chromium = new ChromiumRenderer(async () => current());
      try {
        await chromium.printHtml(Buffer.from(html), path, 60_000);
      } finally {
        await chromium.close();
      }
      return path;
    },
  };
}

/** The CatalogueError `promise` rejects with; fails the test when it resolves or rejects otherwise. */
export function errorOf(promise: Promise<unknown>): Promise<CatalogueError> {
  return promise.then(
    () => {
      throw new Error('expected a CatalogueError');
    },
    (err: unknown) => {
      expect(err).toBeInstanceOf(CatalogueError);
      return err as CatalogueError;
    },
  );
}

/** Runs `pagewright <args>` in-process and collects its exit status and output. */
export async function cli(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const status = await runCli(args, { out: (t) => (stdout += t), err: (t) => (stderr += t) });
  return { status, stdout, stderr };
}

/**
 * What epubcheck (Debian's epubcheck, the W3C validator) reports on an EPUB: its error, fatal
 * and warning lines, empty when the file is valid. Fails the test when epubcheck cannot run.
 */
export function epubcheck(path: string): string[] {
  // Debian installs the jar as /usr/bin/epubcheck, which needs binfmt support to run directly.
  const run = spawnSync('java', ['-XX:TieredStopAtLevel=1', '-jar', '/usr/share/java/epubcheck.jar', path], { encoding: 'utf8', timeout: 120_000 });
  const output = `${run.stdout ?? ''}${run.stderr ?? ''}`;
  if (!/Messages: \d+ fatals/.test(output)) throw new Error(`epubcheck did not run: ${run.error?.message ?? output.slice(0, 500)}`);
  return output.split('\n').filter((line) => /^(FATAL|ERROR|WARNING)\b/.test(line));
}
