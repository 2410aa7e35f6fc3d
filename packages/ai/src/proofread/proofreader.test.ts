import { afterAll, describe, expect, it } from 'vitest';
import { normaliseDictionary, Proofreader } from './proofreader.js';
import { englishAgreement, grammarFindings, longSentences, passiveVoice, punctuationSpacing, repeatedWords } from './rules.js';

describe('grammar and style rules', () => {
  it('repeated words are found with the single word as suggestion, and "had had" is allowed in English', () => {
    const text = 'We saw the the cat. She had had enough.';
    expect(repeatedWords(text, 'en')).toEqual([{ kind: 'repeated-word', start: 7, end: 14, text: 'the the', suggestions: ['the'] }]);
  });
  it('punctuation spacing: a space before a comma, a comma glued to a word, and a full stop glued to the next sentence', () => {
    const text = 'Yes , indeed.It works,really.';
    const found = punctuationSpacing(text, 'en').map((f) => [f.text, f.suggestions[0]]);
    expect(found).toEqual(expect.arrayContaining([[' ,', ','], [',', ', '], ['.', '. ']]));
  });
  it('French keeps its space before a question mark', () => {
    expect(punctuationSpacing('Vraiment ?', 'fr')).toEqual([]);
  });
  it('agreement: a before a vowel sound becomes an, and "they was" becomes "they were"', () => {
    const text = 'It was a honest error and they was late for an meeting.';
    const found = englishAgreement(text).map((f) => [f.text, f.suggestions[0]]);
    expect(found).toEqual([['a', 'an'], ['an', 'a'], ['was', 'were']]);
  });
  it('agreement leaves "a university" and "an hour" alone', () => {
    expect(englishAgreement('A university needs an hour.')).toEqual([]);
  });
  it('passive voice is a hint without a suggestion', () => {
    expect(passiveVoice('The report was written by the team.')).toEqual([{ kind: 'passive-voice', start: 11, end: 22, text: 'was written', suggestions: [] }]);
  });
  it('a sentence of more than 35 words is flagged as long', () => {
    const long = `${Array.from({ length: 40 }, () => 'word').join(' ')}.`;
    expect(longSentences(`Short one. ${long}`).map((f) => f.start)).toEqual([11]);
  });
  it('English-only rules do not run on Spanish text', () => {
    expect(grammarFindings('El informe was written ayer.', 'es').filter((f) => f.kind === 'passive-voice')).toEqual([]);
  });
});

describe('dictionary normalisation', () => {
  it('cuts morphological fields and keeps the homonym usable on its own', () => {
    const aff = 'SET UTF-8\nONLYINCOMPOUND o\n';
    const dic = '3\nle po:mg po:det\nschreiben/DIV\nschreiben/So\n';
    expect(normaliseDictionary(aff, dic)).toBe('2\nle\nschreiben/DIV\n');
  });
});

// Loading a dictionary with nspell takes seconds (German about 3 s on a quiet machine): more under a shared CPU.
describe('proofreader with Debian Hunspell dictionaries', { timeout: 60_000 }, () => {
  const proofreader = new Proofreader();
  // The hunspell programs it started would otherwise outlive the test file.
  afterAll(() => proofreader.close());
  it('finds a misspelt English word with its correction among the suggestions', async () => {
    const findings = await proofreader.check('We will recieve the letter tomorrow.', 'en');
    const spelling = findings.filter((f) => f.kind === 'spelling');
    expect(spelling).toHaveLength(1);
    expect(spelling[0]).toMatchObject({ start: 8, end: 15, text: 'recieve' });
    expect(spelling[0]!.suggestions).toContain('receive');
  });
  it('does not flag numbers, acronyms or a capitalised word at the start of a sentence', async () => {
    expect(await proofreader.spelling('Yesterday the NATO report had 25 pages.', 'en')).toEqual([]);
  });
  it('checks German with the de_DE dictionary', async () => {
    const findings = await proofreader.spelling('Die Kinder spielen im Gartten.', 'de');
    expect(findings.map((f) => f.text)).toEqual(['Gartten']);
  });
});

describe('proofreader without the Hunspell program', { timeout: 60_000 }, () => {
  it('falls back to nspell for English when the hunspell command is missing', async () => {
    const proofreader = new Proofreader(undefined, '/nonexistent/hunspell');
    const findings = await proofreader.spelling('We will recieve the letter.', 'en');
    expect(findings.map((f) => f.text)).toEqual(['recieve']);
    expect(findings[0]!.suggestions).toContain('receive');
    await proofreader.close();
  });
});
