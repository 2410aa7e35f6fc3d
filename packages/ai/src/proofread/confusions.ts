/**
 * Spelling for Japanese and Chinese: Debian ships no Hunspell dictionary for them, and a word
 * list needs words, which unsegmented text does not mark. Instead a list of known misspellings
 * (data/proofread/confusions-ja.tsv and -zh.tsv, written for Pagewright; see the README there)
 * is matched anywhere in the text with a character trie, leftmost and longest first. Only forms
 * that are never right are listed, so a match is a finding; correct text that happens to
 * contain a listed form across a word boundary (Chinese 按装箱单: 按 + 装箱单) is listed too,
 * marked "=", and being the longer match it hides the shorter one.
 */
import { readFileSync } from 'node:fs';
import type { Finding } from './rules.js';

export const CONFUSION_LANGUAGES = ['ja', 'zh'] as const;
export type ConfusionLanguage = (typeof CONFUSION_LANGUAGES)[number];

interface TrieNode {
  next: Map<string, TrieNode>;
  /** The correct form when a listed form ends here; null for a correct phrase kept as written. */
  right?: string | null;
}

export interface ConfusionEntry {
  wrong: string;
  /** null: a correct phrase that contains a listed wrong form (its "=" lines). */
  right: string | null;
}

/** The entries of a list file: "wrong<TAB>right" or "phrase<TAB>=", with # comments and blank lines. */
export function parseConfusions(source: string): ConfusionEntry[] {
  const entries: ConfusionEntry[] = [];
  for (const [index, line] of source.split(/\r?\n/).entries()) {
    if (!line.trim() || line.startsWith('#')) continue;
    const [wrong, right, extra] = line.split('\t');
    if (!wrong || !right || extra !== undefined || wrong === right) throw new Error(`confusion list line ${index + 1}: "${line}" is not "wrong<TAB>right"`);
    entries.push({ wrong, right: right === '=' ? null : right });
  }
  return entries;
}

export class ConfusionScanner {
  private readonly root: TrieNode = { next: new Map() };
  readonly size: number;

  constructor(entries: ConfusionEntry[]) {
    for (const { wrong, right } of entries) {
      let node = this.root;
      for (const char of wrong) {
        let child = node.next.get(char);
        if (!child) node.next.set(char, child = { next: new Map() });
        node = child;
      }
      node.right = right;
    }
    this.size = entries.filter((e) => e.right !== null).length;
  }

  /**
   * Spelling findings for every listed wrong form in the text: from each position the longest
   * listed form is taken and the scan goes on after it (a form inside a longer one is not
   * reported twice). Offsets are the string's UTF-16 indices, as the page's are. A trie walk
   * from each position costs the length of the longest entry at most (a dozen characters), so
   * Aho–Corasick's failure links would save little here.
   */
  scan(text: string): Finding[] {
    const findings: Finding[] = [];
    let start = 0;
    while (start < text.length) {
      let node: TrieNode | undefined = this.root;
      let at = start;
      let longest: { end: number; right: string | null } | null = null;
      while (node && at < text.length) {
        const char = String.fromCodePoint(text.codePointAt(at)!);
        node = node.next.get(char);
        at += char.length;
        if (node?.right !== undefined) longest = { end: at, right: node.right };
      }
      if (!longest) {
        start += String.fromCodePoint(text.codePointAt(start)!).length;
        continue;
      }
      if (longest.right !== null) findings.push({ kind: 'spelling', start, end: longest.end, text: text.slice(start, longest.end), suggestions: [longest.right] });
      start = longest.end;
    }
    return findings;
  }

  /** The shipped list of a language: data/proofread/ beside src/ and dist/ alike. */
  static load(language: ConfusionLanguage, dataDir = new URL('../../data/proofread/', import.meta.url)): ConfusionScanner {
    return new ConfusionScanner(parseConfusions(readFileSync(new URL(`confusions-${language}.tsv`, dataDir), 'utf8')));
  }
}

export function isConfusionLanguage(language: string): language is ConfusionLanguage {
  return (CONFUSION_LANGUAGES as readonly string[]).includes(language);
}
