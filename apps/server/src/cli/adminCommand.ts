/**
 * The shape of an administrator command. A module writes its commands against this and adds
 * them to the list in `commands.ts`; `admin.ts` parses the options and runs one.
 */
import type { Config } from '../config.js';
import type { Db } from '../db/connection.js';

export interface AdminContext {
  db: Db;
  config: Config;
  /** One line of output for the operator. */
  print(line: string): void;
}

export interface AdminOption {
  type: 'string' | 'boolean';
  required?: boolean;
  description: string;
}

export type AdminValues = Record<string, string | boolean | undefined>;

export interface AdminCommand {
  name: string;
  summary: string;
  options: Record<string, AdminOption>;
  run(values: AdminValues, ctx: AdminContext): Promise<void>;
}

/** A refusal the operator can act on: printed without a stack trace, exit status 1. */
export class AdminError extends Error {}

/** A string option's value, already checked present by the dispatcher when required. */
export function stringOption(values: AdminValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}
