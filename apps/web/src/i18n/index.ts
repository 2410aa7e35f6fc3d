import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';

/** Locale files of SPEC §2; each lives in `locales/<locale>.json`. */
export const locales = ['en', 'de', 'es', 'fr', 'ja', 'pt-br', 'zh-cn'] as const;
export type Locale = (typeof locales)[number];

/**
 * Path prefixes of SPEC §2 and the locale each selects; English has no prefix. Routes are
 * built by `localizedPath` so mounting them under a prefix later changes no page.
 */
export const pathPrefixes = { de: 'de', es: 'es', fr: 'fr', jp: 'ja', pt: 'pt-br' } as const satisfies Record<string, Locale>;
export type PathPrefix = keyof typeof pathPrefixes;

export function isPathPrefix(segment: string | undefined): segment is PathPrefix {
  return segment !== undefined && Object.hasOwn(pathPrefixes, segment);
}

// English ships in the main bundle; other locales are fetched when first chosen.
const lazyLocales = import.meta.glob<{ default: Resource[string] }>([
  './locales/*.json',
  '!./locales/en.json',
]);

export async function changeLocale(locale: Locale): Promise<void> {
  if (!i18next.hasResourceBundle(locale, 'translation')) {
    const load = lazyLocales[`./locales/${locale}.json`];
    if (load) i18next.addResourceBundle(locale, 'translation', (await load()).default);
  }
  await i18next.changeLanguage(locale);
  document.documentElement.lang = locale;
}

export const i18n = i18next;

void i18next.use(initReactI18next).init({
  resources: { en: { translation: en } },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...locales],
  lowerCaseLng: true,
  interpolation: { escapeValue: false },
  returnNull: false,
});
