/**
 * The languages of SPEC §2 and how paths, `lang` parameters and the stored choice name them;
 * free of i18next so the navigation guard can be tested on its own.
 */

/** Locale files of SPEC §2; each lives in `locales/<locale>.json`. */
export const locales = ['en', 'de', 'es', 'fr', 'ja', 'pt-br', 'zh-cn'] as const;
export type Locale = (typeof locales)[number];

/**
 * Path prefixes of SPEC §2 and the locale each selects. English has no prefix (a /en/... path
 * redirects to the unprefixed one); zh-cn has a locale file but no prefix either.
 */
export const pathPrefixes = { de: 'de', es: 'es', fr: 'fr', jp: 'ja', pt: 'pt-br' } as const satisfies Record<string, Locale>;
export type PathPrefix = keyof typeof pathPrefixes;

export function isPathPrefix(segment: string | undefined): segment is PathPrefix {
  return segment !== undefined && Object.hasOwn(pathPrefixes, segment);
}

/** The path prefix of a locale; null for English and for zh-cn, which §2 gives none. */
export function prefixOf(locale: Locale): PathPrefix | null {
  const entry = Object.entries(pathPrefixes).find(([, l]) => l === locale);
  return entry ? (entry[0] as PathPrefix) : null;
}

/**
 * The locale a `lang` parameter or a stored choice names: a locale code or a path prefix, in
 * any case (`de`, `jp`, `ja`, `pt`, `pt-BR`, `zh-CN`); null for anything else.
 */
export function localeFromTag(tag: string | null | undefined): Locale | null {
  const lower = tag?.trim().toLowerCase().replace('_', '-');
  if (!lower) return null;
  if (isPathPrefix(lower)) return pathPrefixes[lower];
  return (locales as readonly string[]).includes(lower) ? (lower as Locale) : null;
}

const storageKey = 'pagewright.locale';

/** The language the visitor last used (SPEC §2 "current locale"), kept across visits. */
export function storedLocale(): Locale | null {
  try {
    return localeFromTag(globalThis.localStorage?.getItem(storageKey)) ?? memoryLocale;
  } catch {
    // Storage blocked by the browser's privacy settings: the choice lasts this page only.
    return memoryLocale;
  }
}

let memoryLocale: Locale | null = null;

export function rememberLocale(locale: Locale): void {
  memoryLocale = locale;
  try {
    globalThis.localStorage?.setItem(storageKey, locale);
  } catch {
    // See storedLocale.
  }
}
