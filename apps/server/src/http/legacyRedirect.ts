import { isToolPageName } from '@pagewright/contracts';

const LEGACY = /^\/(?:(de|es|fr|jp|pt)\/)?v2\/([^/?#]+?)(?:-new)?\/?$/;

/**
 * Old paths /v2/{tool} and /{lang}/v2/{tool}, with an optional -new suffix, move to
 * /app/{tool} under the same language prefix, keeping the query (SPEC §2); /v2/popular-tools and
 * unknown tools go to that language's home.
 * Returns the target, or null when the path is not a legacy one.
 */
export function legacyRedirectTarget(url: string): string | null {
  const [pathname = '', query] = splitOnce(url, '?');
  const match = LEGACY.exec(pathname);
  if (!match) return null;
  const prefix = match[1] ? `/${match[1]}` : '';
  const tool = match[2] ?? '';
  if (!isToolPageName(tool)) return prefix || '/';
  return `${prefix}/app/${tool}${query === undefined ? '' : `?${query}`}`;
}

function splitOnce(s: string, sep: string): [string, string | undefined] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, undefined] : [s.slice(0, i), s.slice(i + 1)];
}
