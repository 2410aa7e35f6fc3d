/**
 * The offline proofreader: spelling over Debian's Hunspell dictionaries (/usr/share/hunspell,
 * from the hunspell-* packages that scripts/setup.sh installs), and the grammar and style rules
 * of rules.ts. Every dictionary is read by the Hunspell program itself (hunspell.ts), which opens
 * one in well under a second. English, Spanish, French and German fall back to nspell, in this
 * process, when the program is missing: nspell expands every affix rule when it reads a
 * dictionary (French took about 15 s and a few hundred MB, against 0.2 s for Hunspell, measured
 * by `npm run bench -- ai-proofread`, with the same recall and fewer false alarms), and for
 * Portuguese and Italian it takes minutes, so they have no fallback.
 * Japanese and Chinese have no Hunspell dictionary: their spelling is a list of known
 * misspellings matched over the unsegmented text (confusions.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProofreadLanguage } from '@pagewright/contracts';
import nspell from 'nspell';
import { wordSpans } from '../detector/text.js';
import { ConfusionScanner, isConfusionLanguage, type ConfusionLanguage } from './confusions.js';
import { HunspellSpeller, hunspellInstalled, type WordVerdict } from './hunspell.js';
import { grammarFindings, type Finding } from './rules.js';

/** The Hunspell file of each language (Debian's names) and what reads it. */
export const DICTIONARIES: Record<Exclude<ProofreadLanguage, ConfusionLanguage>, { file: string; reader: 'nspell' | 'hunspell'; fallback?: 'nspell' }> = {
  en: { file: 'en_US', reader: 'hunspell', fallback: 'nspell' },
  es: { file: 'es_ES', reader: 'hunspell', fallback: 'nspell' },
  fr: { file: 'fr_FR', reader: 'hunspell', fallback: 'nspell' },
  de: { file: 'de_DE', reader: 'hunspell', fallback: 'nspell' },
  pt: { file: 'pt_BR', reader: 'hunspell' },
  it: { file: 'it_IT', reader: 'hunspell' },
};
const SUGGESTIONS = 5;

/** A dictionary's verdict on words, whichever program reads it. */
interface Speller {
  check(words: string[]): Promise<WordVerdict[]>;
}

/** nspell's speller as a Speller: a word that starts a sentence may be capitalised only there, so its lower-case form is checked too. */
function nspellSpeller(speller: ReturnType<typeof nspell>): Speller {
  return {
    check: (words) => Promise.resolve(words.map((word) => {
      if (speller.correct(word)) return { correct: true, suggestions: [] };
      if (word[0] !== word[0]!.toLowerCase() && speller.correct(word.toLowerCase())) return { correct: true, suggestions: [] };
      return { correct: false, suggestions: speller.suggest(word) };
    })),
  };
}

/** Words the dictionary cannot judge: numbers, codes, acronyms, addresses. */
function skipped(word: string): boolean {
  return /\d/.test(word) || (word.length > 1 && word === word.toUpperCase()) || word.length === 1;
}

/** The affix flags of a .dic entry, split as the .aff's FLAG line says (one character, two, or numbers). */
function flagsOf(flags: string, format: string): string[] {
  if (format === 'long') return flags.match(/../gsu) ?? [];
  if (format === 'num') return flags.split(',');
  return [...flags];
}

/**
 * Debian's dictionaries as nspell can read them. Hunspell allows two things nspell misreads:
 * morphological fields after a word ("le po:mg po:det" in French: nspell takes the whole line as
 * the word, so "le" is unknown), and homonyms on separate lines, where nspell keeps only the
 * last (German "schreiben" is listed as a verb and as a compound part: the second, compound-only
 * entry hid the verb). Fields are cut, and of homonyms the one usable on its own is kept.
 */
export function normaliseDictionary(aff: string, dic: string): string {
  const format = /^FLAG\s+(\S+)/m.exec(aff)?.[1] ?? 'char';
  const onlyInCompound = /^ONLYINCOMPOUND\s+(\S+)/m.exec(aff)?.[1];
  const entries = new Map<string, string>();
  const lines = dic.split(/\r?\n/);
  for (const line of lines.slice(1)) {
    const entry = line.split(/[\t ]/)[0];
    if (!entry) continue;
    const slash = entry.search(/(?<!\\)\//);
    const word = slash < 0 ? entry : entry.slice(0, slash);
    const earlier = entries.get(word);
    const compoundOnly = (e: string) => onlyInCompound !== undefined && e.includes('/') && flagsOf(e.slice(e.search(/(?<!\\)\//) + 1), format).includes(onlyInCompound);
    if (earlier === undefined || (compoundOnly(earlier) && !compoundOnly(entry))) entries.set(word, entry);
  }
  return `${entries.size}\n${[...entries.values()].join('\n')}\n`;
}

export class Proofreader {
  private readonly spellers = new Map<ProofreadLanguage, Promise<Speller>>();
  private readonly confusions = new Map<ConfusionLanguage, ConfusionScanner>();

  constructor(
    private readonly dictionaryDir = process.env.HUNSPELL_DIR ?? '/usr/share/hunspell',
    private readonly hunspellCommand = process.env.HUNSPELL_BIN ?? 'hunspell',
  ) {}

  private speller(language: Exclude<ProofreadLanguage, ConfusionLanguage>): Promise<Speller> {
    let speller = this.spellers.get(language);
    if (!speller) {
      const { file, reader, fallback } = DICTIONARIES[language];
      const base = path.join(this.dictionaryDir, file);
      const hunspell = reader === 'hunspell' && (fallback === undefined || hunspellInstalled(this.hunspellCommand));
      speller = hunspell
        ? Promise.resolve(new HunspellSpeller(base, this.hunspellCommand))
        : Promise.all([readFile(`${base}.aff`, 'utf8'), readFile(`${base}.dic`, 'utf8')])
          // A byte-order mark before SET hides the encoding line from nspell.
          .then(([aff, dic]) => nspellSpeller(nspell({ aff: aff.replace(/^\uFEFF/, ''), dic: normaliseDictionary(aff, dic.replace(/^\uFEFF/, '')) })));
      // A failed load is not cached: a dictionary installed later is found on the next call.
      speller.catch(() => this.spellers.delete(language));
      this.spellers.set(language, speller);
    }
    return speller;
  }

  async spelling(text: string, language: ProofreadLanguage): Promise<Finding[]> {
    if (isConfusionLanguage(language)) {
      let scanner = this.confusions.get(language);
      if (!scanner) this.confusions.set(language, scanner = ConfusionScanner.load(language));
      return scanner.scan(text);
    }
    const speller = await this.speller(language);
    const words = wordSpans(text).map((span) => ({ span, plain: span.text.replace(/’/g, "'") })).filter((w) => !skipped(w.plain));
    // Each distinct word is asked once: a long text repeats most of its words.
    const distinct = [...new Set(words.map((w) => w.plain))];
    const verdicts = new Map((await speller.check(distinct)).map((verdict, i) => [distinct[i]!, verdict]));
    const findings: Finding[] = [];
    for (const { span, plain } of words) {
      const verdict = verdicts.get(plain)!;
      if (verdict.correct) continue;
      findings.push({ kind: 'spelling', start: span.start, end: span.end, text: span.text, suggestions: verdict.suggestions.slice(0, SUGGESTIONS) });
    }
    return findings;
  }

  /** Ends the Hunspell processes (nspell's dictionaries are plain memory). */
  async close(): Promise<void> {
    const spellers = await Promise.allSettled([...this.spellers.values()]);
    for (const speller of spellers) if (speller.status === 'fulfilled' && speller.value instanceof HunspellSpeller) speller.value.close();
    this.spellers.clear();
  }

  /** Every finding in text order; a rule finding inside a misspelt word's span gives way to the spelling one. */
  async check(text: string, language: ProofreadLanguage): Promise<Finding[]> {
    const spelling = await this.spelling(text, language);
    const rules = grammarFindings(text, language).filter((f) => !spelling.some((s) => f.start < s.end && s.start < f.end && f.kind === 'agreement'));
    return [...spelling, ...rules].sort((a, b) => a.start - b.start || a.end - b.end);
  }
}
