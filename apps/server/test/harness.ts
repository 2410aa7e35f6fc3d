/**
 * Starts the built server as a real process on a free loopback port, with its own SQLite file
 * and object directory, and speaks to it over HTTP the way the web app does.
 *
 * In the scale-out run (npm run test:scale, vitest.scale.config.ts) the global setup provides a
 * PostgreSQL administrator URL: each data directory then gets its own PostgreSQL database, which
 * the server is given as DATABASE_URL (a restart on the same directory finds the same database),
 * and queryDb reads and writes that database instead of the SQLite file. It also provides a
 * Redis and an S3 API emulator: unless a test asks for the embedded parts (`stack: 'embedded'`)
 * or sets QUEUE_KIND or STORAGE_KIND itself, each server then queues its tasks on BullMQ (a Redis
 * database of its own), keeps its objects in a bucket of its own, and runs no task itself: two
 * `npm run worker` processes started beside it do.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { Envelope, SignInResponse, TaskResult, UploadObjectResponse } from '@pagewright/contracts';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import SqliteDatabase from 'better-sqlite3';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL to create test databases with; set by the scale-out run only. */
    pgAdminUrl?: string;
    /** The scale-out run's prefix of database names (TEST_DATABASE_PREFIX and the run's process id). */
    pgDatabasePrefix?: string;
    /** The scale-out run's Redis (redis://127.0.0.1:<port>): servers then queue on BullMQ. */
    redisUrl?: string;
    /** The scale-out run's S3 API emulator: servers then keep their objects in a bucket of it. */
    s3Endpoint?: string;
  }
}

const serverMain = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/main.js');

export interface TestServer {
  baseUrl: string;
  dataDir: string;
  /** The server's PostgreSQL database in the scale-out run; undefined with its SQLite file. */
  databaseUrl: string | undefined;
  /** The environment the server was started with, which its workers (startWorker) share. */
  env: Record<string, string | undefined>;
  /** The worker processes that run its tasks in the scale-out run (none with the embedded queue). */
  workers: TestWorker[];
  /** The browser that api(), upload() and waitForTask() speak for unless told otherwise. */
  guest: Client;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
  /** SIGKILL, as a crash or a pulled plug would. */
  kill(): Promise<void>;
}

/** Where a data directory's server keeps its queue and objects in the scale-out run, chosen once per directory. */
interface ScaleStack {
  redisDb: number;
  bucket: string;
}

/**
 * The Redis database and S3 bucket of a data directory in the scale-out run (a restart on the
 * same directory finds its jobs and objects again). Redis numbers databases from a counter it
 * keeps itself, so test files running side by side never share one.
 */
async function scaleStackFor(dataDir: string, redisUrl: string, s3Endpoint: string): Promise<ScaleStack> {
  const file = path.join(dataDir, 'scale-stack.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ScaleStack;
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await redis.connect();
  const redisDb = await redis.incr('pagewright-test:databases').finally(() => redis.disconnect());
  const bucket = `pw-${createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 20)}`;
  const s3 = new S3Client({ endpoint: s3Endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  try {
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    s3.destroy();
  }
  const stack = { redisDb, bucket };
  writeFileSync(file, JSON.stringify(stack));
  return stack;
}

/** Worker processes the scale-out run starts beside each server. */
const SCALE_WORKERS = 2;

export async function startServer(options: { dataDir?: string; env?: Record<string, string>; stack?: 'embedded' } = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'pw-server-'));
  // Port 0: the server takes a free port itself and logs it. Choosing one here and passing it
  // on raced with other test files starting servers at the same moment.
  const fixedPort = options.env?.PORT;
  // A private temporary directory, so tests can check that nothing is left in it.
  const tempDir = path.join(dataDir, 'tmp');
  mkdirSync(tempDir, { recursive: true });
  const databaseUrl = await postgresDatabaseFor(dataDir);
  const redisUrl = inject('redisUrl');
  const s3Endpoint = inject('s3Endpoint');
  const scaled = redisUrl !== undefined && s3Endpoint !== undefined && options.stack !== 'embedded'
    && options.env?.QUEUE_KIND === undefined && options.env?.STORAGE_KIND === undefined;
  const stack = scaled ? await scaleStackFor(dataDir, redisUrl, s3Endpoint) : undefined;
  let log = '';
  const env = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    UPLOAD_SIGNING_SECRET: 'test-secret-0123456789abcdef',
    LOG_LEVEL: 'info',
    ENGINE_THREADS: '2',
    TMPDIR: tempDir,
    // Tests of tools run many tasks as one guest; billing tests turn the paywalls on with the spec's defaults.
    PAYWALLS: 'off',
    // Every test signs its users up from 127.0.0.1; the throttle tests set their own limit.
    REGISTER_PER_CLIENT_PER_HOUR: '100000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(stack ? {
      QUEUE_KIND: 'bullmq', REDIS_URL: `${redisUrl}/${stack.redisDb}`,
      STORAGE_KIND: 's3', S3_ENDPOINT: s3Endpoint, S3_BUCKET: stack.bucket, S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true',
    } : {}),
    ...options.env,
  };
  const child = spawn(process.execPath, [serverMain], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 20_000;
  let port = fixedPort;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    port ??= /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(log)?.[1];
    if (port === undefined) {
      if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
      await new Promise((r) => setTimeout(r, 50));
      continue;
    }
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const workers: TestWorker[] = [];
  const server: TestServer = {
    baseUrl,
    dataDir,
    databaseUrl,
    env,
    workers,
    guest: undefined as unknown as Client,
    process: child,
    output: () => log,
    async stop() {
      await Promise.all(workers.map((w) => w.stop()));
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      await Promise.all(workers.map((w) => w.kill()));
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  server.guest = newClient(server);
  if (stack) workers.push(...await Promise.all(Array.from({ length: SCALE_WORKERS }, () => startWorker(server))));
  return server;
}

/**
 * One caller of the API: a browser that keeps the cookies the server sets (its client id and
 * session), or an API client that sends fixed headers (a token or basic-auth header).
 */
export interface Client {
  readonly cookies: Map<string, string>;
  /** Headers sent with every request besides the cookies. */
  readonly headers: Record<string, string>;
  fetch(url: string, init?: RequestInit): Promise<Response>;
  api<T>(method: string, url: string, body?: unknown): Promise<{ http: number; env: Envelope<T>; raw: Response }>;
}

export function newClient(server: TestServer, options: { headers?: Record<string, string>; cookies?: boolean } = {}): Client {
  const keepsCookies = options.cookies ?? true;
  const client: Client = {
    cookies: new Map(),
    headers: { ...options.headers },
    async fetch(url, init = {}) {
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetch(server.baseUrl + url, {
        ...init,
        headers: { ...client.headers, ...(cookie ? { cookie } : {}), ...(init.headers as Record<string, string> | undefined) },
      });
      if (keepsCookies) {
        for (const set of res.headers.getSetCookie()) {
          const [pair = '', ...attributes] = set.split(';');
          const [name = '', ...value] = pair.trim().split('=');
          if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) client.cookies.delete(name);
          else client.cookies.set(name, value.join('='));
        }
      }
      return res;
    },
    async api<T>(method: string, url: string, body?: unknown) {
      const res = await client.fetch(url, {
        method,
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      const type = res.headers.get('content-type') ?? '';
      return { http: res.status, env: (type.includes('json') ? await res.json() : null) as Envelope<T>, raw: res };
    },
  };
  return client;
}

let accounts = 0;

/** Signs up a new account (a unique email unless given) in a new browser, which stays signed in. */
export async function signUp(
  server: TestServer, options: { email?: string; password?: string; client?: Client } = {},
): Promise<{ client: Client; email: string; password: string; session: SignInResponse }> {
  const email = options.email ?? `user${++accounts}-${process.pid}@example.com`;
  const password = options.password ?? 'correct horse battery';
  const client = options.client ?? newClient(server);
  const res = await client.api<SignInResponse>('POST', '/api/v2/user/register', { email, password, first_name: 'Test', last_name: 'User' });
  if (res.env.code !== 0) throw new Error(`sign-up failed: ${JSON.stringify(res.env)}`);
  return { client, email, password, session: res.env.data };
}

/** Mail the outbox adapter kept, newest last. */
export function outbox(server: TestServer): { to_address: string; subject: string; text_body: string }[] {
  return queryDb(server, 'select to_address, subject, text_body from mail_outbox order by mail_id');
}

/** What a command run beside the server (the admin command) needs to reach the same database and objects. */
export function databaseEnv(server: TestServer): Record<string, string> {
  // The same object storage too: objects it stores (templates) must be where the server reads them.
  const storage = Object.fromEntries(Object.entries(server.env).filter((entry): entry is [string, string] =>
    /^(STORAGE_KIND|S3_[A-Z_]+)$/.test(entry[0]) && entry[1] !== undefined));
  return { DATA_DIR: server.dataDir, ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}), ...storage };
}

/**
 * The keys of the server's stored objects below a prefix ('uploads/', 'ai/'): files of its
 * objects directory, or objects of its bucket when it keeps them in S3.
 */
export async function storedKeys(server: TestServer, prefix: string): Promise<string[]> {
  const { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, STORAGE_KIND: kind } = server.env;
  if (kind === 's3' && endpoint && bucket) {
    const s3 = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    try {
      const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (listed.Contents ?? []).map((o) => o.Key!.slice(prefix.length)).sort();
    } finally {
      s3.destroy();
    }
  }
  try {
    return readdirSync(path.join(server.dataDir, 'objects', prefix)).sort();
  } catch {
    return [];
  }
}

/** Test databases are named after their data directory; the scale-out run drops them at its end. */
export const TEST_DATABASE_PREFIX = 'pw_test_';

/** In the scale-out run, the PostgreSQL database of a data directory, created on first use. */
async function postgresDatabaseFor(dataDir: string): Promise<string | undefined> {
  const adminUrl = inject('pgAdminUrl');
  if (!adminUrl) return undefined;
  const name = (inject('pgDatabasePrefix') ?? TEST_DATABASE_PREFIX) + createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * queryDb stays synchronous on PostgreSQL too: a worker thread holds the pg client and runs each
 * statement while this thread waits on a shared flag, then reads the answer from the port.
 * bigint and numeric are read as numbers, as the server reads them.
 */
const PG_WORKER = `
const { workerData } = require('node:worker_threads');
const pg = require(workerData.pgModule);
pg.types.setTypeParser(20, Number);
pg.types.setTypeParser(1700, Number);
const pools = new Map();
workerData.port.on('message', async ({ url, sql, params }) => {
  let reply;
  try {
    if (!pools.has(url)) {
      const pool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 1000 });
      // A test database dropped at the end of the run ends its idle connection: not an error of any test.
      pool.on('error', () => {});
      pools.set(url, pool);
    }
    reply = { rows: (await pools.get(url).query(sql, params)).rows ?? [] };
  } catch (err) {
    reply = { error: String(err && err.message || err) };
  }
  workerData.port.postMessage(reply);
  Atomics.store(workerData.signal, 0, 1);
  Atomics.notify(workerData.signal, 0);
});`;

let pgBridge: { port: MessagePort; signal: Int32Array } | undefined;

function queryPostgres<T>(url: string, sql: string, params: unknown[]): T[] {
  if (!pgBridge) {
    const { port1, port2 } = new MessageChannel();
    const signal = new Int32Array(new SharedArrayBuffer(4));
    const pgModule = createRequire(import.meta.url).resolve('pg');
    new Worker(PG_WORKER, { eval: true, workerData: { port: port2, signal, pgModule }, transferList: [port2] }).unref();
    port1.unref();
    pgBridge = { port: port1, signal };
  }
  const { port, signal } = pgBridge;
  Atomics.store(signal, 0, 0);
  port.postMessage({ url, sql, params });
  if (Atomics.wait(signal, 0, 0, 30_000) === 'timed-out') throw new Error(`queryDb: no answer from PostgreSQL in 30 s: ${sql}`);
  const reply = receiveMessageOnPort(port)?.message as { rows?: T[]; error?: string } | undefined;
  if (!reply || reply.error !== undefined) throw new Error(`queryDb: ${reply?.error ?? 'no answer'}: ${sql}`);
  return reply.rows ?? [];
}

/** SQLite's `?` placeholders as PostgreSQL's `$1…`, outside quoted strings. */
function numberedPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/'(?:[^']|'')*'|\?/g, (m) => (m === '?' ? `$${++n}` : m));
}

/** Reads (or changes) the server's database, for facts HTTP does not show: its SQLite file, or its PostgreSQL database in the scale-out run. */
export function queryDb<T>(server: TestServer, sql: string, ...params: unknown[]): T[] {
  if (server.databaseUrl) {
    return queryPostgres<T>(server.databaseUrl, numberedPlaceholders(sql), params);
  }
  const db = new SqliteDatabase(path.join(server.dataDir, 'pagewright.db'));
  try {
    const statement = db.prepare(sql);
    return statement.reader ? (statement.all(...params) as T[]) : (statement.run(...params), []);
  } finally {
    db.close();
  }
}

/**
 * What the server left in its temporary directory: its own run folder's contents (the folder
 * itself lives as long as the server) and anything beside it.
 */
export function leftoverTempFiles(server: TestServer): string[] {
  const root = path.join(server.dataDir, 'tmp');
  return readdirSync(root).flatMap((name) => (name.startsWith('pagewright-run-')
    ? readdirSync(path.join(root, name)).map((inner) => `${name}/${inner}`)
    : [name]));
}

/**
 * The server of the calling test file (or describe block): started before its tests, stopped
 * and its data directory removed after them. The object stands for that server (a proxy), so
 * tests use it as the TestServer it is once the tests run.
 */
export function useServer(options: Parameters<typeof startServer>[0] = {}): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startServer(options);
  });
  afterAll(async () => {
    if (!started) return;
    await started.stop();
    removeDir(started.dataDir);
  });
  return new Proxy({} as TestServer, {
    get(_, key) {
      if (!started) throw new Error('the server runs only while the tests run');
      const value: unknown = Reflect.get(started, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(started) : value;
    },
  });
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export async function api<T>(server: TestServer, method: string, url: string, body?: unknown, as = server.guest): Promise<{ http: number; env: Envelope<T> }> {
  const { http, env } = await as.api<T>(method, url, body);
  return { http, env };
}

export const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

/**
 * Uploads as the web app does: declare, then one PUT or 512 KB parts, then the callback's
 * answer. `declaredMd5` lets a test lie about the content.
 */
export async function upload(
  server: TestServer, name: string, bytes: Buffer, declaredMd5 = md5(bytes), as = server.guest,
  extra: { auto_oss_upload?: boolean } = {},
): Promise<{ file_id: string; result: Envelope<unknown>; parts: number }> {
  const declared = await api<UploadObjectResponse>(server, 'POST', '/api/file/oss/object', {
    filename: name, expired_type: 0, file_size: bytes.length, md5_code: declaredMd5, ...extra,
  }, as);
  if (declared.env.code !== 0) throw new Error(`declare failed: ${JSON.stringify(declared.env)}`);
  const { file_id, policy } = declared.env.data;
  if (policy.direct) return uploadDirect(server, file_id, policy, bytes, as);
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

/** Uploads as `as` and gives the file's id; a refused upload fails the test there, not later. */
export async function uploadedFileId(server: TestServer, as: Client, name: string, bytes: Uint8Array): Promise<string> {
  const r = await upload(server, name, Buffer.from(bytes), undefined, as);
  if (r.result.code !== 0) throw new Error(`upload failed: ${JSON.stringify(r.result)}`);
  return r.file_id;
}

/** As the web app does with object storage of its own (S3): presigned PUTs, then the callback with the parts' ETags. */
async function uploadDirect(
  server: TestServer, fileId: string, policy: UploadObjectResponse['policy'], bytes: Buffer, as: Client,
): Promise<{ file_id: string; result: Envelope<unknown>; parts: number }> {
  const put = async (url: string, body: Buffer) => {
    const res = await fetch(url, { method: 'PUT', body, headers: { 'content-type': 'application/octet-stream' } });
    if (!res.ok) throw new Error(`the store refused a PUT (HTTP ${res.status}): ${await res.text()}`);
    return res.headers.get('etag') ?? '';
  };
  const urls = policy.part_urls;
  const etags = urls
    ? await Promise.all(urls.map((url, i) => put(url, bytes.subarray(i * policy.part_size, (i + 1) * policy.part_size))))
    : (await put(policy.sts_url, bytes), undefined);
  const body = { ...(JSON.parse(policy.callback.callbackBody) as object), ...(etags ? { etags } : {}) };
  const { env } = await as.api('POST', policy.callback.callbackUrl, body);
  return { file_id: fileId, result: env, parts: urls?.length ?? 1 };
}

export async function waitForTask(server: TestServer, taskId: string, timeoutMs = 60_000, as = server.guest): Promise<TaskResult> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await api<TaskResult>(server, 'GET', `/api/get-task-result?task_id=${taskId}`, undefined, as);
    if (r.env.code !== 0) throw new Error(`task result failed: ${JSON.stringify(r.env)}`);
    if (r.env.data.items.every((i) => i.is_done)) return r.env.data;
    if (Date.now() > deadline) throw new Error(`task ${taskId} did not end: ${JSON.stringify(r.env.data)}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

const workerMain = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/worker.js');

export interface TestWorker {
  process: ChildProcess;
  output: () => string;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<number | null>;
  /** SIGKILL, as a crash would. */
  kill(): Promise<void>;
}

/** Starts `npm run worker` for a server started with QUEUE_KIND=bullmq: same database, objects and Redis. */
export async function startWorker(server: TestServer, env: Record<string, string> = {}): Promise<TestWorker> {
  let log = '';
  const child = spawn(process.execPath, [workerMain], { env: { ...server.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code, signal) => {
    // A worker ended by a signal it was not sent (a native crash) says so in its output.
    if (signal) log += `\n[worker ${child.pid} ended by ${signal}]\n`;
    resolve(code);
  }));
  const deadline = Date.now() + 20_000;
  while (!log.includes('taking tasks from the BullMQ queues')) {
    if (child.exitCode !== null) throw new Error(`worker exited early:\n${log}`);
    if (Date.now() > deadline) throw new Error(`worker did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    process: child,
    output: () => log,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
