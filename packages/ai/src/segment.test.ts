import { describe, expect, it } from 'vitest';
import { countWords, guessLanguage, sentences, stopwordsFor, wordParts, words } from './segment.js';

describe('words', () => {
  it('splits a Chinese line into its words, not one token for the line', () => {
    const found = words('城市供水系统依赖于三个水库');
    expect(found.length).toBeGreaterThan(3);
    expect(found).toContain('水库');
    expect(found.every((word) => word.length <= 3)).toBe(true);
  });

  it('splits Japanese text into words and particles', () => {
    const found = words('東京都の水道は利根川から取水している');
    expect(found).toContain('水道');
    expect(found).toContain('の');
  });

  it('segments a long text in linear time, with the same words and positions as at once', () => {
    const sentence = 'The Riverton plant’s 3 filters treat 95,000 cubic metres a day. ';
    const text = sentence.repeat(2000);
    const short = wordParts(sentence.repeat(10));
    const long = wordParts(text);
    expect(long.slice(0, short.length)).toEqual(short);
    expect(long.filter((part) => part.isWord)).toHaveLength(11 * 2000);
    expect(long.every((part) => part.text === text.slice(part.index, part.index + part.text.length))).toBe(true);
    // At once, V8 spends seconds on 130,000 characters; in pieces, milliseconds.
    const start = performance.now();
    expect(countWords(text)).toBe(11 * 2000);
    expect(sentences(text)).toHaveLength(2000);
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it('counts Latin words, numbers included, without punctuation', () => {
    expect(countWords('The plant treats 95,000 cubic metres a day.')).toBe(8);
  });
});

describe('sentences', () => {
  it('keeps "Dr." and initials inside their sentence', () => {
    expect(sentences('Dr. Smith opened the plant in 1987. J. R. Miller ran it.')).toEqual(['Dr. Smith opened the plant in 1987.', 'J. R. Miller ran it.']);
  });

  it('ends Chinese sentences at the ideographic full stop', () => {
    expect(sentences('第一句话。第二句话。')).toEqual(['第一句话。', '第二句话。']);
  });

  it('cuts a sentence of more than 150 words into pieces of 100', () => {
    const long = Array.from({ length: 320 }, (_, i) => `w${i}`).join(' ');
    const pieces = sentences(long);
    expect(pieces.map(countWords)).toEqual([100, 100, 100, 20]);
  });
});

describe('guessLanguage', () => {
  it.each([
    ['en', 'The city draws its water from a reservoir and a river, and the plant treats it before it reaches the homes.'],
    ['de', 'Die Stadt bezieht ihr Wasser aus einem Stausee und einem Fluss, und das Werk bereitet es auf, bevor es die Häuser erreicht.'],
    ['fr', "La ville tire son eau d'un réservoir et d'une rivière, et l'usine la traite avant qu'elle arrive dans les maisons."],
    ['es', 'La ciudad obtiene su agua de un embalse y de un río, y la planta la trata antes de que llegue a las casas.'],
    ['pt', 'A cidade obtém a sua água de um reservatório e de um rio, e a estação trata a água antes que chegue às casas.'],
    ['it', "La città prende l'acqua da un serbatoio e da un fiume, e l'impianto la tratta prima che arrivi nelle case."],
    ['zh', '城市的供水来自一个水库和一条河流，水厂在送到家庭之前对水进行处理。'],
    ['ja', '市の水道水は貯水池と川から取水され、浄水場で処理されてから家庭に届きます。'],
    ['ko', '시는 저수지와 강에서 물을 끌어오고 정수장에서 처리한 뒤 가정에 공급합니다.'],
    ['ru', 'Город получает воду из водохранилища и реки, и станция очищает её до того, как она попадёт в дома.'],
    ['ar', 'تحصل المدينة على مياهها من خزان ونهر، وتعالجها المحطة قبل أن تصل إلى المنازل.'],
  ])('guesses %s', (language, text) => {
    expect(guessLanguage(text)).toBe(language);
  });
});

describe('stopwordsFor', () => {
  it('holds the language’s function words and the English ones, not content words', () => {
    const german = stopwordsFor('de');
    expect(german.has('und')).toBe(true);
    expect(german.has('the')).toBe(true);
    expect(german.has('wasser')).toBe(false);
    expect(stopwordsFor('zh-cn').has('的')).toBe(true);
  });
});
