/**
 * The engine pool on the built worker (dist): one bad call must not change the next call's
 * outcome. Faults are injected by the worker's test operation (PAGEWRIGHT_ENGINE_FAULTS=1), and
 * one real file breaks MuPDF's WebAssembly module (nested forms that overflow its stack).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CatalogueError } from '@pagewright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, nestedFormsPdf } from '../../test/pdfFixtures.js';
import { EnginePool } from './pool.js';
import type { OperationName } from './operations.js';

const worker = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/engine/worker.js');
const dir = mkdtempSync(path.join(tmpdir(), 'pw-pool-'));
const good = path.join(dir, 'good.pdf');
const pools: EnginePool[] = [];

beforeAll(() => {
  process.env.PAGEWRIGHT_ENGINE_FAULTS = '1';
  writeFileSync(good, makePdf(['fine', 'also fine']));
});

afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
  delete process.env.PAGEWRIGHT_ENGINE_FAULTS;
  delete process.env.ENGINE_RECYCLE_CALLS;
  delete process.env.ENGINE_RECYCLE_HEAP_MB;
  rmSync(dir, { recursive: true, force: true });
});

function pool(timeoutMs = 30_000, idleTimeoutMs?: number): EnginePool {
  const p = new EnginePool(1, timeoutMs, { filename: worker, ...(idleTimeoutMs === undefined ? {} : { idleTimeoutMs }) });
  pools.push(p);
  return p;
}

/** The worker's test faults go through the same run() as real operations. */
const fault = (p: EnginePool, kind: string) => p.run('__fault' as OperationName, { kind } as never);

async function codeOf(promise: Promise<unknown>): Promise<string | number> {
  try {
    await promise;
    return 0;
  } catch (error) {
    return error instanceof CatalogueError ? error.code : String(error);
  }
}

describe('EnginePool', () => {
  it('calls a real file that overflows MuPDF\'s stack damaged on every reading path, and reads the good files after it on the same thread', async () => {
    const nested = path.join(dir, 'nested-forms.pdf');
    writeFileSync(nested, nestedFormsPdf());
    const p = pool();
    const reads: Array<[OperationName, (file: string) => object]> = [
      ['pageTexts', (file) => ({ path: file, maxChars: 10_000 })],
      ['documentText', (file) => ({ path: file, maxPages: 10 })],
      ['renderPage', (file) => ({ path: file, page: 1, dpi: 20 })],
    ];
    for (const [op, args] of reads) {
      expect({ op, code: await codeOf(p.run(op, args(nested) as never)) }).toEqual({ op, code: 'FILE_DAMAGED' });
      for (let i = 0; i < 2; i += 1) expect({ op, read: await codeOf(p.run(op, args(good) as never)) }).toEqual({ op, read: 0 });
    }
    expect(p.threadsReplaced).toBeGreaterThanOrEqual(reads.length);
  });

  it('answers a good file after a call that broke the only thread, and calls the breaking input damaged', async () => {
    const p = pool();
    expect(await p.run('info', { path: good })).toMatchObject({ total_page: 2 });
    // The trap poisons its thread; the retry on a fresh thread traps again: the input is to blame.
    expect(await codeOf(fault(p, 'trap'))).toBe('FILE_DAMAGED');
    for (let i = 0; i < 3; i += 1) expect(await p.run('info', { path: good })).toMatchObject({ total_page: 2 });
    expect(p.threadsReplaced).toBe(2);
  });

  it('stops a call that runs past its time by ending its thread, and runs the next call', async () => {
    const p = pool(1000);
    expect(await codeOf(fault(p, 'spin'))).toBe('ECONNABORTED');
    expect(await p.run('info', { path: good })).toMatchObject({ total_page: 2 });
  });

  it('retries once a call whose thread died, then answers 3125', async () => {
    const p = pool();
    expect(await codeOf(fault(p, 'exit'))).toBe(3125);
    expect(await p.run('info', { path: good })).toMatchObject({ total_page: 2 });
  });

  it('keeps ordinary errors as they are, without retrying', async () => {
    const p = pool();
    const missing = path.join(dir, 'missing.pdf');
    const code = await codeOf(p.run('info', { path: missing }));
    expect(code).not.toBe(0);
    expect(code).not.toBe('FILE_DAMAGED');
    expect(p.threadsReplaced).toBe(0);
  });

  it('retires a thread after its allowance of calls and runs every call', async () => {
    process.env.ENGINE_RECYCLE_CALLS = '2';
    const p = pool();
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      ids.push((await fault(p, 'whoami')) as unknown as number);
      await p.run('info', { path: good });
    }
    // whoami and info make two calls per round: each round ran on a thread of its own.
    expect(new Set(ids).size).toBe(6);
  });

  it('runs every one of many concurrent calls while each thread retires after every call', async () => {
    process.env.ENGINE_RECYCLE_CALLS = '1';
    const p = new EnginePool(2, 30_000, { filename: worker });
    pools.push(p);
    const codes = await Promise.all(Array.from({ length: 30 }, () => codeOf(p.run('info', { path: good }))));
    // A call must never land on a thread the pool is ending (it did: 'worker exited', counted
    // as a broken try, and two in a row answered 3125 for a good file).
    expect(codes.filter((c) => c !== 0)).toEqual([]);
    expect(p.threadsReplaced).toBe(30);
  }, 90_000);

  it('replaces a thread after a call that leaves its MuPDF heap above ENGINE_RECYCLE_HEAP_MB', async () => {
    delete process.env.ENGINE_RECYCLE_CALLS;
    // 1 MB: every loaded MuPDF heap is above it, so every thread retires after its first real call.
    process.env.ENGINE_RECYCLE_HEAP_MB = '1';
    try {
      const p = pool();
      const ids: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        ids.push((await fault(p, 'whoami')) as unknown as number);
        expect(await p.run('info', { path: good })).toMatchObject({ total_page: 2 });
      }
      expect(new Set(ids).size).toBe(4);
      expect(p.threadsReplaced).toBe(4);
    } finally {
      delete process.env.ENGINE_RECYCLE_HEAP_MB;
    }
  });

  it('keeps a thread below ENGINE_RECYCLE_HEAP_MB, and ends it once idle', async () => {
    delete process.env.ENGINE_RECYCLE_CALLS;
    process.env.ENGINE_RECYCLE_HEAP_MB = '1000000';
    try {
      const p = pool(30_000, 300);
      const ids: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        ids.push((await fault(p, 'whoami')) as unknown as number);
        await p.run('info', { path: good });
      }
      expect(new Set(ids).size).toBe(1);
      expect(p.threadsReplaced).toBe(0);
      expect(p.threads).toBe(1);
      // Idle past its timeout, the thread ends and its WebAssembly heap with it.
      const deadline = Date.now() + 5_000;
      while (p.threads > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(p.threads).toBe(0);
      // The next call starts a fresh one.
      expect(await p.run('info', { path: good })).toMatchObject({ total_page: 2 });
      expect(p.threads).toBe(1);
    } finally {
      delete process.env.ENGINE_RECYCLE_HEAP_MB;
    }
  });
});
