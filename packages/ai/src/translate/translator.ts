/**
 * The document translator's engine, chosen like the other AI features: Apertium offline (the
 * installed pairs only), or the OpenAI-compatible endpoint (the 52 languages in any direction).
 */
import { CatalogueError, translatorLanguageCodes, type AiProviderName, type TranslatorLanguagesInfo } from '@pagewright/contracts';
import type { ProviderSettings } from '../provider.js';
import { estimateTokens } from '../tokens.js';
import { apertiumPairs, translateWithApertium, type ApertiumOptions, type ApertiumPair } from './apertium.js';
import { translateWithEndpoint } from './endpoint.js';

export interface TranslationResult {
  texts: string[];
  /** Tokens counted for the month's AI allowance: the endpoint's usage, or an estimate of the text offline. */
  tokens: number;
}

export interface Translator {
  readonly provider: AiProviderName;
  languages(): Promise<TranslatorLanguagesInfo>;
  /** Throws TRANSLATE_PAIR_UNAVAILABLE for a pair this server does not translate. */
  translate(texts: readonly string[], source: string, target: string, signal?: AbortSignal): Promise<TranslationResult>;
}

export function createTranslator(settings: ProviderSettings, apertium: ApertiumOptions = {}): Translator {
  if (settings.kind === 'openai') {
    const { kind: _kind, ...openai } = settings;
    return {
      provider: 'openai',
      languages: async () => ({ provider: 'openai', any_pair: true, languages: [...translatorLanguageCodes], pairs: [] }),
      async translate(texts, source, target, signal) {
        if (source === target) throw new CatalogueError('TRANSLATE_PAIR_UNAVAILABLE', `${source} to ${target}`);
        return translateWithEndpoint(openai, texts, source, target, signal);
      },
    };
  }
  // The installed packages do not change while the server runs: listed once.
  let pairs: Promise<ApertiumPair[]> | undefined;
  const installed = () => (pairs ??= apertiumPairs(apertium));
  return {
    provider: 'offline',
    async languages() {
      const list = await installed();
      const languages = translatorLanguageCodes.filter((code) => list.some((p) => p.source === code || p.target === code));
      return { provider: 'offline', any_pair: false, languages, pairs: list.map(({ source, target }) => ({ source, target })) };
    },
    async translate(texts, source, target, signal) {
      const pair = (await installed()).find((p) => p.source === source && p.target === target);
      if (!pair) throw new CatalogueError('TRANSLATE_PAIR_UNAVAILABLE', `no Apertium pair ${source} to ${target} is installed`);
      const translated = await translateWithApertium(pair.mode, texts, { ...apertium, ...(signal ? { signal } : {}) });
      return { texts: translated, tokens: texts.reduce((sum, text) => sum + estimateTokens(text), 0) };
    },
  };
}
