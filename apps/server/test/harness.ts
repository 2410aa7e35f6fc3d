/**
 * Starts the built server as a real process on a free loopback port, with its own SQLite file
 * and object directory, and speaks to it over HTTP the way the web app does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Envelope, TaskResult, UploadObjectResponse } from '@pagewright/contracts';

const serverMain = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');

export interface TestServer {
  baseUrl: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
  /** SIGKILL, as a crash or a pulled plug would. */
  kill(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export async function startServer(options: { dataDir?: string; env?: Record<string, string> } = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'pw-server-'));
  const port = await freePort();
  // A private temporary directory, so tests can check that nothing is left in it.
  const tempDir = path.join(dataDir, 'tmp');
  mkdirSync(tempDir, { recursive: true });
  let log = '';
  const child = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      UPLOAD_SIGNING_SECRET: 'test-secret-0123456789abcdef',
      LOG_LEVEL: 'info',
      ENGINE_THREADS: '2',
      TMPDIR: tempDir,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const r = await fetch(`${baseUrl}/api/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    dataDir,
    process: child,
    output: () => log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/** What the server left in its temporary directory. */
export function leftoverTempFiles(server: TestServer): string[] {
  return readdirSync(path.join(server.dataDir, 'tmp'));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export async function api<T>(server: TestServer, method: string, url: string, body?: unknown): Promise<{ http: number; env: Envelope<T> }> {
  const res = await fetch(server.baseUrl + url, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { http: res.status, env: (await res.json()) as Envelope<T> };
}

export const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

/**
 * Uploads as the web app does: declare, then one PUT or 512 KB parts, then the callback's
 * answer. `declaredMd5` lets a test lie about the content.
 */
export async function upload(server: TestServer, name: string, bytes: Buffer, declaredMd5 = md5(bytes)): Promise<{ file_id: string; result: Envelope<unknown>; parts: number }> {
  const declared = await api<UploadObjectResponse>(server, 'POST', '/api/file/oss/object', {
    filename: name, expired_type: 0, file_size: bytes.length, md5_code: declaredMd5,
  });
  if (declared.env.code !== 0) throw new Error(`declare failed: ${JSON.stringify(declared.env)}`);
  const { file_id, policy } = declared.env.data;
  const callback = Buffer.from(JSON.stringify(policy.callback)).toString('base64');
  if (bytes.length <= policy.chunk_threshold) {
    const res = await fetch(server.baseUrl + policy.sts_url, {
      method: 'PUT',
      headers: { 'content-type': 'application/octet-stream', 'x-oss-callback': callback },
      body: bytes,
    });
    return { file_id, result: (await res.json()) as Envelope<unknown>, parts: 1 };
  }
  const count = Math.ceil(bytes.length / policy.part_size);
  await Promise.all(Array.from({ length: count }, async (_, i) => {
    const part = bytes.subarray(i * policy.part_size, (i + 1) * policy.part_size);
    const res = await fetch(server.baseUrl + policy.part_url.replace('{part}', String(i + 1)), {
      method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: part,
    });
    const env = (await res.json()) as Envelope<unknown>;
    if (env.code !== 0) throw new Error(`part ${i + 1} failed: ${JSON.stringify(env)}`);
  }));
  const res = await fetch(server.baseUrl + policy.sts_url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-oss-callback': callback },
    body: JSON.stringify({ parts: count }),
  });
  return { file_id, result: (await res.json()) as Envelope<unknown>, parts: count };
}

export async function waitForTask(server: TestServer, taskId: string, timeoutMs = 60_000): Promise<TaskResult> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await api<TaskResult>(server, 'GET', `/api/get-task-result?task_id=${taskId}`);
    if (r.env.code !== 0) throw new Error(`task result failed: ${JSON.stringify(r.env)}`);
    if (r.env.data.items.every((i) => i.is_done)) return r.env.data;
    if (Date.now() > deadline) throw new Error(`task ${taskId} did not end: ${JSON.stringify(r.env.data)}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}
