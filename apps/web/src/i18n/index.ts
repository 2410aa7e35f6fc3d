import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import { locales, type Locale } from './localeTags';

export * from './localeTags';

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
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
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
