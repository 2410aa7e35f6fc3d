/**
 * The administrator command line, run against the configured database:
 * `npm run admin -- <command> [--option value ...]`; `npm run admin -- help` lists commands.
 */
import { parseArgs } from 'node:util';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../adapters/index.js';
import { loadConfig } from '../config.js';
import { AdminError, type AdminCommand, type AdminContext } from './adminCommand.js';
import { adminCommands } from './commands.js';

function usage(commands: readonly AdminCommand[]): string {
  const lines = ['usage: npm run admin -- <command> [options]', '', 'commands:'];
  for (const command of commands) {
    const options = Object.entries(command.options)
      .map(([name, o]) => {
        const flag = o.type === 'boolean' ? `--${name}` : `--${name} <${name}>`;
        return o.required ? flag : `[${flag}]`;
      })
      .join(' ');
    lines.push(`  ${command.name} ${options}`.trimEnd(), `      ${command.summary}`);
    for (const [name, o] of Object.entries(command.options)) lines.push(`      --${name}: ${o.description}`);
  }
  return lines.join('\n');
}

/** Runs one command line; returns the exit status. Takes the context so tests can give their own. */
export async function runAdmin(
  argv: readonly string[], ctx: AdminContext, commands: readonly AdminCommand[] = adminCommands,
): Promise<number> {
  const [name, ...rest] = argv;
  const command = commands.find((c) => c.name === name);
  if (!command) {
    ctx.print(name && name !== 'help' ? `unknown command: ${name}\n\n${usage(commands)}` : usage(commands));
    return name && name !== 'help' ? 2 : 0;
  }
  let values;
  try {
    values = parseArgs({
      args: [...rest],
      options: Object.fromEntries(Object.entries(command.options).map(([key, o]) => [key, { type: o.type }])),
      strict: true,
      allowPositionals: false,
    }).values as Record<string, string | boolean | undefined>;
  } catch (err) {
    ctx.print(`${(err as Error).message}\n\n${usage([command])}`);
    return 2;
  }
  const missing = Object.entries(command.options).filter(([key, o]) => o.required && values[key] === undefined);
  if (missing.length > 0) {
    ctx.print(`missing ${missing.map(([key]) => `--${key}`).join(', ')}\n\n${usage([command])}`);
    return 2;
  }
  try {
    await command.run(values, ctx);
    return 0;
  } catch (err) {
    if (err instanceof AdminError) {
      ctx.print(`error: ${err.message}`);
      return 1;
    }
    throw err;
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  // The configured database, migrated to the latest schema as the server would.
  const db = await openDatabase(config.database);
  try {
    process.exitCode = await runAdmin(process.argv.slice(2), { db, config, print: (line) => console.log(line) });
  } finally {
    await db.destroy();
  }
}

const invokedDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) await main();
