/**
 * The error catalogue of SPEC §8. Every code the server sends and every message the web app
 * shows is written here once. Numeric codes come from the spec; named codes are the spec's
 * client-side conditions and the "other messages" of §8 that the spec gives no number.
 */
export const errorCatalogue = {
  11011: { message: 'Sign detector over limit.', action: 'goto-ai-detector' },
  11010: { message: 'The file exceeds the detector single-file limit.', action: 'goto-ai-detector' },
  3125: { message: 'Task failed. Please try again later.' },
  NEED_OCR: { message: 'OCR files are temporarily not supported.' },
  11016: { message: 'Share file expired.' },
  11005: { message: 'Too few words to summarize. At least 250 characters required.' },
  2405: { message: 'No data found.' },
  11013: { message: 'Conversation expired. Please try again later.' },
  ECONNABORTED: { message: 'The service is busy. Please try again later.' },
  ERR_NETWORK: { message: 'Oops! Network error. Please connect to the Internet and try again.' },
  ERR_CANCELED: { message: '', silent: true },
  OSSUploadFail: { message: 'Upload failed, please try again later. Your file is kept.' },
  90002: { message: 'Upload failed.' },
  3500: { message: 'The server is busy. Please try again later.' },
  3999: { message: 'Something error, please try again later.', action: 'goto-current-page' },
  ERR_BAD_RESPONSE: { message: 'The service is not working right now (upgrade or maintenance). Please try again later.' },
  11006: { message: 'The service is not working right now (upgrade or maintenance). Please try again later.' },
  11009: { message: 'Not enough characters left this month.', payGuide: 'detectorLimit' },
  11007: { message: 'You have used all 500 questions of this month.', payGuide: 'AiUpgrade' },
  11003: { message: 'Sorry, not enough tokens.', payGuide: 'AiUpgrade' },
  41003: { message: 'File size exceeded. Please upgrade permissions.' },
  500: { message: 'Server error. Please try again later.' },
  TaskError: { message: 'Processing failed. Please try again.' },
  3102: { message: 'Image file type error. Allowed types: JPG, JPEG, PNG, BMP, GIF.' },
  1100777: { message: 'Daily free usage limit reached.', payGuide: 'limit' },
  4012: { message: 'File size exceeds the limit.' },
  90001: { message: 'No data. Please upload a PDF first.' },
  SIGNATURE_FILE_HAS_EXPIRED: { message: 'Signature file has expired.' },
  3023: { message: 'Daily sharing limit reached. Please try again in 24 hours.' },
  // The encrypted-file status of SPEC §5: document/info answers 3122 until the password is given.
  3122: { message: 'This file is encrypted. Please enter its password.' },
  // "Other messages" of SPEC §8, named because the spec gives them no number.
  ENCRYPTED_NOT_SUPPORTED: { message: 'Encrypted documents are not supported.' },
  PDF_CORRUPTED: { message: 'The PDF is corrupted and cannot be opened.' },
  PARSE_EXCEPTION: { message: 'The file could not be parsed.' },
  PROCESSING_FAILED: { message: 'Processing failed, please check your network and try again later.' },
  FILE_DAMAGED: { message: 'The file is damaged.' },
  SLOW_UPLOAD: { message: 'Upload failed due to a slow connection.' },
  INCORRECT_PASSWORD: { message: 'Incorrect password. Please try again.' },
  PASSWORD_EMPTY: { message: "Password field can't be empty." },
  FILE_TYPE_ERROR: { message: 'The file type is not supported by this tool.' },
  NOT_PROTECTED: { message: 'This file is not password protected. There is no need to unlock it.' },
  PASSWORD_LENGTH: { message: 'The password must contain between 6 and 20 characters.' },
  PAGE_RANGE_FORMAT: { message: 'Please input something like: 1, 6-159, or 59-100' },
  PAGE_RANGE_INVALID: { message: 'Please enter a valid page range.' },
  OCR_LANGUAGE_REQUIRED: { message: 'Choose at least one option.' },
  CUSTOM_COMPRESS_TOO_LARGE: { message: 'Custom-size compression is only for a single file under 10 MB.' },
  SIGNATURES_FULL: { message: 'You can keep up to 20 signatures. Delete one to save another.' },
  // AI part 2 (SPEC §5): the detector reads at least 250 characters; the proofreader's dictionaries.
  DETECTOR_TEXT_TOO_SHORT: { message: 'At least 250 characters are needed to detect AI-written text.' },
  PROOFREAD_NO_TEXT: { message: 'This document has no text to proofread.' },
  INVALID_PARAMS: { message: 'The request is missing a field or has an invalid one.' },
  IMAGE_TOO_LARGE: { message: 'Image size too large, should be less than 20MB.' },
  IMAGE_TOO_MANY_PIXELS: { message: 'The image has too many pixels to process (at most 100 megapixels).' },
  CONVERSION_TIMEOUT: { message: 'The conversion took too long and was stopped. Please try a smaller file.' },
  // Session expiry of SPEC §6: the web app signs out on each; 1408 also opens the login dialog.
  1401: { message: 'Please sign in to continue.' },
  1408: { message: 'Your session has expired. Please sign in again.' },
  3001: { message: 'Your sign-in is no longer valid. Please sign in again.' },
  3011: { message: 'You were signed out because your account was signed out elsewhere or disabled.' },
  LOGIN_FAILED: { message: 'Incorrect email or password.' },
  LOGIN_THROTTLED: { message: 'Too many sign-in attempts. Please wait {{seconds}} seconds and try again.' },
  REGISTER_THROTTLED: { message: 'Too many accounts were created from this connection. Please try again later.' },
  EMAIL_INVALID: { message: 'Please enter a valid email address.' },
  EMAIL_TAKEN: { message: 'An account with this email already exists. Please sign in.' },
  PASSWORD_TOO_SHORT: { message: 'The password must have at least 8 characters.' },
  RESET_TOKEN_INVALID: { message: 'This reset link is invalid or has expired. Please ask for a new one.' },
  // The message service (SPEC §7): a reader is the signed-in user of the session or a guest's client_sign.
  MESSAGE_CALLER_MISMATCH: { message: 'These messages belong to another account. Please sign in again.' },
  CLIENT_SIGN_INVALID: { message: 'Your browser could not be identified. Please reload the page.' },
  // Entitlements and billing (SPEC §5, §6, §9): refusals an upgrade or signing in lifts carry their pay guide.
  LOGIN_TO_DOWNLOAD: { message: 'Only 1 task per day for non-logged-in users, no limit after login. Please sign in to download.', action: 'login' },
  OCR_PREMIUM_ONLY: { message: 'OCR is a Premium feature. Please upgrade to use it.', payGuide: 'ocr' },
  TOO_MANY_FILES: { message: 'Too many files for one task. Please upgrade permissions to add more.', payGuide: 'limit' },
  BATCH_LIMIT: { message: 'Too many files in one batch. Please upgrade permissions to process more at once.', payGuide: 'limit' },
  PAGES_UPGRADE: { message: 'The file has more pages than your plan allows. Please upgrade permissions.', payGuide: 'pageLimit' },
  PAGES_EXCEEDED: { message: 'Maximum number of pages exceeded.' },
  TRIAL_USED: { message: 'The free trial can be used once per account.' },
  CHECKOUT_UNAVAILABLE: { message: 'This payment method is not available. Please try again later.' },
  WEBHOOK_SIGNATURE_INVALID: { message: 'The payment notification could not be verified.' },
  FEEDBACK_LOAD_FAILED: { message: 'Failed to load feedback form. Please try again later.' },
  // The cloud store and sharing (SPEC §5, §8).
  CLOUD_NAME_REQUIRED: { message: 'Please enter name' },
  CLOUD_NAME_TOO_LONG: { message: 'Name cannot exceed 240 characters' },
  CLOUD_NAME_EXISTS: { message: '{{name}} already exists' },
  CLOUD_FOLDER_EXISTS: { message: 'The folder already exists' },
  // The cloud page answers it with the expand dialog (under 10 GB) or the store link, not the pay dialog.
  CLOUD_CAPACITY_EXCEEDED: { message: 'Your cloud storage is full. Free some space or get more.' },
  CLOUD_MOVE_FAILED: { message: 'Cloud move failed.' },
  CLOUD_RENAME_FAILED: { message: 'Rename failed.' },
  LINK_FAILED: { message: 'Link failed.' },
  CLOUD_IMPORT_NO_PDF: { message: 'Upload error. Could not find any PDF.' },
  URL_SCHEME: { message: 'URL must start with http:// or https://' },
  URL_NOT_PDF: { message: 'URL must end with .pdf' },
  URL_NOT_ALLOWED: { message: 'This address cannot be reached. Please use a public link to the PDF.' },
  SHARE_PREMIUM_ONLY: { message: 'Permanent links are a Premium feature. Please upgrade to use them.', payGuide: 'upgrade' },
  SHARE_LOGIN_REQUIRED: { message: 'Please sign in to share files.', action: 'login' },
  EMAIL_IN_USE: { message: 'Email already in use.' },
  TOO_MANY_RECIPIENTS: { message: 'Add up to 5 email addresses.' },
  // The AI tools (SPEC §4, §5, §8, §9).
  11012: { message: 'The document could not be analysed. Please try again later.' },
  AI_PAGE_LIMIT: { message: 'AI tools read documents of up to 200 pages.' },
  AI_TEXT_TOO_LONG: { message: 'Please use at most 2,000 characters.' },
  AI_NOT_READY: { message: 'The document is still being analysed. Please wait a moment.' },
  CHAT_REFRESH_LIMIT: { message: 'An answer can be regenerated at most 5 times.' },
  UNKNOWN: { message: 'Something error, please try again later.' },
  // The document translator (SPEC §1).
  TRANSLATE_PAIR_UNAVAILABLE: { message: 'This server cannot translate between these two languages.' },
  TRANSLATE_NO_TEXT: { message: 'The document has no text to translate. Scanned pages need OCR first.' },
  // Certificate signing of a signature field in the PDF editor (SPEC §3 form field 7, §7 document/content/{file_id}/sign).
  CERTIFICATE_PASSWORD_INCORRECT: { message: 'Incorrect certificate password. Please try again.' },
  CERTIFICATE_INVALID: { message: 'The certificate must be a PKCS#12 file (.p12 or .pfx) with its RSA private key.' },
} as const satisfies Record<string | number, CatalogueEntry>;

export interface CatalogueEntry {
  message: string;
  action?: string;
  payGuide?: string;
  silent?: boolean;
}

export type ErrorCode = keyof typeof errorCatalogue;

/** Success is 0 in every envelope. */
export const SUCCESS = 0;

export const DEFAULT_ERROR_MESSAGE = errorCatalogue.UNKNOWN.message;

/** The catalogue message for a code, or the default toast text for codes the catalogue lacks. */
export function messageFor(code: string | number): string {
  const entry = (errorCatalogue as Record<string | number, CatalogueEntry>)[code];
  return entry ? entry.message : DEFAULT_ERROR_MESSAGE;
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return (typeof code === 'string' || typeof code === 'number') && Object.hasOwn(errorCatalogue, code);
}

/** Analytics category of SPEC §8. */
export function analyticsCategory(code: string | number): string {
  switch (String(code)) {
    case '500': return 'servererror';
    case 'ERR_NETWORK': return 'neterror';
    case 'ECONNABORTED': return 'extimefail';
    case '11003': return 'exquestionfail';
    case '11012': return 'analyzefail';
    default: return 'others';
  }
}

/** An error that carries its catalogue code; thrown by the engine and the server alike. */
export class CatalogueError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, detail?: string) {
    super(detail ?? messageFor(code));
    this.name = 'CatalogueError';
    this.code = code;
  }
}
