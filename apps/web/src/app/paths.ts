import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { isPathPrefix } from '../i18n/localeTags';

export const appHomePath = '/app';

export function toolPath(pageName: string): string {
  return `/app/${pageName}`;
}

/** The language prefix (de, es, fr, jp, pt) a path starts with, or null (English, zh-cn). */
export function languagePrefixOf(pathname: string): string | null {
  const segment = pathname.split('/')[1];
  return isPathPrefix(segment) ? segment : null;
}

/**
 * Builds links under the language prefix of the current route (SPEC §2: /de, /es, /fr, /jp,
 * /pt; English has none). Pages build every internal link through it, so the same route list
 * serves every prefix.
 */
export function useLocalizedPath(): (path: string) => string {
  const prefix = languagePrefixOf(useLocation().pathname);
  return useCallback(
    (path: string) => (prefix ? `/${prefix}${path === '/' ? '' : path}` : path),
    [prefix],
  );
}
