import { messageFor } from '@pagewright/contracts';

/** A catalogue code as the server or the client names it: numeric codes as numbers. */
export type ApiErrorCode = string | number;

/**
 * A failed call, carrying the catalogue code of SPEC §8 so the page can show the catalogue
 * message. Client-side conditions use the catalogue's named codes (ERR_NETWORK, ECONNABORTED,
 * ERR_CANCELED, ERR_BAD_RESPONSE).
 *
 * `message` is the server's English envelope msg or a technical detail, for logs only: a page
 * shows `errorMessage(error.code)` (toasts/errorToast), which is in the visitor's language.
 */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  /** Seconds the server asked to wait before trying again (Retry-After of a 429), if it did. */
  readonly retryAfterS: number | undefined;

  constructor(code: ApiErrorCode, detail?: string, retryAfterS?: number) {
    const normalized = normalizeCode(code);
    super(detail && detail.length > 0 ? detail : messageFor(normalized));
    this.name = 'ApiError';
    this.code = normalized;
    this.retryAfterS = retryAfterS;
  }
}

/** '3122' and 3122 are the same code; the catalogue keys numeric codes by number. */
export function normalizeCode(code: ApiErrorCode): ApiErrorCode {
  if (typeof code === 'string' && /^-?\d+$/.test(code)) return Number(code);
  return code;
}

export function isCanceled(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'ERR_CANCELED';
}

/** Any thrown value as an ApiError; unknown failures become the generic catalogue code. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DOMException && error.name === 'AbortError') return new ApiError('ERR_CANCELED');
  return new ApiError('UNKNOWN', error instanceof Error ? error.message : undefined);
}
