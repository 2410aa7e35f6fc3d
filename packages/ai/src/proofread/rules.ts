/**
 * Grammar and style rules of the proofreader: patterns, not a parser, so each is narrow on
 * purpose and says what it found. Repeated words apply to every language, punctuation spacing
 * to every one but Japanese and Chinese; agreement, passive voice and the a/an rule are English only. Long sentences are
 * flagged in every language but Japanese and Chinese, which get cjkRules.ts instead.
 */
import type { FindingKind, ProofreadLanguage } from '@pagewright/contracts';
import { sentenceSpans, wordTokens } from '../detector/text.js';
import { cjkFindings } from './cjkRules.js';

export interface Finding {
  kind: FindingKind;
  start: number;
  end: number;
  text: string;
  suggestions: string[];
}

/** Sentences longer than this many words get a hint (plain-language guides put the line near 25–35). */
export const LONG_SENTENCE_WORDS = 35;

/** Doubles that English grammar allows ("had had", "that that"). */
const ALLOWED_DOUBLES: Partial<Record<ProofreadLanguage, Set<string>>> = { en: new Set(['had', 'that']), de: new Set(['die', 'der', 'das']) };

function at(text: string, start: number, end: number, kind: FindingKind, suggestions: string[]): Finding {
  return { kind, start, end, text: text.slice(start, end), suggestions };
}

export function repeatedWords(text: string, language: ProofreadLanguage): Finding[] {
  const findings: Finding[] = [];
  for (const m of text.matchAll(/(?<![\p{L}\p{N}])([\p{L}]+)(\s+)\1(?![\p{L}\p{N}])/giu)) {
    const word = m[1]!;
    if (ALLOWED_DOUBLES[language]?.has(word.toLowerCase())) continue;
    findings.push(at(text, m.index, m.index + m[0].length, 'repeated-word', [word]));
  }
  return findings;
}

export function punctuationSpacing(text: string, language: ProofreadLanguage): Finding[] {
  const findings: Finding[] = [];
  // French sets a (thin) space before ; : ! ? — only the comma and the full stop are checked there.
  const before = language === 'fr' ? /(\p{L})([ \t]+)([,.])(?=\s|$)/gu : /(\p{L})([ \t]+)([,.;:!?])(?=\s|$)/gu;
  for (const m of text.matchAll(before)) {
    const start = m.index + m[1]!.length;
    findings.push(at(text, start, start + m[2]!.length + 1, 'punctuation-spacing', [m[3]!]));
  }
  // A comma, semicolon or colon glued to the next word (not 3,5 or 10:30, nor a web address).
  for (const m of text.matchAll(/(\p{L})([,;])(\p{L})/gu)) {
    const start = m.index + 1;
    findings.push(at(text, start, start + 1, 'punctuation-spacing', [`${m[2]!} `]));
  }
  // A sentence's full stop glued to the next sentence ("mistake.The"), not an abbreviation like e.g.
  for (const m of text.matchAll(/(\p{Ll}{2})\.(\p{Lu}\p{Ll})/gu)) {
    const start = m.index + 2;
    findings.push(at(text, start, start + 1, 'punctuation-spacing', ['. ']));
  }
  for (const m of text.matchAll(/(?<=\S)( {2,})(?=\S)/gu)) findings.push(at(text, m.index, m.index + m[0].length, 'punctuation-spacing', [' ']));
  return findings;
}

const VOWEL_SOUND_EXCEPTIONS = /^(uni|use|usu|uti|eu|one|once|ur)/i;
const SILENT_H = /^(hour|honest|honor|honour|heir)/i;
/** Pronoun + verb pairs that do not agree, with the form that does. */
const PRONOUN_VERB: Record<string, Record<string, string>> = {
  he: { were: 'was', have: 'has', are: 'is', do: 'does', dont: "doesn't" },
  she: { were: 'was', have: 'has', are: 'is', do: 'does' },
  it: { were: 'was', have: 'has', are: 'is', do: 'does' },
  they: { was: 'were', has: 'have', is: 'are', does: 'do' },
  we: { was: 'were', has: 'have', is: 'are', does: 'do' },
  you: { was: 'were', has: 'have', is: 'are', does: 'do' },
  i: { is: 'am', are: 'am', has: 'have', does: 'do' },
};

const matchCase = (model: string, word: string) => (model[0] === model[0]!.toUpperCase() ? word[0]!.toUpperCase() + word.slice(1) : word);

export function englishAgreement(text: string): Finding[] {
  const findings: Finding[] = [];
  for (const m of text.matchAll(/(?<![\p{L}])(a|an|A|An)\s+([\p{L}]+)/gu)) {
    const [article, next] = [m[1]!, m[2]!];
    const vowel = /^[aeiou]/i.test(next) ? !VOWEL_SOUND_EXCEPTIONS.test(next) : SILENT_H.test(next);
    const wanted = vowel ? 'an' : 'a';
    // Single letters and abbreviations ("a B-movie", "an FBI agent") are read by their letter names: left alone.
    if (next.length < 2 || next === next.toUpperCase()) continue;
    if (article.toLowerCase() !== wanted) findings.push(at(text, m.index, m.index + article.length, 'agreement', [matchCase(article, wanted)]));
  }
  for (const m of text.matchAll(/(?<![\p{L}'])(he|she|it|they|we|you|i)\s+(were|was|have|has|are|is|do|does)(?![\p{L}'])/giu)) {
    const fix = PRONOUN_VERB[m[1]!.toLowerCase()]?.[m[2]!.toLowerCase()];
    if (!fix) continue;
    // "it is" / "you are" questions and inversions ("Were it not", "Have you") start with the verb: only subject-first pairs are read.
    const start = m.index + m[0].length - m[2]!.length;
    findings.push(at(text, start, start + m[2]!.length, 'agreement', [matchCase(m[2]!, fix)]));
  }
  return findings;
}

const IRREGULAR_PARTICIPLES = 'known written done made given taken seen shown found built sent held kept told left paid sold brought bought thought caught taught chosen spoken broken driven eaten forgotten hidden stolen begun drawn grown thrown worn torn born';
const PASSIVE = new RegExp(`(?<![\\p{L}])(am|is|are|was|were|be|been|being)\\s+(\\p{L}+ed|${IRREGULAR_PARTICIPLES.split(' ').join('|')})(?![\\p{L}])`, 'giu');

export function passiveVoice(text: string): Finding[] {
  return [...text.matchAll(PASSIVE)].map((m) => at(text, m.index, m.index + m[0].length, 'passive-voice', []));
}

export function longSentences(text: string): Finding[] {
  return sentenceSpans(text).filter((s) => wordTokens(s.text).length > LONG_SENTENCE_WORDS).map((s) => at(text, s.start, s.end, 'long-sentence', []));
}

export function grammarFindings(text: string, language: ProofreadLanguage): Finding[] {
  // Japanese and Chinese have their own punctuation (cjkRules.ts): the Latin spacing rules would ask for a space after a comma,
  // and sentences without spaces have no words to count for the long-sentence hint.
  if (language === 'ja' || language === 'zh') return [...repeatedWords(text, language), ...cjkFindings(text, language)];
  const findings = [...repeatedWords(text, language), ...punctuationSpacing(text, language), ...longSentences(text), ...cjkFindings(text, language)];
  if (language === 'en') findings.push(...englishAgreement(text), ...passiveVoice(text));
  return findings;
}
