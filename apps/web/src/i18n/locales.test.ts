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
