import { CatalogueError, messageFor, type ErrorCode } from '@pagewright/contracts';

/**
 * A catalogue error about one input of a multi-input operation. `inputIndex` is 0-based so a
 * caller can point at the file (for instance to ask for the password of that file only).
 */
export class InputError extends CatalogueError {
  readonly inputIndex: number;
  readonly inputPath: string;
  constructor(code: ErrorCode, inputIndex: number, inputPath: string, reason?: string) {
    super(code, `Input ${inputIndex + 1}: ${messageFor(code)}${reason ? ` (${reason})` : ''}`);
    this.name = 'InputError';
    this.inputIndex = inputIndex;
    this.inputPath = inputPath;
  }
}

/** The text of whatever was thrown (MuPDF throws Error objects, and sometimes plain strings). */
export function reasonOf(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}

/** Keep catalogue errors as they are; anything else becomes the given code with its cause. */
export function asCatalogueError(err: unknown, code: ErrorCode, detail?: string): CatalogueError {
  if (err instanceof CatalogueError) return err;
  const wrapped = new CatalogueError(code, detail ?? `${messageFor(code)} (${reasonOf(err)})`);
  (wrapped as Error).cause = err;
  return wrapped;
}
