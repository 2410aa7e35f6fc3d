import { describe, expect, it } from 'vitest';
import type { TranslatorLanguagesInfo } from '@pagewright/contracts';
import { defaultPair, languageName, sourceLanguages, targetLanguages } from './languagePairs';

const offline: TranslatorLanguagesInfo = {
  provider: 'offline', any_pair: false, languages: ['en', 'es', 'ca', 'pt'],
  pairs: [{ source: 'en', target: 'es' }, { source: 'es', target: 'en' }, { source: 'en', target: 'ca' }, { source: 'es', target: 'pt' }],
};

describe('translator language lists', () => {
  it('offers offline only the sources and targets of installed pairs', () => {
    expect(sourceLanguages(offline)).toEqual(['en', 'es']);
    expect(targetLanguages(offline, 'en')).toEqual(['es', 'ca']);
    expect(targetLanguages(offline, 'es')).toEqual(['en', 'pt']);
  });

  it('offers every other language as a target with an endpoint', () => {
    const online: TranslatorLanguagesInfo = { provider: 'openai', any_pair: true, languages: ['en', 'es', 'ar'], pairs: [] };
    expect(targetLanguages(online, 'en')).toEqual(['es', 'ar']);
  });

  it('preselects English to Spanish, or the page language when a pair reaches it', () => {
    expect(defaultPair(offline, 'fr')).toEqual({ source: 'en', target: 'es' });
    expect(defaultPair(offline, 'ca')).toEqual({ source: 'en', target: 'ca' });
  });

  it('names a language in the page language', () => {
    expect(languageName('es', 'en')).toBe('Spanish');
  });
});
