import { describe, expect, it } from 'vitest';
import { currencyOf, formatPrice, monthlyShare, pricingLanguageOf, savingPercent } from './priceFormat';

// Intl puts a narrow no-break space between the amount and a trailing sign in some locales.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('pricing language and currency (SPEC §9)', () => {
  it('reads the pricing language from the path prefix, English without one', () => {
    expect(pricingLanguageOf('de')).toBe('de');
    expect(pricingLanguageOf('jp')).toBe('jp');
    expect(pricingLanguageOf(null)).toBe('en');
  });

  it('prices English in USD, German, French and Spanish in EUR, Japanese in JPY, Portuguese in BRL', () => {
    expect(['en', 'de', 'fr', 'es', 'jp', 'pt'].map((lang) => currencyOf(pricingLanguageOf(lang)))).toEqual(['USD', 'EUR', 'EUR', 'EUR', 'JPY', 'BRL']);
  });
});

describe('price formatting', () => {
  it('writes whole dollar amounts without decimals and others with two', () => {
    expect(formatPrice(6, 'USD', 'en')).toBe('$6');
    expect(formatPrice(5.99, 'USD', 'en')).toBe('$5.99');
    expect(formatPrice(9.9, 'USD', 'en')).toBe('$9.90');
  });

  it('writes euros the German way, with a decimal comma and the sign after', () => {
    expect(plain(formatPrice(5.95, 'EUR', 'de'))).toBe('5,95 €');
    expect(plain(formatPrice(62, 'EUR', 'de'))).toBe('62 €');
  });

  it('writes yen without a minor unit', () => {
    expect(formatPrice(7200, 'JPY', 'ja')).toMatch(/^[¥￥]7,200$/);
  });

  it('writes reais the Brazilian way', () => {
    expect(plain(formatPrice(29.9, 'BRL', 'pt-BR'))).toBe('R$ 29,90');
  });
});

describe('annual prices per month and savings', () => {
  it('gives 39.95 a year as 3.33 a month, as the spec copy does', () => {
    expect(monthlyShare(39.95, 'USD')).toBe(3.33);
  });

  it('keeps yen per month whole', () => {
    expect(monthlyShare(7200, 'JPY')).toBe(600);
  });

  it('gives the annual pro saving against its crossed-out price', () => {
    expect(savingPercent(48, 72)).toBe(33);
    expect(savingPercent(72, 72)).toBe(0);
  });
});
