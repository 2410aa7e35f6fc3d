import { errorCatalogue, messageFor, type CatalogueEntry } from '@pagewright/contracts';
import i18next from 'i18next';
import { toApiError, type ApiErrorCode } from '../api/ApiError';
import { showToast } from './toastStore';

/**
 * The user-facing message of a catalogue code: a translation under `errors.<code>` when the
 * locale has one, else the catalogue's English message (written once, in contracts).
 */
export function errorMessage(code: ApiErrorCode): string {
  const key = `errors.${String(code)}`;
  return i18next.exists(key) ? (i18next.t as (k: string) => string)(key) : messageFor(code);
}

function isSilent(code: ApiErrorCode): boolean {
  const entry = (errorCatalogue as Record<string | number, CatalogueEntry>)[code];
  return entry?.silent === true;
}

/** Shows the catalogue message of a failure as a warning toast; cancellations stay silent. */
export function showErrorToast(error: unknown): void {
  const { code } = toApiError(error);
  if (isSilent(code)) return;
  showToast(errorMessage(code), 'warning');
}
