import { CatalogueError, messageFor, SUCCESS, type Envelope, type ErrorCode } from '@pagewright/contracts';

export function ok<T>(data: T): Envelope<T> {
  return { status: SUCCESS, code: SUCCESS, msg: 'success', data };
}

export function failure(code: string | number, msg = messageFor(code)): Envelope<null> {
  return { status: code, code, msg, data: null };
}

/** The HTTP status that goes with a catalogue code; the envelope's code is what clients read. */
export function httpStatusFor(code: ErrorCode | string | number): number {
  switch (String(code)) {
    case 'INVALID_PARAMS':
    case 'PASSWORD_EMPTY':
    case 'PASSWORD_LENGTH':
    case 'PAGE_RANGE_FORMAT':
    case 'OCR_LANGUAGE_REQUIRED':
    case 'WEBHOOK_SIGNATURE_INVALID': // Stripe's documentation answers a bad signature with 400.
      return 400;
    case '1401':
    case '1408':
    case '3001':
    case '3011':
    case 'LOGIN_FAILED':
      return 401;
    case 'MESSAGE_CALLER_MISMATCH':
      return 403;
    case '2405':
      return 404;
    case 'EMAIL_TAKEN':
      return 409;
    case 'LOGIN_THROTTLED':
    case 'REGISTER_THROTTLED':
      return 429;
    case '4012':
    case '41003':
    case 'CUSTOM_COMPRESS_TOO_LARGE':
      return 413;
    case '3500':
    case 'ECONNABORTED':
    case '11006':
      return 503;
    case '500':
    case '3125':
    case 'UNKNOWN':
    case 'TaskError':
    case 'PROCESSING_FAILED':
      return 500;
    default:
      // The input itself is refused: encrypted, damaged, wrong type, out of range.
      return 422;
  }
}

/**
 * A refusal that lifts after a wait: answered 429 with `Retry-After` in seconds, and the wait
 * filled into the catalogue message's {{seconds}}.
 */
export class TooManyAttempts extends CatalogueError {
  constructor(code: ErrorCode, readonly retryAfterS: number) {
    super(code, `retry after ${retryAfterS} s`);
  }

  get userMessage(): string {
    return messageFor(this.code).replace('{{seconds}}', String(this.retryAfterS));
  }
}

export { CatalogueError };
