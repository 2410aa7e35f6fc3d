import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, startServer, type TestServer } from './harness.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
});

describe('GET /api/health', () => {
  it("reports the process's memory and the engine threads, for operators and the soak benchmark", async () => {
    const body = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as {
      data: { version: string; memory: { rss: number; heap_used: number; external: number }; engine: { threads: number; threads_replaced: number } };
    };
    expect(body.data.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(body.data.memory.rss).toBeGreaterThan(10 * 1024 * 1024);
    expect(body.data.memory.heap_used).toBeGreaterThan(0);
    expect(body.data.engine.threads_replaced).toBe(0);
    expect(body.data.engine.threads).toBeGreaterThanOrEqual(0);
  });
});
