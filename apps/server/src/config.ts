/**
 * Configuration from the environment, validated once at start. Every default is the embedded
 * one: a SQLite file and a local object directory under DATA_DIR, and an in-process queue.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /** A SQLite file path; defaults to DATA_DIR/pagewright.db. */
  DATABASE_FILE: z.string().optional(),
  /** The local object directory; defaults to DATA_DIR/objects. */
  STORAGE_DIR: z.string().optional(),
  /** Signs upload URLs. Without it a random one is made at start, so unfinished uploads do not survive a restart. */
  UPLOAD_SIGNING_SECRET: z.string().min(16).optional(),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  ENGINE_THREADS: z.coerce.number().int().min(1).max(64).default(Math.max(1, Math.min(4, availableParallelism()))),
  TASK_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10 * 60_000),
  /** How many times a task interrupted by a restart is started again before it fails. */
  TASK_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(2),
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).default(5 * 60_000),
  UPLOAD_URL_TTL_S: z.coerce.number().int().min(60).default(60 * 60),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseFile: string;
  storageDir: string;
  uploadSigningSecret: string;
  webDist: string;
  engineThreads: number;
  taskTimeoutMs: number;
  taskMaxAttempts: number;
  sweepIntervalMs: number;
  uploadUrlTtlS: number;
  logLevel: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseFile: path.resolve(e.DATABASE_FILE ?? path.join(dataDir, 'pagewright.db')),
    storageDir: path.resolve(e.STORAGE_DIR ?? path.join(dataDir, 'objects')),
    uploadSigningSecret: e.UPLOAD_SIGNING_SECRET ?? randomBytes(32).toString('hex'),
    webDist: path.resolve(e.WEB_DIST),
    engineThreads: e.ENGINE_THREADS,
    taskTimeoutMs: e.TASK_TIMEOUT_MS,
    taskMaxAttempts: e.TASK_MAX_ATTEMPTS,
    sweepIntervalMs: e.SWEEP_INTERVAL_MS,
    uploadUrlTtlS: e.UPLOAD_URL_TTL_S,
    logLevel: e.LOG_LEVEL,
  };
}
