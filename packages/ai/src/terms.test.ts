import { describe, expect, it } from 'vitest';
import { queryTerms, stem, termMatches, terms } from './terms.js';

describe('terms', () => {
  it('meets singular and plural, and drops stopwords and case', () => {
    expect(terms('The Reservoirs of the city', 'en')).toEqual(terms('reservoir city', 'en'));
  });

  it('folds accents and French elisions', () => {
    expect(terms("l'éau", 'fr')).toEqual(terms('eau', 'fr'));
  });

  it('meets German inflections of a noun', () => {
    expect(stem('leitungen', 'de')).toBe(stem('leitung', 'de'));
  });

  it('finds a Chinese word the dictionary splits wrongly through its character pairs', () => {
    const found = terms('冷溪水库是最大的水源', 'zh');
    expect(found).toContain('水库');
    expect(found).not.toContain('的');
  });

  it('leaves the words that only make a question out of its terms', () => {
    expect(queryTerms('What does the document say about reservoirs?', 'en')).toEqual(['reservoir']);
  });

  it('matches a term to a longer word it begins, for Latin words of four letters or more', () => {
    expect(termMatches('reserv', 'reservoir')).toBe(true);
    expect(termMatches('dam', 'damage')).toBe(false);
  });
});

describe('month names', () => {
  it('meet their abbreviations in tables and dates', () => {
    expect(queryTerms('How many passengers flew in August 2015?', 'en')).toContain('aug');
    expect(terms('Aug-2015 2,945,100', 'en')).toContain('aug');
    expect(terms('Dezember 2020', 'de')).toEqual(terms('Dez. 2020', 'de'));
    expect(terms('août 2021', 'fr')).toEqual(terms('Aout 2021', 'fr'));
  });
});
