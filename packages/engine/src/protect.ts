/**
 * Protect (encrypt with a password) and unlock (remove the encryption). The document is saved
 * whole with new encryption settings; nothing else changes.
 */
import { PROTECT_PASSWORD_MAX, PROTECT_PASSWORD_MIN } from '@pagewright/contracts';
import type { PdfInput } from './merge.js';
import type { ProgressFn } from './progress.js';
import { rewritePdf } from './pdf/rewrite.js';
import { encryptedSaveOptions, saveOptions } from './pdf/save.js';
import { documentFail } from './pdf/single.js';

/**
 * Encrypts the input with AES-256 (PDF 2.0 / revision 6) so that it opens only with
 * `password` (6 to 20 characters, else PASSWORD_LENGTH). The owner password is the same
 * password: whoever can open the file may also change or remove its protection, and all
 * permissions (printing, copying, editing) are granted once it is open. An encrypted input is
 * opened with `input.password` and re-encrypted with the new password.
 */
export async function protectPdf(input: PdfInput, outputPath: string, options: { password: string }, onProgress?: ProgressFn): Promise<{ pages: number }> {
  const password = (options as { password?: unknown } | null)?.password;
  if (typeof password !== 'string') throw documentFail('INVALID_PARAMS', 'no password given');
  const length = [...password].length;
  if (length < PROTECT_PASSWORD_MIN || length > PROTECT_PASSWORD_MAX) throw documentFail('PASSWORD_LENGTH');
  return rewritePdf(input, outputPath, onProgress, () => encryptedSaveOptions(password));
}

/**
 * Removes the encryption of the input: `input.password` opens a file that needs one (none ->
 * 3122, wrong -> INCORRECT_PASSWORD); a file encrypted with an owner password only opens
 * without. The output opens without a password. An input that is not encrypted ->
 * NOT_PROTECTED.
 */
export async function unlockPdf(input: PdfInput, outputPath: string, onProgress?: ProgressFn): Promise<{ pages: number }> {
  return rewritePdf(input, outputPath, onProgress, ({ encrypted }) => {
    if (!encrypted) throw documentFail('NOT_PROTECTED');
    return saveOptions.plain;
  });
}
