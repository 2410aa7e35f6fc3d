/**
 * Prices as the pricing page and the pay dialog show them (SPEC §9): in the currency of the
 * page's language, written the way the reader's locale writes money.
 */
import { currencyOfLanguage, type Currency, type PricingLanguage } from '@pagewright/contracts';

/** The pricing language of a path prefix (SPEC §2); English and unprefixed paths are 'en'. */
export function pricingLanguageOf(prefix: string | null): PricingLanguage {
  switch (prefix) {
    case 'de':
    case 'jp':
    case 'fr':
    case 'es':
    case 'pt':
      return prefix;
    default:
      return 'en';
  }
}

export function currencyOf(lang: PricingLanguage): Currency {
  return currencyOfLanguage[lang];
}

/**
 * An amount with its currency sign in the locale's way: whole amounts without decimals
 * ($6, 8 €), others with two (5,99 €); the yen has no minor unit.
 */
export function formatPrice(amount: number, currency: Currency, locale: string): string {
  const whole = Number.isInteger(amount);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: whole || currency === 'JPY' ? 0 : 2,
    maximumFractionDigits: currency === 'JPY' ? 0 : 2,
  }).format(amount);
}

/** What an annual price comes to per month, to the nearest cent (SPEC §9: 39.95 a year is 3.33 a month). */
export function monthlyShare(annual: number, currency: Currency): number {
  if (currency === 'JPY') return Math.round(annual / 12);
  return Math.round((annual / 12) * 100) / 100;
}

/** The saving of a price against a reference price, in whole percent (0 when there is none). */
export function savingPercent(price: number, reference: number): number {
  if (reference <= 0 || price >= reference) return 0;
  return Math.round((1 - price / reference) * 100);
}
