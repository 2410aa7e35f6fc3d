import type { ApiErrorCode } from '../api/ApiError';
import { errorMessage } from '../toasts/errorToast';

/**
 * What a failed share says (SPEC §8, 3023): the daily-limit tip to a signed-in user, the
 * sign-in tip to anyone else (the session ended meanwhile), and every other failure its own
 * catalogue message.
 */
export function shareFailureMessage(code: ApiErrorCode, signedIn: boolean): string {
  if (code === 3023 && !signedIn) return errorMessage('SHARE_LOGIN_REQUIRED');
  return errorMessage(code);
}
