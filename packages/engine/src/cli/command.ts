import type { ParseArgsConfig } from 'node:util';

/** Where a command writes; the real process streams, or buffers in tests. */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

export type OptionValues = Record<string, string | boolean | Array<string | boolean> | undefined>;

/**
 * One `pagewright <name>` subcommand. Names follow the tool page names of the product
 * (merge-pdf, split-pdf, compress-pdf, ...), so the CLI, the web routes and the tasks agree.
 */
export interface Subcommand {
  name: string;
  /** One line for `pagewright --help`. */
  summary: string;
  /** The full text of `pagewright <name> --help`. */
  help: string;
  options: NonNullable<ParseArgsConfig['options']>;
  run(values: OptionValues, positionals: string[], io: CliIo): Promise<void>;
}

/** A mistake in the command line: printed with a hint, exit code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export function stringList(value: OptionValues[string]): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
}
