import { AdapterUnavailableError } from './adapters/index.js';
import { buildApp } from './app.js';
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
const app = await buildApp(config).catch(refuseStart);
if (temp.orphansRemoved.length > 0) app.http.log.info({ removed: temp.orphansRemoved }, 'removed temporary folders of servers that stopped without cleaning up');
await app.http.listen({ port: config.port, host: config.host });
await app.start();

/** The longest a shutdown may take (the issue: SIGTERM stops the server within a few seconds). */
const FORCED_EXIT_MS = 4_000;
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.http.log.info({ signal }, 'shutting down');
    // Whatever hangs (a request that never ends, a child that ignores its signal), the process
    // ends within a few seconds (busy engine threads are ended by close(), not awaited).
    setTimeout(() => {
      app.http.log.error(`shutdown took over ${FORCED_EXIT_MS / 1000} s; exiting`);
      void releaseTempRoot(temp.dir).finally(() => process.exit(1));
    }, FORCED_EXIT_MS).unref();
    app.close()
      .then(() => releaseTempRoot(temp.dir))
      .then(() => process.exit(0), () => process.exit(1));
  });
}
