/**
 * `npm run worker`: a process that runs tasks of the scale-out queue (QUEUE_KIND=bullmq) without
 * the HTTP server. Start any number, on any machine that reaches the same database, object
 * storage and Redis as the API. Each runs at once up to ENGINE_THREADS tasks of the PDF engine
 * and OFFICE_INSTANCES document conversions.
 */
import { availableParallelism } from 'node:os';
import { AdapterUnavailableError, createAdapters, type Adapters } from './adapters/index.js';
import { BullmqWorker } from './adapters/jobs/bullmqWorker.js';
import { loadConfig, type Config } from './config.js';
import { MigrationError } from './db/migrations/index.js';
import { buildTaskRuntime } from './taskRuntime.js';
import { claimTempRoot, releaseTempRoot } from './util/tempRoot.js';

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;

/** One JSON line per entry, as the API's log (pino) writes them. */
function processLog(level: string) {
  const threshold = LEVELS[level as keyof typeof LEVELS] ?? LEVELS.info;
  const write = (value: number) => (o: object, msg: string) => {
    if (value < threshold) return;
    const entry: Record<string, unknown> = { level: value, time: Date.now(), pid: process.pid, role: 'worker', ...o, msg };
    if (entry.err instanceof Error) entry.err = { type: entry.err.name, message: entry.err.message, stack: entry.err.stack };
    (value >= LEVELS.error ? process.stderr : process.stdout).write(`${JSON.stringify(entry)}\n`);
  };
  return { info: write(LEVELS.info), error: write(LEVELS.error) };
}

function refuseStart(err: unknown): never {
  const operatorError = err instanceof AdapterUnavailableError || err instanceof MigrationError
    || (err instanceof Error && err.message.startsWith('Invalid configuration'));
  console.error(operatorError ? `Pagewright worker did not start. ${(err as Error).message}` : err);
  process.exit(1);
}

const config: Config = (() => {
  try {
    const loaded = loadConfig();
    if (loaded.queue.kind !== 'bullmq') throw new Error('Invalid configuration: a worker takes tasks from BullMQ: set QUEUE_KIND=bullmq and REDIS_URL as for the API');
    return loaded;
  } catch (err) {
    return refuseStart(err);
  }
})();
const queueConfig = config.queue as Extract<Config['queue'], { kind: 'bullmq' }>;
const log = processLog(config.logLevel);
// Before anything starts a thread or a child: they inherit TMPDIR.
const temp = await claimTempRoot();
process.env.TMPDIR = temp.dir;
let closing = false;
let running: { adapters: Adapters; runtime: ReturnType<typeof buildTaskRuntime>; worker: BullmqWorker } | undefined = undefined;
// Installed before the adapters and the queue start: a SIGTERM while they start still cleans up.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    if (!running) {
      void releaseTempRoot(temp.dir).finally(() => process.exit(0));
      return;
    }
    const { adapters, runtime, worker } = running;
    setTimeout(() => {
      log.error({}, 'worker shutdown took too long; exiting');
      void releaseTempRoot(temp.dir).finally(() => process.exit(1));
    }, queueConfig.shutdownMs + 10_000).unref();
    void (async () => {
      // Finishes or hands back the running tasks, then ends what ran them.
      await worker.close();
      await Promise.all([runtime.engine.close(), runtime.office.close()]);
      await adapters.mailer.close();
      await adapters.db.destroy();
    })().then(() => true, (err: unknown) => {
      log.error({ err }, 'worker shutdown failed');
      return false;
    }).then(async (closed) => {
      await releaseTempRoot(temp.dir).catch((err: unknown) => log.error({ err }, 'could not remove the temporary folder'));
      process.exit(closed ? 0 : 1);
    });
  });
}

const adapters = await createAdapters(config, log).catch(refuseStart);
const runtime = buildTaskRuntime(config, adapters, log);
const worker = new BullmqWorker({
  redisUrl: queueConfig.redisUrl,
  lockMs: queueConfig.lockMs,
  shutdownMs: queueConfig.shutdownMs,
  maxAttempts: config.taskMaxAttempts,
  concurrency: {
    pdf: config.engineThreads,
    // The engine's own default for its LibreOffice pool: one instance per core but one, at most 4.
    office: config.office.instances ?? Math.min(4, Math.max(1, availableParallelism() - 1)),
  },
}, {
  tasksRepo: runtime.tasksRepo,
  execute: (task) => runtime.tasks.execute(task),
  interrupt: () => runtime.tasks.stop(),
}, log);
running = { adapters, runtime, worker };
// Progress and ends of tasks are published for the API processes' event streams.
runtime.tasks.attachQueue(worker);
if (!closing) await worker.start().catch((err: unknown) => {
  if (!closing) throw err;
});

