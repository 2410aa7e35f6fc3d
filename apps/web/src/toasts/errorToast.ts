import { errorCatalogue, isErrorCode, messageFor, type CatalogueEntry } from '@pagewright/contracts';
import i18next from 'i18next';
import { toApiError, type ApiErrorCode } from '../api/ApiError';
import { showToast } from './toastStore';

/**
 * The user-facing message of a catalogue code in the visitor's language: the locale's
 * `errors.<code>` (every shown catalogue code has one in every locale, see locales.test.ts),
 * else the catalogue's English message (written once, in contracts). A code the catalogue lacks
 * shows the generic message, as SPEC §8 asks. Never the server's envelope `msg`: that is English.
 */
export function errorMessage(code: ApiErrorCode): string {
  const known = isErrorCode(code) ? code : 'UNKNOWN';
  const key = `errors.${String(known)}`;
  return i18next.exists(key) ? (i18next.t as (k: string) => string)(key) : messageFor(known);
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
