/**
 * What the translator's two language lists offer, from what the server says it translates:
 * the installed Apertium pairs offline (a target only when a pair from the chosen source
 * exists), any two different languages with an endpoint. Names in the page's language.
 */
import type { TranslatorLanguage, TranslatorLanguagesInfo } from '@pagewright/contracts';

export function sourceLanguages(info: TranslatorLanguagesInfo): TranslatorLanguage[] {
  if (info.any_pair) return info.languages;
  return info.languages.filter((code) => info.pairs.some((p) => p.source === code));
}

export function targetLanguages(info: TranslatorLanguagesInfo, source: TranslatorLanguage | null): TranslatorLanguage[] {
  if (source === null) return [];
  if (info.any_pair) return info.languages.filter((code) => code !== source);
  return info.languages.filter((code) => info.pairs.some((p) => p.source === source && p.target === code));
}

/** The language's own name in the page's language ("español" is "Spanish" on an English page). */
export function languageName(code: string, uiLanguage: string): string {
  try {
    return new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The first pair to preselect: English to Spanish when offered, else the first offered. */
export function defaultPair(info: TranslatorLanguagesInfo, uiLanguage: string): { source: TranslatorLanguage | null; target: TranslatorLanguage | null } {
  const sources = sourceLanguages(info);
  const source = sources.includes('en') ? 'en' : (sources[0] ?? null);
  const targets = targetLanguages(info, source);
  const wanted = targets.find((code) => uiLanguage.toLowerCase().startsWith(code.toLowerCase()) && code !== source);
  const target = wanted ?? (targets.includes('es') ? 'es' : (targets[0] ?? null));
  return { source, target };
}
