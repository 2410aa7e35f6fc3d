/**
 * Command-line helpers of compress-pdf, redact-pdf, replace-text and sign-pdf: one input PDF,
 * `-o`, `--password`, and `page,x,y,w,h` boxes.
 */
import type { PdfInput } from '../merge.js';
import { UsageError, type OptionValues, type Subcommand } from './command.js';

export const inputOutputOptions: Subcommand['options'] = {
  output: { type: 'string', short: 'o' },
  password: { type: 'string' },
};

/** Reads `<in.pdf> -o <out.pdf> [--password SECRET]`. */
export function inputAndOutput(values: OptionValues, positionals: string[]): { input: PdfInput; output: string } {
  const output = values.output;
  if (typeof output !== 'string' || output === '') throw new UsageError('missing -o <out.pdf>');
  if (positionals.length !== 1) throw new UsageError(positionals.length === 0 ? 'no input PDF given' : 'give exactly one input PDF');
  const password = values.password;
  const input: PdfInput = typeof password === 'string' ? { path: positionals[0]!, password } : { path: positionals[0]! };
  return { input, output };
}

export interface PageBox {
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** `page,x,y,w,h`: a 1-based page and a box in points from the page's top-left corner as displayed. */
export function parseBox(spec: string, option: string): PageBox {
  const parts = spec.split(',').map((part) => part.trim());
  const values = parts.map(Number);
  const [page, x, y, w, h] = values;
  if (parts.length !== 5 || parts.some((part) => part === '') || values.some((v) => !Number.isFinite(v))) {
    throw new UsageError(`${option} expects page,x,y,w,h (numbers), got '${spec}'`);
  }
  if (!Number.isInteger(page) || page! < 1) throw new UsageError(`${option}: the page must be a whole number from 1, got '${spec}'`);
  if (!(w! > 0 && h! > 0)) throw new UsageError(`${option}: width and height must be positive, got '${spec}'`);
  return { page: page!, x: x!, y: y!, w: w!, h: h! };
}
