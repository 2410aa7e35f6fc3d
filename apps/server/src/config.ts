/**
 * Configuration from the environment, validated once at start. Every default is the embedded
 * one: a SQLite file and a local object directory under DATA_DIR, an in-process queue, mail kept
 * in the outbox, the offline AI engine and the local payment provider. Which adapter serves
 * each concern is decided from this in one place, src/adapters/index.ts.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SiteConfig } from '@pagewright/contracts';
import { z } from 'zod';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const envFlag = z.enum(['true', 'false', '1', '0', '']).default('false').transform((v) => v === 'true' || v === '1');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  /** Unset: the embedded SQLite file. postgres:// or postgresql://: PostgreSQL (scale-out). */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL; leave it unset for the embedded SQLite file (DATABASE_FILE)' }).optional(),
  /** Connections the server keeps open to PostgreSQL (DATABASE_URL); each API or worker process has its own pool. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** A SQLite file path; defaults to DATA_DIR/pagewright.db. */
  DATABASE_FILE: z.string().optional(),
  /** Where objects live: a local directory, or S3-compatible storage (scale-out). */
  STORAGE_KIND: z.enum(['local', 's3']).default('local'),
  /** The local object directory; defaults to DATA_DIR/objects. */
  STORAGE_DIR: z.string().optional(),
  /** STORAGE_KIND=s3: the S3-compatible endpoint (MinIO, R2, Ceph, an emulator); unset for AWS S3 itself. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Path-style addressing (endpoint/bucket/key), which MinIO and emulators need. */
  S3_FORCE_PATH_STYLE: envFlag,
  /** Who runs tasks: the in-process queue, or BullMQ on Redis (scale-out). */
  QUEUE_KIND: z.enum(['inprocess', 'bullmq']).default('inprocess'),
  /** redis:// or rediss://, for QUEUE_KIND=bullmq: the API enqueues there and `npm run worker` processes take the tasks. */
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /**
   * How long a worker's hold on a task lasts without renewal (BullMQ's lock): a worker that
   * died is noticed after about this long, and its task goes to another worker.
   */
  QUEUE_LOCK_MS: z.coerce.number().int().min(1000).default(15_000),
  /** How long a worker stopping on SIGTERM lets its running tasks finish before it hands them back. */
  WORKER_SHUTDOWN_MS: z.coerce.number().int().min(0).default(10_000),
  /** Signs upload URLs. Without it a random one is made at start, so unfinished uploads do not survive a restart. */
  UPLOAD_SIGNING_SECRET: z.string().min(16).optional(),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  ENGINE_THREADS: z.coerce.number().int().min(1).max(64).default(Math.max(1, Math.min(4, availableParallelism()))),
  TASK_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10 * 60_000),
  /** How many times a task interrupted by a restart is started again before it fails. */
  TASK_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(2),
  SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).default(5 * 60_000),
  UPLOAD_URL_TTL_S: z.coerce.number().int().min(60).default(60 * 60),
  /** LibreOffice instances of the documents-to-PDF pool; the engine's default (from the core count) when unset. */
  OFFICE_INSTANCES: z.coerce.number().int().min(1).max(32).optional(),
  /** One document-to-PDF conversion's time limit. */
  OFFICE_TIMEOUT_MS: z.coerce.number().int().min(1000).optional(),
  /** A LibreOffice instance is restarted after this many conversions. */
  OFFICE_MAX_CONVERSIONS: z.coerce.number().int().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().optional(),
  /** Days a session lasts since its last use (sliding). */
  SESSION_TTL_DAYS: z.coerce.number().positive().max(365).default(30),
  /** Accounts one client (address or client id cookie) may create per hour. */
  REGISTER_PER_CLIENT_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Signs guests' client_sign; required in production, random per start otherwise. */
  CLIENT_SIGN_SECRET: z.string().min(16).optional(),
  /** Where the site is reached, for links in mails (a request's Host header is not trusted for them). */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** smtp(s)://user:pass@host:port; without it mail goes to the outbox table and the log. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Pagewright <no-reply@localhost>'),
  /** A JSON file with the shell's ad, links and message bar (apps/server/src/modules/site); none by default. */
  SITE_SHELL_FILE: z.string().optional(),
  /** A header a trusted proxy sets to the visitor's country (e.g. CF-IPCountry); unset, the country comes from Accept-Language. */
  COUNTRY_HEADER: z.string().regex(/^[A-Za-z0-9-]+$/).optional(),
  /** The sister site of SPEC §2 (scheme and host) for each domain ending; .com.br and .com.ru fall back to .com. */
  SISTER_SITE_URL_COM: z.url({ protocol: /^https?$/ }).optional(),
  SISTER_SITE_URL_COM_BR: z.url({ protocol: /^https?$/ }).optional(),
  SISTER_SITE_URL_COM_RU: z.url({ protocol: /^https?$/ }).optional(),
  /** Sends compress-pdf and image-compressor to the sister site; off by default. */
  COMPRESS_REDIRECT: envFlag,
  /** Sends non-members opening the English AI translator, AI detector or chat-pdf to the sister site; off by default. */
  AI_REDIRECT: envFlag,
  /** Paywalls (SPEC §5, §6, §9 limits, daily uses, OCR premium-only, sign-in to download); `off` gives everyone the premium limits (an instance without billing). */
  PAYWALLS: z.enum(['on', 'off']).default('on'),
  /** Tasks a guest may start per UTC day (a batch counts once). */
  GUEST_TASKS_PER_DAY: z.coerce.number().int().min(0).default(1),
  /** Guests must sign in to download a result. */
  GUEST_DOWNLOAD_REQUIRES_LOGIN: z.enum(['true', 'false', '1', '0']).default('true').transform((v) => v === 'true' || v === '1'),
  /** Tasks a free signed-in user may start per UTC day; the spec gives no number. */
  FREE_DAILY_TASKS: z.coerce.number().int().min(0).default(50),
  /** OCR (and conversions with OCR) for premium users only. */
  OCR_PREMIUM_ONLY: z.enum(['true', 'false', '1', '0']).default('true').transform((v) => v === 'true' || v === '1'),
  /** Who takes payments: the built-in demo checkout, or Stripe Checkout. */
  PAYMENT_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** The AI tools' engine: the offline one, or an OpenAI-compatible endpoint (OpenAI, vLLM, llama.cpp server, Ollama). */
  /**
   * Host names a URL import may reach although they resolve to private addresses: an
   * operator's intranet document server (the tests name their local fixture server here).
   * Comma-separated; the names must match the URL exactly, redirects are checked again.
   */
  URL_IMPORT_ALLOW_HOSTS: z.string().optional(),
  /**
   * Which peers' X-Forwarded-For and X-Forwarded-Proto are believed (Fastify trustProxy):
   * comma-separated addresses, CIDR ranges or the names loopback, linklocal, uniquelocal.
   * A client reaching the server directly cannot claim another address (the sign-in
   * throttles count by address).
   */
  TRUST_PROXY: z.string().regex(/^[\w.:/,\s-]+$/).default('loopback,linklocal,uniquelocal'),
  AI_PROVIDER: z.enum(['offline', 'openai']).default('offline'),
  /** The endpoint's base URL, e.g. https://api.openai.com/v1 or http://localhost:11434/v1; required with AI_PROVIDER=openai. */
  AI_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Sent as a bearer token; local servers often need none. */
  AI_API_KEY: z.string().min(1).optional(),
  /** The model name the endpoint serves; required with AI_PROVIDER=openai. */
  AI_MODEL: z.string().min(1).optional(),
}).refine((e) => e.SISTER_SITE_URL_COM !== undefined || (!e.COMPRESS_REDIRECT && !e.AI_REDIRECT), {
  message: 'COMPRESS_REDIRECT and AI_REDIRECT need SISTER_SITE_URL_COM',
  path: ['SISTER_SITE_URL_COM'],
});

/** The database: the embedded SQLite file, or PostgreSQL (DATABASE_URL). */
export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolSize: number };

/** Object storage: a local directory, or S3-compatible storage (STORAGE_KIND=s3). */
export type StorageConfig =
  | { kind: 'local'; dir: string }
  | { kind: 's3'; endpoint?: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean };

/** The task queue: in-process, or BullMQ on Redis (QUEUE_KIND=bullmq). */
export type QueueConfig =
  | { kind: 'inprocess' }
  | { kind: 'bullmq'; redisUrl: string; lockMs: number; shutdownMs: number };

/**
 * The AI provider's validated settings (AI_PROVIDER, AI_BASE_URL, AI_API_KEY, AI_MODEL), from
 * which adapters/index.ts makes the provider of the AI tools.
 */
export type AiProviderConfig =
  | { kind: 'offline' }
  | { kind: 'openai'; baseUrl: string; apiKey?: string; model: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  storage: StorageConfig;
  queue: QueueConfig;
  uploadSigningSecret: string;
  webDist: string;
  engineThreads: number;
  taskTimeoutMs: number;
  taskMaxAttempts: number;
  sweepIntervalMs: number;
  uploadUrlTtlS: number;
  logLevel: string;
  accounts: {
    sessionTtlMs: number;
    clientSignSecret: string;
    publicUrl: string;
    registerPerClientPerHour: number;
    smtpUrl?: string;
    mailFrom: string;
  };
  office: { instances?: number; timeoutMs?: number; maxConversionsPerInstance?: number };
  shell: { file?: string; countryHeader?: string };
  siteConfig: SiteConfig;
  billing: {
    paywalls: boolean;
    guestTasksPerDay: number;
    guestDownloadRequiresLogin: boolean;
    freeDailyTasks: number;
    ocrPremiumOnly: boolean;
    paymentProvider: 'local' | 'stripe';
    stripe?: { secretKey: string; webhookSecret: string };
  };
  ai: AiProviderConfig;
  /** Host names whose private addresses a URL import may reach (URL_IMPORT_ALLOW_HOSTS). */
  urlImportAllowHosts: string[];
  /** Proxies whose forwarded headers are believed (TRUST_PROXY), for Fastify's trustProxy. */
  trustProxy: string[];
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  if (e.PAYMENT_PROVIDER === 'stripe' && !(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('Invalid configuration: PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (e.DATABASE_URL && e.DATABASE_FILE) {
    throw new Error('Invalid configuration: DATABASE_URL and DATABASE_FILE name two databases; set one of them');
  }
  if (e.AI_PROVIDER === 'openai' && !(e.AI_BASE_URL && e.AI_MODEL)) {
    throw new Error(`Invalid configuration: AI_PROVIDER=openai needs ${[e.AI_BASE_URL ? '' : 'AI_BASE_URL', e.AI_MODEL ? '' : 'AI_MODEL (the model name the endpoint serves)'].filter(Boolean).join(' and ')}`);
  }
  if (e.AI_PROVIDER === 'offline' && (e.AI_BASE_URL || e.AI_API_KEY || e.AI_MODEL)) {
    throw new Error('Invalid configuration: AI_BASE_URL, AI_API_KEY and AI_MODEL are used with AI_PROVIDER=openai only (AI_PROVIDER is offline)');
  }
  if (e.QUEUE_KIND === 'bullmq' && !e.REDIS_URL) {
    throw new Error('Invalid configuration: QUEUE_KIND=bullmq needs REDIS_URL (redis://host:port)');
  }
  if (e.QUEUE_KIND === 'inprocess' && e.REDIS_URL) {
    throw new Error('Invalid configuration: REDIS_URL is used with QUEUE_KIND=bullmq only (QUEUE_KIND is inprocess)');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const s3Missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((name) => !e[name]);
  if (e.STORAGE_KIND === 's3' && s3Missing.length > 0) {
    throw new Error(`Invalid configuration: STORAGE_KIND=s3 needs ${s3Missing.join(', ')}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'sqlite', file: path.resolve(e.DATABASE_FILE ?? path.join(dataDir, 'pagewright.db')) },
    storage: e.STORAGE_KIND === 's3' && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? {
          kind: 's3',
          ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : { kind: 'local', dir: path.resolve(e.STORAGE_DIR ?? path.join(dataDir, 'objects')) },
    queue: e.QUEUE_KIND === 'bullmq' && e.REDIS_URL
      ? { kind: 'bullmq', redisUrl: e.REDIS_URL, lockMs: e.QUEUE_LOCK_MS, shutdownMs: e.WORKER_SHUTDOWN_MS }
      : { kind: 'inprocess' },
    uploadSigningSecret: e.UPLOAD_SIGNING_SECRET ?? randomBytes(32).toString('hex'),
    webDist: path.resolve(e.WEB_DIST),
    engineThreads: e.ENGINE_THREADS,
    taskTimeoutMs: e.TASK_TIMEOUT_MS,
    taskMaxAttempts: e.TASK_MAX_ATTEMPTS,
    sweepIntervalMs: e.SWEEP_INTERVAL_MS,
    uploadUrlTtlS: e.UPLOAD_URL_TTL_S,
    logLevel: e.LOG_LEVEL,
    accounts: {
      sessionTtlMs: Math.round(e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000),
      clientSignSecret: e.CLIENT_SIGN_SECRET ?? requiredOutsideProduction('CLIENT_SIGN_SECRET', e.NODE_ENV),
      publicUrl: origin(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`),
      registerPerClientPerHour: e.REGISTER_PER_CLIENT_PER_HOUR,
      ...(e.SMTP_URL ? { smtpUrl: e.SMTP_URL } : {}),
      mailFrom: e.MAIL_FROM,
    },
    office: {
      ...(e.OFFICE_INSTANCES ? { instances: e.OFFICE_INSTANCES } : {}),
      ...(e.OFFICE_TIMEOUT_MS ? { timeoutMs: e.OFFICE_TIMEOUT_MS } : {}),
      ...(e.OFFICE_MAX_CONVERSIONS ? { maxConversionsPerInstance: e.OFFICE_MAX_CONVERSIONS } : {}),
    },
    shell: {
      ...(e.SITE_SHELL_FILE ? { file: path.resolve(e.SITE_SHELL_FILE) } : {}),
      ...(e.COUNTRY_HEADER ? { countryHeader: e.COUNTRY_HEADER.toLowerCase() } : {}),
    },
    siteConfig: {
      sister_sites: e.SISTER_SITE_URL_COM
        ? {
            com: origin(e.SISTER_SITE_URL_COM),
            'com.br': origin(e.SISTER_SITE_URL_COM_BR ?? e.SISTER_SITE_URL_COM),
            'com.ru': origin(e.SISTER_SITE_URL_COM_RU ?? e.SISTER_SITE_URL_COM),
          }
        : null,
      compress_redirect: e.COMPRESS_REDIRECT,
      ai_redirect: e.AI_REDIRECT,
      ocr_premium_only: e.PAYWALLS === 'on' && e.OCR_PREMIUM_ONLY,
      share_permanent_premium_only: e.PAYWALLS === 'on',
    },
    trustProxy: e.TRUST_PROXY.split(',').map((p) => p.trim()).filter((p) => p !== ''),
    urlImportAllowHosts: (e.URL_IMPORT_ALLOW_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter((h) => h !== ''),
    billing: {
      paywalls: e.PAYWALLS === 'on',
      guestTasksPerDay: e.GUEST_TASKS_PER_DAY,
      guestDownloadRequiresLogin: e.GUEST_DOWNLOAD_REQUIRES_LOGIN,
      freeDailyTasks: e.FREE_DAILY_TASKS,
      ocrPremiumOnly: e.OCR_PREMIUM_ONLY,
      paymentProvider: e.PAYMENT_PROVIDER,
      ...(e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET ? { stripe: { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET } } : {}),
    },
    ai: e.AI_PROVIDER === 'openai' && e.AI_BASE_URL && e.AI_MODEL
      ? {
          kind: 'openai',
          baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''),
          ...(e.AI_API_KEY ? { apiKey: e.AI_API_KEY } : {}),
          model: e.AI_MODEL,
        }
      : { kind: 'offline' },
  };
}

/** Trailing slashes dropped, so the web app can append a path. */
function origin(url: string): string {
  return url.replace(/\/+$/, '');
}

/** A secret may default to a random one per start only outside production. */
function requiredOutsideProduction(name: string, nodeEnv: string | undefined): string {
  if (nodeEnv === 'production') throw new Error(`Invalid configuration: ${name} is required when NODE_ENV is production`);
  return randomBytes(32).toString('hex');
}
