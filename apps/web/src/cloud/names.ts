/**
 * The cloud rename and new-folder rules of SPEC §5, checked before the call so the dialog
 * answers at once: a name is required and at most 240 characters. The duplicate checks are the
 * server's, answered with CLOUD_NAME_EXISTS or CLOUD_FOLDER_EXISTS.
 */
import { cloudLimits, fileExtension } from '@pagewright/contracts';
import i18next from 'i18next';
import type { ApiErrorCode } from '../api/ApiError';
import { errorMessage } from '../toasts/errorToast';

export type NameProblem = 'CLOUD_NAME_REQUIRED' | 'CLOUD_NAME_TOO_LONG';

export function nameProblem(typed: string): NameProblem | null {
  const name = typed.trim();
  if (name === '') return 'CLOUD_NAME_REQUIRED';
  // Characters as a reader counts them: an emoji is one, not two UTF-16 units.
  if ([...name].length > cloudLimits.nameMaxLength) return 'CLOUD_NAME_TOO_LONG';
  return null;
}

/** The codes a name dialog shows under its field; any other failure is a toast. */
const nameCodes: ReadonlySet<ApiErrorCode> = new Set<ApiErrorCode>([
  'CLOUD_NAME_REQUIRED', 'CLOUD_NAME_TOO_LONG', 'CLOUD_NAME_EXISTS', 'CLOUD_FOLDER_EXISTS', 'CLOUD_RENAME_FAILED',
]);

export function isNameCode(code: ApiErrorCode): boolean {
  return nameCodes.has(code);
}

/** The message of a name code, '{name} already exists' filled with the name typed. */
export function nameMessage(code: ApiErrorCode, typed: string): string {
  if (code === 'CLOUD_NAME_EXISTS') return i18next.t('errors.CLOUD_NAME_EXISTS', { name: typed.trim() });
  return errorMessage(code);
}

/**
 * The part of a document's name a rename selects first: the name without its extension, so
 * typing replaces the name and keeps the type.
 */
export function baseNameLength(name: string): number {
  const extension = fileExtension(name);
  return extension === '' ? name.length : name.length - extension.length - 1;
}

export function isPdfName(name: string): boolean {
  return fileExtension(name) === 'pdf';
}

/**
 * The message of a failed move. The server refuses a name the target folder already has
 * without saying which: moving one document, it is that document's name; moving several, the
 * move failed as a whole.
 */
export function moveFailureMessage(code: ApiErrorCode, movedDocumentNames: readonly string[]): string {
  if (code !== 'CLOUD_NAME_EXISTS') return errorMessage(code);
  const [only] = movedDocumentNames;
  return only !== undefined && movedDocumentNames.length === 1 ? nameMessage(code, only) : errorMessage('CLOUD_MOVE_FAILED');
}
