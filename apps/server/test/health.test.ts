import { describe, expect, it } from 'vitest';
import { useServer } from './harness.js';

const server = useServer();

describe('GET /api/health', () => {
  it("reports the process's memory, the engine threads and the API thread's event-loop delay", async () => {
    const body = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as {
      data: {
        version: string; memory: { rss: number; heap_used: number; external: number }; engine: { threads: number; threads_replaced: number };
        event_loop: { max_ms: number; p99_ms: number; stalls: { at: number; ms: number }[] };
      };
    };
    expect(body.data.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(body.data.memory.rss).toBeGreaterThan(10 * 1024 * 1024);
    expect(body.data.memory.heap_used).toBeGreaterThan(0);
    expect(body.data.engine.threads_replaced).toBe(0);
    expect(body.data.engine.threads).toBeGreaterThanOrEqual(0);
    // The event-loop monitor runs from the start: an idle server's loop is barely delayed.
    expect(body.data.event_loop.max_ms).toBeGreaterThan(0);
    expect(body.data.event_loop.p99_ms).toBeLessThan(1000);
    expect(Array.isArray(body.data.event_loop.stalls)).toBe(true);
  });
});
