import type { ShellConfig, StoreLinks, StoreVariant } from '@pagewright/contracts';

/**
 * Which mobile-store links the promo banner shows (SPEC §9: by language and country, with
 * Spanish and Brazilian variants): Brazil by country or the pt-br locale, Spanish by locale.
 */
export function storeVariant(locale: string, country: string): StoreVariant {
  if (country.toUpperCase() === 'BR' || locale.toLowerCase() === 'pt-br') return 'br';
  if (locale.toLowerCase().startsWith('es')) return 'es';
  return 'default';
}

/** The variant's links, each falling back to the default variant's when the operator left it out. */
export function storeLinksFor(config: ShellConfig, variant: StoreVariant): StoreLinks {
  const own = config.mobile_store[variant];
  const fallback = config.mobile_store.default;
  return { android: own.android || fallback.android, ios: own.ios || fallback.ios };
}
