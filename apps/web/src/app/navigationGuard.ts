/**
 * The navigation guard of SPEC §2 as one pure decision, so every rule is tested without a
 * browser: which language a path is shown in, when it moves to its language prefix, and when
 * it leaves for the sister site.
 */
import { sisterSiteSource, type SiteConfig, type SisterSiteDomain, type Tier } from '@pagewright/contracts';
import { isPathPrefix, localeFromTag, pathPrefixes, prefixOf, type Locale } from '../i18n/localeTags';

export interface GuardInput {
  pathname: string;
  /** The query with its leading '?', or ''. */
  search: string;
  hash: string;
  /** The stored choice, or null when the visitor never chose (then English). */
  currentLocale: Locale | null;
  /** The public site configuration; null while it is still being read. */
  siteConfig: SiteConfig | null;
  /** The visitor's tier; null until the first user-info read answered. */
  tier: Tier | null;
  /** The browser's language (navigator.language), which picks the sister site's .com.ru domain. */
  browserLanguage: string;
}

export type GuardDecision =
  /** Show the route in this language. */
  | { kind: 'render'; locale: Locale }
  /** Replace the location inside the app; the target shows `locale`, remembered before moving. */
  | { kind: 'redirect'; to: string; locale: Locale }
  /** Leave for the sister site. */
  | { kind: 'external'; url: string }
  /** A redirect may apply but the site configuration or the account is not known yet. */
  | { kind: 'wait'; locale: Locale };

/** The first path segment split off when it is a language prefix (or 'en', which has none). */
export function splitLanguagePrefix(pathname: string): { prefix: keyof typeof pathPrefixes | 'en' | null; rest: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const segment = match?.[1];
  if (segment !== undefined && (isPathPrefix(segment) || segment === 'en')) {
    return { prefix: segment, rest: match?.[2] ?? '/' };
  }
  return { prefix: null, rest: pathname };
}

/** The path of the same page in another language: its prefix swapped, the `lang` parameter dropped. */
export function localizedLocation(pathname: string, search: string, hash: string, locale: Locale): string {
  const { rest } = splitLanguagePrefix(pathname);
  const prefix = prefixOf(locale);
  const path = prefix ? `/${prefix}${rest === '/' ? '' : rest}` : rest;
  const params = new URLSearchParams(search);
  params.delete('lang');
  const query = params.toString();
  return `${path}${query ? `?${query}` : ''}${hash}`;
}

const compressPages = new Set(['compress-pdf', 'image-compressor']);
const aiPages = new Set(['ai-translator', 'ai-detector', 'chat-pdf']);
/** Tiers of SPEC §3 without either membership. */
const nonMemberTiers: ReadonlySet<Tier> = new Set(['guest', 'nonMember']);

function appPage(rest: string): string | null {
  return /^\/app\/([^/]+)\/?$/.exec(rest)?.[1] ?? null;
}

/** The sister site's domain ending of SPEC §2: .com.br for Portuguese, .com.ru for a Russian browser, else .com. */
export function sisterSiteDomain(locale: Locale, browserLanguage: string): SisterSiteDomain {
  if (locale === 'pt-br') return 'com.br';
  if (/^ru\b/i.test(browserLanguage)) return 'com.ru';
  return 'com';
}

/** The same path and query on the sister site, with source={product} appended. */
export function sisterSiteUrl(base: string, pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.append('source', sisterSiteSource);
  return `${base}${pathname}?${params.toString()}`;
}

export function guardDecision(input: GuardInput): GuardDecision {
  const { pathname, search, hash } = input;
  const { prefix, rest } = splitLanguagePrefix(pathname);
  // English has no prefix: /en/... is the unprefixed page.
  if (prefix === 'en') return { kind: 'redirect', to: localizedLocation(pathname, search, hash, 'en'), locale: 'en' };

  const locale = prefix
    ? pathPrefixes[prefix]
    : localeFromTag(new URLSearchParams(search).get('lang')) ?? input.currentLocale ?? 'en';
  const wanted = prefixOf(locale);
  if (wanted && prefix !== wanted) {
    return { kind: 'redirect', to: `/${wanted}${rest === '/' ? '' : rest}${search}${hash}`, locale };
  }

  const page = appPage(rest);
  const candidate = page !== null && (compressPages.has(page) || (aiPages.has(page) && locale === 'en'));
  if (!candidate) return { kind: 'render', locale };
  const config = input.siteConfig;
  if (!config) return { kind: 'wait', locale };
  const sites = config.sister_sites;
  if (!sites) return { kind: 'render', locale };
  if (compressPages.has(page) && config.compress_redirect) {
    return { kind: 'external', url: sisterSiteUrl(sites[sisterSiteDomain(locale, input.browserLanguage)], pathname, search) };
  }
  if (aiPages.has(page) && config.ai_redirect) {
    if (input.tier === null) return { kind: 'wait', locale };
    if (nonMemberTiers.has(input.tier)) {
      return { kind: 'external', url: sisterSiteUrl(sites[sisterSiteDomain(locale, input.browserLanguage)], pathname, search) };
    }
  }
  return { kind: 'render', locale };
}
