import type { ChatLanguage } from '@pagewright/contracts';

/** The chat language that matches the interface language, for a first question (SPEC §9: 12 chat languages). */
const byLocale: Record<string, ChatLanguage> = {
  en: 'en', de: 'de', es: 'es', fr: 'fr', ja: 'ja', 'pt-br': 'pt', 'zh-cn': 'zh-cn',
};

export function defaultChatLanguage(locale: string): ChatLanguage {
  return byLocale[locale.toLowerCase()] ?? 'en';
}
