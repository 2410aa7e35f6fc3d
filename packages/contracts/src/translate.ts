/**
 * The document translator of SPEC §1 and §2 (ai-translator): a whole PDF translated into
 * another language, given back as a PDF that keeps the page's layout, as a bilingual PDF (each
 * original page followed by its translation), or as the translated text in DOCX. Offline it
 * offers the language pairs of the Apertium packages installed on the server, and only those;
 * with an OpenAI-compatible endpoint it offers the 52 languages of SPEC §9 in any direction.
 * A translation runs as a task (progress, result and download as every file tool's).
 */
import { z } from 'zod';
import { taskCreated } from './api.js';
import { aiProviderName, policyName } from './ai.js';
import { route } from './route.js';

/** The translator's languages (SPEC §9: about 52), as BCP 47 tags; names come from the browser's Intl.DisplayNames. */
export const translatorLanguageCodes = [
  'en', 'es', 'ca', 'pt', 'fr', 'it', 'de', 'nl', 'sv', 'da', 'nb', 'fi', 'is', 'pl', 'cs', 'sk', 'sl',
  'hr', 'sr', 'bg', 'ro', 'hu', 'el', 'ru', 'uk', 'lt', 'lv', 'et', 'tr', 'ar', 'he', 'fa', 'ur',
  'hi', 'bn', 'ta', 'te', 'mr', 'gu', 'th', 'vi', 'id', 'ms', 'fil', 'zh-CN', 'zh-TW', 'ja', 'ko',
  'sw', 'af', 'eu', 'gl',
] as const;
export type TranslatorLanguage = (typeof translatorLanguageCodes)[number];
export const translatorLanguage = z.enum(translatorLanguageCodes);

/** Languages written right to left: their translations are laid out from the right edge of each box. */
export const rightToLeftLanguages: readonly TranslatorLanguage[] = ['ar', 'he', 'fa', 'ur'];

/** Languages written without spaces between words: Chinese and Japanese lines break between any two characters (not before closing punctuation), Thai lines between its words (the engine's fit.ts). */
export const unspacedLanguages: readonly TranslatorLanguage[] = ['zh-CN', 'zh-TW', 'ja', 'th'];

/** What the translator gives back: the PDF in place, the bilingual PDF, or the translated text as DOCX. */
export const translationLayouts = ['translated', 'bilingual', 'docx'] as const;
export type TranslationLayoutName = (typeof translationLayouts)[number];

export const languagePair = z.object({ source: translatorLanguage, target: translatorLanguage });
export type LanguagePair = z.infer<typeof languagePair>;

/**
 * What this server translates: the provider, and the pairs it offers. Offline these are the
 * installed Apertium pairs (possibly none); with an endpoint every pair of two different
 * languages of the list, which `any_pair` says instead of listing 2,652 pairs.
 */
export const translatorLanguagesInfo = z.object({
  provider: aiProviderName,
  any_pair: z.boolean(),
  languages: z.array(translatorLanguage),
  pairs: z.array(languagePair),
});
export type TranslatorLanguagesInfo = z.infer<typeof translatorLanguagesInfo>;

export const translateRequest = z.object({
  file_id: z.string().min(1).max(64),
  password: z.string().max(200).optional(),
  source_lang: translatorLanguage,
  target_lang: translatorLanguage,
  layout: z.enum(translationLayouts).default('translated'),
  policy_name: policyName,
});
export type TranslateRequest = z.infer<typeof translateRequest>;

export const translateRoutes = {
  translatorLanguages: route({
    method: 'GET', path: '/v2/translate/languages', auth: 'user',
    summary: 'The languages and pairs the document translator offers on this server (the installed Apertium pairs offline).',
    response: translatorLanguagesInfo,
  }),
  translateDocument: route({
    method: 'POST', path: '/v2/translate/document', auth: 'user',
    summary: 'Translates a PDF into another language as a task: the PDF with its layout kept, a bilingual PDF, or DOCX.',
    body: translateRequest, response: taskCreated,
  }),
};
