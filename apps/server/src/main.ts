import { AdapterUnavailableError } from './adapters/index.js';
import { buildApp, type App } from './app.js';
import { loadConfig } from './config.js';
import { MigrationError } from './db/migrations/index.js';
import { claimTempRoot, releaseTempRoot } from './util/tempRoot.js';

/** Configuration, adapter and migration refusals are the operator's to fix: their message, without a stack. */
function refuseStart(err: unknown): never {
  const operatorError = err instanceof AdapterUnavailableError || err instanceof MigrationError
    || (err instanceof Error && err.message.startsWith('Invalid configuration'));
  console.error(operatorError ? `Pagewright did not start. ${(err as Error).message}` : err);
  process.exit(1);
}

const config = (() => {
  try {
    return loadConfig();
  } catch (err) {
    return refuseStart(err);
  }
})();
// Before anything starts a thread or a child: they inherit TMPDIR.
const temp = await claimTempRoot();
process.env.TMPDIR = temp.dir;

/** The longest a shutdown may take (the issue: SIGTERM stops the server within a few seconds). */
const FORCED_EXIT_MS = 4_000;
let app: App | undefined = undefined;
let closing = false;
// Listening before start() has ended (PostgreSQL makes it take a while) is when a supervisor's
// health check passes: a SIGTERM from then on must clean up, so the handlers come first.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    if (!app) {
      void releaseTempRoot(temp.dir).finally(() => process.exit(0));
      return;
    }
    const running = app;
    running.http.log.info({ signal }, 'shutting down');
    // Whatever hangs (a request that never ends, a child that ignores its signal), the process
    // ends within a few seconds (busy engine threads are ended by close(), not awaited).
    setTimeout(() => {
      running.http.log.error(`shutdown took over ${FORCED_EXIT_MS / 1000} s; exiting`);
      void releaseTempRoot(temp.dir).finally(() => process.exit(1));
    }, FORCED_EXIT_MS).unref();
    // The folder goes whether or not every part closed cleanly: a failed close must not leave
    // users' pages behind until the next start.
    void running.close()
      .then(() => true, (err: unknown) => {
        running.http.log.error({ err }, 'shutdown failed');
        return false;
      })
      .then(async (closed) => {
        await releaseTempRoot(temp.dir).catch((err: unknown) => running.http.log.error({ err }, 'could not remove the temporary folder'));
        process.exit(closed ? 0 : 1);
      });
  });
}

app = await buildApp(config).catch(refuseStart);
if (temp.orphansRemoved.length > 0) app.http.log.info({ removed: temp.orphansRemoved }, 'removed temporary folders of servers that stopped without cleaning up');
await app.http.listen({ port: config.port, host: config.host });
// A shutdown during start() ends what start() is using: its failure then is no crash.
if (!closing) await app.start().catch((err: unknown) => {
  if (!closing) throw err;
});
