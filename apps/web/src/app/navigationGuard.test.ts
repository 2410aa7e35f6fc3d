import type { SiteConfig } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { guardDecision, localizedLocation, splitLanguagePrefix, type GuardInput } from './navigationGuard';

const off: SiteConfig = { sister_sites: null, compress_redirect: false, ai_redirect: false, ocr_premium_only: false, share_permanent_premium_only: true };
const sites = { com: 'https://sister.example.com', 'com.br': 'https://sister.example.com.br', 'com.ru': 'https://sister.example.com.ru' };
const on: SiteConfig = { sister_sites: sites, compress_redirect: true, ai_redirect: true, ocr_premium_only: false, share_permanent_premium_only: true };

function decide(pathname: string, overrides: Partial<GuardInput> = {}) {
  const [path = '', query] = pathname.split('?');
  return guardDecision({
    pathname: path,
    search: query === undefined ? '' : `?${query}`,
    hash: '',
    currentLocale: null,
    siteConfig: off,
    tier: 'guest',
    browserLanguage: 'en-US',
    ...overrides,
  });
}

describe('language of a location', () => {
  it('takes the language from the first path segment', () => {
    expect(decide('/de/app/merge-pdf')).toEqual({ kind: 'render', locale: 'de' });
    expect(decide('/jp/app/merge-pdf')).toEqual({ kind: 'render', locale: 'ja' });
    expect(decide('/pt')).toEqual({ kind: 'render', locale: 'pt-br' });
  });

  it('lets the path prefix win over the lang parameter and the stored choice', () => {
    expect(decide('/fr/app?lang=de', { currentLocale: 'es' })).toEqual({ kind: 'render', locale: 'fr' });
  });

  it('takes the lang parameter when the path has no prefix, before the stored choice', () => {
    expect(decide('/app?lang=en', { currentLocale: 'de' })).toEqual({ kind: 'render', locale: 'en' });
    expect(decide('/app?lang=zh-CN', { currentLocale: 'de' })).toEqual({ kind: 'render', locale: 'zh-cn' });
  });

  it('falls back to the stored choice, then English, ignoring an unknown lang parameter', () => {
    expect(decide('/app?lang=xx')).toEqual({ kind: 'render', locale: 'en' });
    expect(decide('/app?lang=xx', { currentLocale: 'zh-cn' })).toEqual({ kind: 'render', locale: 'zh-cn' });
  });

  it('renders zh-cn without a prefix, since §2 gives it none', () => {
    expect(decide('/app/merge-pdf', { currentLocale: 'zh-cn' })).toEqual({ kind: 'render', locale: 'zh-cn' });
  });
});

describe('prefix redirects', () => {
  it('moves a non-English language without its prefix to the prefixed path, keeping the query', () => {
    expect(decide('/app/merge-pdf?from=mail&x=1', { currentLocale: 'de' }))
      .toEqual({ kind: 'redirect', to: '/de/app/merge-pdf?from=mail&x=1', locale: 'de' });
    expect(decide('/?lang=jp')).toEqual({ kind: 'redirect', to: '/jp?lang=jp', locale: 'ja' });
    expect(decide('/app', { currentLocale: 'pt-br' })).toEqual({ kind: 'redirect', to: '/pt/app', locale: 'pt-br' });
  });

  it('moves /en/... to the unprefixed path in English', () => {
    expect(decide('/en/app/split-pdf?a=1', { currentLocale: 'de' })).toEqual({ kind: 'redirect', to: '/app/split-pdf?a=1', locale: 'en' });
    expect(decide('/en')).toEqual({ kind: 'redirect', to: '/', locale: 'en' });
  });

  it('keeps English at the unprefixed path', () => {
    expect(decide('/app/merge-pdf?x=1', { currentLocale: 'en' })).toEqual({ kind: 'render', locale: 'en' });
  });
});

describe('compress sister-site redirect', () => {
  it('leaves compress routes alone when switched off', () => {
    expect(decide('/app/compress-pdf', { siteConfig: { ...on, compress_redirect: false } })).toEqual({ kind: 'render', locale: 'en' });
    expect(decide('/de/app/image-compressor')).toEqual({ kind: 'render', locale: 'de' });
  });

  it('sends compress-pdf and image-compressor to the sister site with source appended when on', () => {
    expect(decide('/app/compress-pdf?x=1', { siteConfig: on }))
      .toEqual({ kind: 'external', url: 'https://sister.example.com/app/compress-pdf?x=1&source=pagewright' });
    expect(decide('/de/app/image-compressor', { siteConfig: on }))
      .toEqual({ kind: 'external', url: 'https://sister.example.com/de/app/image-compressor?source=pagewright' });
  });

  it('picks .com.br for Portuguese and .com.ru for a Russian browser', () => {
    expect(decide('/pt/app/compress-pdf', { siteConfig: on }))
      .toEqual({ kind: 'external', url: 'https://sister.example.com.br/pt/app/compress-pdf?source=pagewright' });
    expect(decide('/app/compress-pdf', { siteConfig: on, browserLanguage: 'ru-RU' }))
      .toEqual({ kind: 'external', url: 'https://sister.example.com.ru/app/compress-pdf?source=pagewright' });
  });

  it('waits for the site configuration on a compress route only', () => {
    expect(decide('/app/compress-pdf', { siteConfig: null })).toEqual({ kind: 'wait', locale: 'en' });
    expect(decide('/app/merge-pdf', { siteConfig: null })).toEqual({ kind: 'render', locale: 'en' });
  });
});

describe('non-member AI redirect', () => {
  it('leaves the AI routes alone when switched off', () => {
    expect(decide('/app/chat-pdf', { siteConfig: { ...on, ai_redirect: false } })).toEqual({ kind: 'render', locale: 'en' });
  });

  it('sends guests and free users opening the English AI translator, detector or chat-pdf to the sister site', () => {
    expect(decide('/app/ai-translator', { siteConfig: on, tier: 'guest' }))
      .toEqual({ kind: 'external', url: 'https://sister.example.com/app/ai-translator?source=pagewright' });
    expect(decide('/app/ai-detector', { siteConfig: on, tier: 'nonMember' }).kind).toBe('external');
    expect(decide('/app/chat-pdf?id=3', { siteConfig: on, tier: 'nonMember' }))
      .toEqual({ kind: 'external', url: 'https://sister.example.com/app/chat-pdf?id=3&source=pagewright' });
  });

  it('keeps members, other languages and other AI pages on this site', () => {
    for (const tier of ['toolMember', 'aiMember', 'Member'] as const) {
      expect(decide('/app/chat-pdf', { siteConfig: on, tier })).toEqual({ kind: 'render', locale: 'en' });
    }
    expect(decide('/de/app/chat-pdf', { siteConfig: on })).toEqual({ kind: 'render', locale: 'de' });
    expect(decide('/app/ai-read', { siteConfig: on })).toEqual({ kind: 'render', locale: 'en' });
  });

  it('waits for the account before deciding', () => {
    expect(decide('/app/ai-translator', { siteConfig: on, tier: null })).toEqual({ kind: 'wait', locale: 'en' });
  });
});

describe('path helpers', () => {
  it('splits a language prefix off the path', () => {
    expect(splitLanguagePrefix('/de/app/x')).toEqual({ prefix: 'de', rest: '/app/x' });
    expect(splitLanguagePrefix('/de')).toEqual({ prefix: 'de', rest: '/' });
    expect(splitLanguagePrefix('/design/app')).toEqual({ prefix: null, rest: '/design/app' });
    expect(splitLanguagePrefix('/')).toEqual({ prefix: null, rest: '/' });
  });

  it('builds the same page in another language without the lang parameter', () => {
    expect(localizedLocation('/de/app/merge-pdf', '?lang=de&x=1', '#top', 'fr')).toBe('/fr/app/merge-pdf?x=1#top');
    expect(localizedLocation('/jp', '', '', 'en')).toBe('/');
    expect(localizedLocation('/app', '', '', 'zh-cn')).toBe('/app');
    expect(localizedLocation('/', '', '', 'es')).toBe('/es');
  });
});
