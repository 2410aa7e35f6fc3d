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
      return 400;
    case '2405':
      return 404;
    case '4012':
    case '41003':
      return 413;
    case '3122':
    case 'INCORRECT_PASSWORD':
    case 'FILE_DAMAGED':
    case 'FILE_TYPE_ERROR':
    case 'PDF_CORRUPTED':
    case '90001':
    case '90002':
      return 422;
    case '3500':
      return 503;
    default:
      return 500;
  }
}

export { CatalogueError };
