import { errorCatalogue, messageFor, pageRangeMessages, type CatalogueEntry } from '@pagewright/contracts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { locales } from './localeTags';

type Tree = { [key: string]: string | Tree };

function read(locale: string): Tree {
  return JSON.parse(readFileSync(new URL(`./locales/${locale}.json`, import.meta.url), 'utf8')) as Tree;
}

/** Every string of a locale file by its dotted key. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** What a translation must carry over unchanged: {{placeholders}}, <tags> and $t() nestings. */
function tokens(text: string): string[] {
  return (text.match(/\{\{[^}]+\}\}|<\/?[a-zA-Z0-9]+\s*\/?>|\$t\([^)]*\)/g) ?? []).sort();
}

const english = flatten(read('en'));

describe.each(locales.filter((l) => l !== 'en'))('locale %s', (locale) => {
  const strings = flatten(read(locale));

  it('has every key of en.json and no other', () => {
    const missing = [...english.keys()].filter((k) => !strings.has(k));
    const extra = [...strings.keys()].filter((k) => !english.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('keeps the placeholders and tags of each English string', () => {
    const wrong = [...english].filter(([k, v]) => strings.has(k) && tokens(strings.get(k) ?? '').join() !== tokens(v).join());
    expect(wrong.map(([k]) => k)).toEqual([]);
  });

  it('has no empty string', () => {
    expect([...strings].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
  });
});

/**
 * The catalogue codes a user can be shown (SPEC §8: every code but the silent ERR_CANCELED),
 * taken from contracts, not from en.json, so a new catalogue code without translations fails.
 */
const shownCodes = Object.entries(errorCatalogue as Record<string, CatalogueEntry>)
  .filter(([, entry]) => entry.silent !== true)
  .map(([code]) => code);

/**
 * Translations that may write a number of the English text differently; every other one keeps
 * each number (limits such as 20 MB, 500 questions or 15 minutes) so a changed limit shows up.
 */
const numbersWrittenOtherwise: Partial<Record<string, string[]>> = {
  // 100 megapixels is 1 亿像素.
  'zh-cn': ['IMAGE_TOO_MANY_PIXELS'],
};

const numbers = (text: string): string[] => (text.match(/\d+/g) ?? []).sort();

describe.each(locales)('error messages in %s', (locale) => {
  const strings = flatten(read(locale));

  it('has errors.<code> for every shown catalogue code and no other', () => {
    const missing = shownCodes.filter((code) => (strings.get(`errors.${code}`) ?? '').trim() === '');
    const extra = [...strings.keys()]
      .filter((k) => k.startsWith('errors.'))
      .map((k) => k.slice('errors.'.length))
      .filter((code) => !shownCodes.includes(code));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it('keeps the numbers of the catalogue message', () => {
    const exempt: string[] = numbersWrittenOtherwise[locale] ?? [];
    const wrong = shownCodes.filter((code) => {
      if (exempt.includes(code)) return false;
      const text = strings.get(`errors.${code}`) ?? '';
      return !numbers(messageFor(code)).every((n) => numbers(text).includes(n));
    });
    expect(wrong).toEqual([]);
  });
});

describe('English error messages', () => {
  const strings = flatten(read('en'));

  it('are the catalogue messages, word for word', () => {
    const drifted = shownCodes.filter((code) => strings.get(`errors.${code}`) !== messageFor(code));
    expect(drifted).toEqual([]);
  });

  it('include the page-range messages of contracts, word for word', () => {
    for (const [name, message] of Object.entries(pageRangeMessages)) {
      expect(strings.get(`validation.${name}`), name).toBe(message);
    }
  });
});
