/** The `pagewright` command (bin/pagewright.js imports the built copy of this file). */
import { runCli } from './cli/main.js';

const code = await runCli(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
});
process.exitCode = code;
