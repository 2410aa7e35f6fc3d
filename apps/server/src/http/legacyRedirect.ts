import { isToolPageName } from '@pagewright/contracts';

const LEGACY = /^\/(?:(?:de|es|fr|jp|pt)\/)?v2\/([^/?#]+?)(?:-new)?\/?$/;

/**
 * Old paths /v2/{tool} and /{lang}/v2/{tool}, with an optional -new suffix, move to
 * /app/{tool} keeping the query (SPEC §2); /v2/popular-tools and unknown tools go home.
 * Returns the target, or null when the path is not a legacy one.
 */
export function legacyRedirectTarget(url: string): string | null {
  const [pathname = '', query] = splitOnce(url, '?');
  const match = LEGACY.exec(pathname);
  if (!match) return null;
  const tool = match[1] ?? '';
  if (!isToolPageName(tool)) return '/';
  return `/app/${tool}${query === undefined ? '' : `?${query}`}`;
}

function splitOnce(s: string, sep: string): [string, string | undefined] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)];
}
