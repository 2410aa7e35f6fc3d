import { sessionExpiryCodes } from '@pagewright/contracts';
import type { ApiErrorCode } from '../api/ApiError';
import { useAccountStore } from './accountStore';
import { openLogin } from './loginDialog';

export function isSessionExpiryCode(code: ApiErrorCode): boolean {
  return (sessionExpiryCodes as readonly ApiErrorCode[]).includes(code);
}

/**
 * SPEC §6: a session-expiry code signs the user out; 1408 also opens the login dialog. A refusal
 * of a token that is no longer the current one (the user signed in again meanwhile) is stale and
 * changes nothing.
 */
export function expireSession(code: ApiErrorCode, sentToken: string | null): void {
  const account = useAccountStore.getState();
  if (account.token !== sentToken) return;
  account.clear();
  if (code === 1408) void openLogin();
}
