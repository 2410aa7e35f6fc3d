/**
 * The session token kept across reloads (SPEC §7: a token in the query or a cross-window
 * message is saved locally). Storage can be missing or refused (private modes, tests): the
 * token then lives in the store only.
 */
const TOKEN_KEY = 'pagewright_token';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStoredToken(): string | null {
  try {
    return storage()?.getItem(TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

export function writeStoredToken(token: string | null): void {
  try {
    if (token === null) storage()?.removeItem(TOKEN_KEY);
    else storage()?.setItem(TOKEN_KEY, token);
  } catch {
    // A full or refused storage keeps the token for this page only.
  }
}
