import type { UserInfo } from '@pagewright/contracts';
import { toApiError } from '../api/ApiError';
import { showErrorToast } from '../toasts/errorToast';
import { logout, refreshAccount } from './accountApi';
import { useAccountStore } from './accountStore';
import { closeLogin, emitLoginSuccess } from './loginDialog';
import { askOccupationIfDue } from './occupation';
import { isSessionExpiryCode } from './sessionExpiry';
import { readTokenMessage } from './windowMessages';

/** SPEC §4: the survey may follow a sign-in, a second after the dialog closes. */
export const surveyAfterLoginMs = 1_000;

/**
 * Reads the signed-in user (SPEC §7 account/refresh) into the store. A guest is refused with a
 * session-expiry code, which the HTTP layer has already handled; any other failure shows its
 * error (SPEC §8) and leaves the app usable as a guest.
 */
export async function refreshUser(): Promise<UserInfo | null> {
  const { setUser } = useAccountStore.getState();
  try {
    const user = await refreshAccount();
    setUser(user);
    return user;
  } catch (error) {
    if (!isSessionExpiryCode(toApiError(error).code)) showErrorToast(error);
    setUser(null);
    return null;
  }
}

/** After a sign-in from anywhere: tell listeners, close the dialog, maybe ask the survey. */
function loginSucceeded(user: UserInfo): void {
  emitLoginSuccess();
  closeLogin();
  setTimeout(() => askOccupationIfDue(useAccountStore.getState().user ?? user), surveyAfterLoginMs);
}

/** A token from the login page or another window (SPEC §7): keep it and read the user. */
export async function acceptToken(token: string): Promise<void> {
  const wasLoggedIn = useAccountStore.getState().user !== null;
  useAccountStore.getState().setToken(token);
  const user = await refreshUser();
  if (user && !wasLoggedIn) loginSucceeded(user);
}

export async function signOut(): Promise<void> {
  try {
    await logout();
  } catch {
    // Signed out here whatever the server says: an expired session is signed out already.
  } finally {
    useAccountStore.getState().clear();
  }
}

/** Listens for `pagewrightToken` messages from our own origin. Returns the removal. */
export function listenForTokens(target: Window): () => void {
  const onMessage = (event: MessageEvent) => {
    const token = readTokenMessage(event, target.location.origin);
    if (token !== null) void acceptToken(token);
  };
  target.addEventListener('message', onMessage);
  return () => target.removeEventListener('message', onMessage);
}

let started = false;

/**
 * Once per page: listen for tokens and read the user, which makes the store ready. Without a
 * stored token this browser has not signed in, and asking would only earn a 401 (logged as a
 * console error on every guest page), so a guest is ready at once.
 */
export function startAccount(target: Window = window): void {
  if (started) return;
  started = true;
  listenForTokens(target);
  if (useAccountStore.getState().token === null) useAccountStore.getState().setUser(null);
  else void refreshUser();
}
