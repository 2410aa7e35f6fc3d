/**
 * Command-line helpers of the single-document tools (split, rotate, crop, delete, rearrange,
 * extract images, protect, unlock): one input, `-o`, `--password`, SPEC §5 page ranges.
 */
import { CatalogueError, pageRangeMessages, pagesOf, parsePageRanges } from '@pagewright/contracts';
import type { PdfInput } from '../merge.js';
import { UsageError, type CliIo, type OptionValues, type Subcommand } from './command.js';

/**
 * The largest page number a range on the command line may name before the document is opened;
 * ranges past the document's end are rejected by the engine with PAGE_RANGE_INVALID.
 */
const MAX_CLI_PAGE = 1_000_000;

export interface SingleArgs {
  input: PdfInput;
  output: string;
  values: OptionValues;
}

/** The options every single-input command takes. */
export const singleInputOptions: Subcommand['options'] = {
  output: { type: 'string', short: 'o' },
  password: { type: 'string' },
};

/** Reads `<in.pdf> -o <out> [--<passwordOption> SECRET]`. */
export function singleArgs(values: OptionValues, positionals: string[], passwordOption = 'password'): SingleArgs {
  const output = values.output;
  if (typeof output !== 'string' || output === '') throw new UsageError('missing -o <output>');
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'no input PDF given' : 'give exactly one input PDF');
  const password = values[passwordOption];
  const input: PdfInput = typeof password === 'string' ? { path: positionals[0]!, password } : { path: positionals[0]! };
  return { input, output, values };
}

export function stringOption(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The pages of a SPEC §5 range string (`1, 6-159, 59-100`), distinct and ascending. A malformed
 * string -> CatalogueError PAGE_RANGE_FORMAT; page 0 or a backward range -> PAGE_RANGE_INVALID.
 */
export function parsePages(text: string): number[] {
  return pagesOf(parseRanges(text));
}

/** The ranges of a SPEC §5 range string, in the order given. */
export function parseRanges(text: string): Array<{ from: number; to: number }> {
  const result = parsePageRanges(text, MAX_CLI_PAGE);
  if (result.ok) return result.ranges;
  throw new CatalogueError(result.message === pageRangeMessages.format ? 'PAGE_RANGE_FORMAT' : 'PAGE_RANGE_INVALID', `${result.message} (got '${text}')`);
}

/** Page numbers in the order given: `3,1,2` or with ranges `4-6,1`; repeats are kept. */
export function parseOrder(text: string): number[] {
  return parseRanges(text).flatMap(({ from, to }) => Array.from({ length: to - from + 1 }, (_, i) => from + i));
}

/** A whole number option; a usage error otherwise. */
export function integerOption(text: string, name: string): number {
  if (!/^\s*\d+\s*$/.test(text)) throw new UsageError(`${name} expects a whole number, got '${text}'`);
  return Number(text);
}

/** Prints the command's result line. */
export function printResult(io: CliIo, result: Record<string, unknown>): void {
  io.out(`${JSON.stringify(result)}\n`);
}
