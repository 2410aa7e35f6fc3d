import { afterAll, describe, expect, it } from 'vitest';
import { HunspellSpeller, verdictOf, withApostropheWordChars } from './hunspell.js';
import { Proofreader } from './proofreader.js';

describe("Hunspell's pipe-mode answers", () => {
  it('accepts *, + root and - lines and rejects & and # lines', () => {
    expect(verdictOf(['*'])).toEqual({ correct: true, suggestions: [] });
    expect(verdictOf(['+ casa'])).toEqual({ correct: true, suggestions: [] });
    expect(verdictOf(['-'])).toEqual({ correct: true, suggestions: [] });
    expect(verdictOf(['& caza 3 0: calza, cara, casa'])).toEqual({ correct: false, suggestions: ['calza', 'cara', 'casa'] });
    expect(verdictOf(['# qxzv 0'])).toEqual({ correct: false, suggestions: [] });
  });
  it('a word read in parts is wrong when one part is, without suggestions for the whole word', () => {
    expect(verdictOf(['*', '*'])).toEqual({ correct: true, suggestions: [] });
    expect(verdictOf(['*', '& uomx 1 2: uomo'])).toEqual({ correct: false, suggestions: [] });
  });
});

describe('the apostrophe as a word character', () => {
  it('is added to an .aff without WORDCHARS and to an existing WORDCHARS line, once', () => {
    expect(withApostropheWordChars('SET UTF-8\nTRY abc\n')).toBe("SET UTF-8\nTRY abc\nWORDCHARS '\n");
    expect(withApostropheWordChars('SET UTF-8\nWORDCHARS -.\n')).toBe("SET UTF-8\nWORDCHARS '-.\n");
    expect(withApostropheWordChars("WORDCHARS '-\n")).toBe("WORDCHARS '-\n");
  });
});

describe('the Hunspell program over Debian dictionaries', { timeout: 60_000 }, () => {
  const proofreader = new Proofreader();
  afterAll(() => proofreader.close());

  it('checks Portuguese with pt_BR: a misspelt word found with its correction suggested, accented words accepted', async () => {
    const text = 'A criança brincava no jardim com o seu coracao cheio de alegria.';
    const findings = await proofreader.spelling(text, 'pt');
    expect(findings.map((f) => f.text)).toEqual(['coracao']);
    expect(findings[0]!.suggestions).toContain('coração');
    expect(text.slice(findings[0]!.start, findings[0]!.end)).toBe('coracao');
  });
  it("checks Italian with it_IT: elided articles (l'uomo) are accepted, a misspelt word is found", async () => {
    const findings = await proofreader.spelling("L'uomo camminava lungo la strada verso la picola casa.", 'it');
    expect(findings.map((f) => f.text)).toEqual(['picola']);
    expect(findings[0]!.suggestions).toContain('piccola');
  });
  it("accepts Italian elided articulated prepositions (dell', all', nell') that the dictionary writes as prefixes", async () => {
    expect(await proofreader.spelling("La domanda dell'esaminatore all'università riguardava l'acqua nell'ampolla.", 'it')).toEqual([]);
  });
  it('answers each word of concurrent checks in order', async () => {
    const [a, b, c] = await Promise.all([
      proofreader.spelling('Uma casa bonitta perto do rio.', 'pt'),
      proofreader.spelling('Uma casa bela e grande.', 'pt'),
      proofreader.spelling('O menino lia um livvro.', 'pt'),
    ]);
    expect(a.map((f) => f.text)).toEqual(['bonitta']);
    expect(b).toEqual([]);
    expect(c.map((f) => f.text)).toEqual(['livvro']);
  });
  it('rejects the words waiting when the program cannot be started, and is not stuck afterwards', async () => {
    const missing = new HunspellSpeller('/usr/share/hunspell/pt_BR', '/nonexistent/hunspell');
    try {
      await expect(missing.check(['casa'])).rejects.toThrow();
      await expect(missing.check(['casa'])).rejects.toThrow();
    } finally {
      missing.close();
    }
  });
});
