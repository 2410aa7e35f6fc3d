import { errorCatalogue, isErrorCode, messageFor, type CatalogueEntry } from '@pagewright/contracts';
import i18next from 'i18next';
import { toApiError, type ApiErrorCode } from '../api/ApiError';
import { showToast } from './toastStore';

/**
 * The user-facing message of a catalogue code in the visitor's language: the locale's
 * `errors.<code>` (every shown catalogue code has one in every locale, see locales.test.ts),
 * else the catalogue's English message (written once, in contracts). A code the catalogue lacks
 * shows the generic message, as SPEC §8 asks. Never the server's envelope `msg`: that is English.
 * `values` fill the message's {{placeholders}}.
 */
export function errorMessage(code: ApiErrorCode, values?: Record<string, string | number>): string {
  const known = isErrorCode(code) ? code : 'UNKNOWN';
  const key = `errors.${String(known)}`;
  if (i18next.exists(key)) return (i18next.t as (k: string, v?: object) => string)(key, values);
  return messageFor(known).replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => String(values?.[name] ?? placeholder));
}

/** The message of a failed call, with the wait the server asked for filled into {{seconds}}. */
export function apiErrorMessage(error: unknown): string {
  const { code, retryAfterS } = toApiError(error);
  return errorMessage(code, retryAfterS === undefined ? undefined : { seconds: retryAfterS });
}

function isSilent(code: ApiErrorCode): boolean {
  const entry = (errorCatalogue as Record<string | number, CatalogueEntry>)[code];
  return entry?.silent === true;
}

/** Shows the catalogue message of a failure as a warning toast; cancellations stay silent. */
export function showErrorToast(error: unknown): void {
  if (isSilent(toApiError(error).code)) return;
  showToast(apiErrorMessage(error), 'warning');
}
