import { create } from 'zustand';
import { useAccountStore } from './accountStore';
import { waitForLogin } from './loginWait';

/** The login page: inside the dialog's frame, or the whole page when cookies fail there. */
export const loginPagePath = '/app/login-frame';
export const returnParam = 'return';

/** The form the login page starts with. */
export type LoginView = 'signIn' | 'signUp';
export const viewParam = 'view';

interface LoginDialogState {
  opened: boolean;
  view: LoginView;
  /** 'checking' until the frame reports whether cookies work in it. */
  phase: 'checking' | 'frame';
}

export const useLoginDialogStore = create<LoginDialogState>(() => ({ opened: false, view: 'signIn', phase: 'checking' }));

/**
 * Opens the login dialog and waits for the sign-in (SPEC §4 login wait). True once the user is
 * signed in; false when they close the dialog or the wait times out, so callers can simply
 * carry on as a guest. `signUp` starts on the sign-up form (the free-trial entry of SPEC §2).
 */
export async function openLogin({ signUp = false }: { signUp?: boolean } = {}): Promise<boolean> {
  const loggedIn = () => useAccountStore.getState().user !== null;
  if (loggedIn()) return true;
  useLoginDialogStore.setState({ opened: true, view: signUp ? 'signUp' : 'signIn', phase: 'checking' });
  try {
    await waitForLogin({ isLoggedIn: loggedIn, isClosed: () => !useLoginDialogStore.getState().opened });
    return true;
  } catch {
    closeLogin();
    return false;
  }
}

export function closeLogin(): void {
  useLoginDialogStore.setState({ opened: false, phase: 'checking' });
}

/** The login page on `view`, with a way back to `returnTo` (a same-site path) when given. */
export function loginPageUrl(view: LoginView, returnTo?: string): string {
  const query = new URLSearchParams({ [viewParam]: view });
  if (returnTo !== undefined) query.set(returnParam, returnTo);
  return `${loginPagePath}?${query.toString()}`;
}

/** A return target from the query that stays on this site, else the app home. */
export function safeReturnPath(value: string | null): string {
  if (value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')) return value;
  return '/app';
}

export type CookieBranch = { kind: 'frame' } | { kind: 'redirect'; url: string };

/**
 * The cookie-support branch of SPEC §4: where the frame cannot keep cookies, the sign-in would
 * not stick, so the whole page goes to the login page and comes back to `currentPath`.
 */
export function cookieBranch(supported: boolean, currentPath: string, view: LoginView = 'signIn'): CookieBranch {
  return supported ? { kind: 'frame' } : { kind: 'redirect', url: loginPageUrl(view, currentPath) };
}

type LoginListener = () => void;
const loginListeners = new Set<LoginListener>();

/** Called after each sign-in through the dialog, the login page or another window. */
export function onLoginSuccess(listener: LoginListener): () => void {
  loginListeners.add(listener);
  return () => loginListeners.delete(listener);
}

export function emitLoginSuccess(): void {
  for (const listener of loginListeners) listener();
}
