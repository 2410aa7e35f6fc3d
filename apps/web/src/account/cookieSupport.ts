/** The parts of the document and navigator the check reads, so it can run on stand-ins. */
export interface CookieEnvironment {
  document: Pick<Document, 'cookie'> & { hasStorageAccess?: () => Promise<boolean> };
  navigator: Pick<Navigator, 'cookieEnabled'>;
}

const PROBE = 'pw_cookie_probe';

/**
 * Whether this page, typically the login frame inside the dialog, can keep cookies (SPEC §4).
 * A browser that blocks cookies in frames says so through the Storage Access API where it has
 * one; elsewhere a probe cookie that does not read back tells the same.
 */
export async function cookiesSupported(env: CookieEnvironment = { document, navigator }): Promise<boolean> {
  if (!env.navigator.cookieEnabled) return false;
  if (typeof env.document.hasStorageAccess === 'function') {
    try {
      if (!(await env.document.hasStorageAccess())) return false;
    } catch {
      return false;
    }
  }
  env.document.cookie = `${PROBE}=1; path=/; SameSite=Lax`;
  const kept = env.document.cookie.split(';').some((part) => part.trim() === `${PROBE}=1`);
  env.document.cookie = `${PROBE}=; path=/; max-age=0; SameSite=Lax`;
  return kept;
}
