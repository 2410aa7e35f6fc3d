import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatFileSize, formatNumber } from './format';
import de from './locales/de.json';
import en from './locales/en.json';
import fr from './locales/fr.json';
import ja from './locales/ja.json';

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en }, fr: { translation: fr }, de: { translation: de }, ja: { translation: ja } },
  });
});

// Intl separates a French number from its unit and its thousands with narrow/regular no-break spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatFileSize', () => {
  it('uses B, KB, MB and GB in steps of 1,024 in English', () => {
    expect(plain(formatFileSize(512, 'en'))).toBe('512 B');
    expect(plain(formatFileSize(1536, 'en'))).toBe('1.5 KB');
    expect(plain(formatFileSize(20 * 1024 * 1024, 'en'))).toBe('20 MB');
    expect(plain(formatFileSize(10 * 1024 ** 3, 'en'))).toBe('10 GB');
  });

  it('uses o, Ko, Mo and Go with a decimal comma in French', () => {
    expect(plain(formatFileSize(512, 'fr'))).toBe('512 o');
    expect(plain(formatFileSize(1536, 'fr'))).toBe('1,5 Ko');
    expect(plain(formatFileSize(2.5 * 1024 * 1024, 'fr'))).toBe('2,5 Mo');
    expect(plain(formatFileSize(10 * 1024 ** 3, 'fr'))).toBe('10 Go');
  });

  it('keeps the units B, KB, MB, GB in German and Japanese', () => {
    expect(plain(formatFileSize(1536, 'de'))).toBe('1,5 KB');
    expect(plain(formatFileSize(3 * 1024 * 1024, 'ja'))).toBe('3 MB');
  });

  it('follows the language showing when no locale is given', async () => {
    await i18next.changeLanguage('fr');
    expect(plain(formatFileSize(1536))).toBe('1,5 Ko');
    await i18next.changeLanguage('en');
    expect(plain(formatFileSize(1536))).toBe('1.5 KB');
  });
});

describe('formatNumber and formatDate', () => {
  it('groups thousands the way each language does', () => {
    expect(formatNumber(1234567.5, 'en')).toBe('1,234,567.5');
    expect(formatNumber(1234567.5, 'de')).toBe('1.234.567,5');
    expect(plain(formatNumber(1234567.5, 'fr'))).toBe('1 234 567,5');
  });

  it('writes a day in each language’s order and words', () => {
    const day = Date.UTC(2025, 2, 3, 12);
    expect(formatDate(day, 'en')).toBe('Mar 3, 2025');
    expect(formatDate(day, 'de')).toBe('03.03.2025');
    expect(formatDate(day, 'fr')).toBe('3 mars 2025');
    expect(formatDate(day, 'ja')).toBe('2025/03/03');
  });
});
