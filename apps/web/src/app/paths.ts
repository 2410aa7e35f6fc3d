import { useCallback } from 'react';
import { useParams } from 'react-router';
import { isPathPrefix } from '../i18n';

export const appHomePath = '/app';

export function toolPath(pageName: string): string {
  return `/app/${pageName}`;
}

/**
 * Builds links under the language prefix of the current route (SPEC §2: /de, /es, /fr, /jp,
 * /pt; English has none). Pages build every internal link through it so the routes can be
 * mounted under `/:lang` without touching them.
 */
export function useLocalizedPath(): (path: string) => string {
  const { lang } = useParams();
  return useCallback(
    (path: string) => (isPathPrefix(lang) ? `/${lang}${path === '/' ? '' : path}` : path),
    [lang],
  );
}
