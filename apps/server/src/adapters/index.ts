/**
 * The one place where an adapter is chosen for each concern, from the validated configuration
 * (config.ts): database, object storage, task queue, mail, payments, and the AI provider.
 * Every default is the embedded adapter, which needs no other service.
 */
import { createProvider, type AiProvider } from '@pagewright/ai';
import type { AiProviderConfig, Config, DatabaseConfig, StorageConfig } from '../config.js';
import { migrate, openPostgres, openSqlite, type Db } from '../db/connection.js';
import { LocalPaymentProvider, StripePaymentProvider, type PaymentProvider } from '../modules/billing/providers.js';
import type { TaskRow, TasksRepo } from '../modules/tasks/repo.js';
import { BullmqQueue } from './jobs/bullmqQueue.js';
import { InProcessQueue } from './jobs/inProcessQueue.js';
import type { JobQueue } from './jobs/jobQueue.js';
import type { Mailer } from './mail/mailer.js';
import { OutboxMailer } from './mail/outbox.js';
import { SmtpMailer } from './mail/smtp.js';
import { LocalObjectStorage } from './storage/local.js';
import type { ObjectStorage } from './storage/objectStorage.js';
import { S3ObjectStorage } from './storage/s3.js';

export type { AiProviderConfig } from '../config.js';

/** A configured adapter this build does not have: the start stops with this message. */
export class AdapterUnavailableError extends Error {
  override readonly name = 'AdapterUnavailableError';
}

export interface AdapterLog {
  info(o: object, m: string): void;
  error(o: object, m: string): void;
}

/** What a queue needs from the tasks module, which exists only after the adapters. */
export interface QueueDeps {
  tasksRepo: TasksRepo;
  execute: (task: TaskRow) => Promise<void>;
  /** A task's row was changed by a worker process (scale-out queue): the event streams read it again. */
  changedElsewhere: (taskId: string) => void;
}

export interface Payments {
  /** Who takes the money at checkout. */
  provider: PaymentProvider;
  /** The same provider when it is Stripe, whose webhook billing registers; null otherwise. */
  stripe: StripePaymentProvider | null;
}

export interface Adapters {
  /** Opened and migrated to the latest schema. */
  db: Db;
  storage: ObjectStorage;
  /** Makes the task queue once the tasks service it runs tasks through exists. */
  createQueue(deps: QueueDeps): JobQueue;
  mailer: Mailer;
  payments: Payments;
  /** The AI tools' provider: the offline engine, or a client of the OpenAI-compatible endpoint. */
  ai: AiProvider;
}

export async function createAdapters(config: Config, log: AdapterLog): Promise<Adapters> {
  const db = await openDatabase(config.database, log);
  try {
    const storage = createStorage(config.storage);
    const mailer: Mailer = config.accounts.smtpUrl
      ? new SmtpMailer(config.accounts.smtpUrl, config.accounts.mailFrom)
      : new OutboxMailer(db, log);
    const payments = createPayments(config);
    log.info({
      database: config.database.kind,
      storage: storage.kind,
      queue: config.queue.kind,
      mail: mailer.kind,
      payments: payments.provider.name,
      ai: config.ai.kind,
    }, 'adapters chosen');
    return {
      db,
      storage,
      createQueue: (deps) => (config.queue.kind === 'bullmq'
        // The API only enqueues: `npm run worker` processes run the tasks (src/worker.ts).
        ? new BullmqQueue(config.queue.redisUrl, deps, log)
        : new InProcessQueue(deps.tasksRepo, deps.execute, config.engineThreads, config.taskMaxAttempts, log)),
      mailer,
      payments,
      ai: createAiProvider(config.ai),
    };
  } catch (err) {
    await db.destroy();
    throw err;
  }
}

/** Opens the configured database and migrates it to the latest schema; the admin command uses it too. */
export async function openDatabase(config: DatabaseConfig, log?: Pick<AdapterLog, 'info' | 'error'>): Promise<Db> {
  const db = config.kind === 'postgres'
    ? openPostgres(config.url, config.poolSize, (err) => log?.error({ err }, 'database: an idle connection ended; the pool replaces it'))
    : openSqlite(config.file);
  try {
    const applied = await migrate(db, config.kind);
    if (applied.length > 0) log?.info({ migrations: applied }, 'database migrated');
    return db;
  } catch (err) {
    await db.destroy();
    throw err;
  }
}

export function createStorage(config: StorageConfig): ObjectStorage {
  if (config.kind === 's3') return new S3ObjectStorage(config);
  return new LocalObjectStorage(config.dir);
}

/** AI_PROVIDER: the offline engine (the default), or an OpenAI-compatible endpoint (AI_BASE_URL, AI_API_KEY, AI_MODEL). */
export function createAiProvider(config: AiProviderConfig): AiProvider {
  return createProvider(config);
}

/** PAYMENT_PROVIDER: the built-in demo checkout, or Stripe Checkout with its webhook. */
export function createPayments(config: Pick<Config, 'billing' | 'accounts'>): Payments {
  const { paymentProvider, stripe: keys } = config.billing;
  if (paymentProvider === 'stripe') {
    // config.ts refuses PAYMENT_PROVIDER=stripe without both keys.
    if (!keys) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    const stripe = new StripePaymentProvider(keys.secretKey, keys.webhookSecret, config.accounts.publicUrl);
    return { provider: stripe, stripe };
  }
  return { provider: new LocalPaymentProvider(), stripe: null };
}
