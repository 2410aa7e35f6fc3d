import { describe, expect, it } from 'vitest';
import { ConfusionScanner, parseConfusions } from './confusions.js';
import { Proofreader } from './proofreader.js';

describe('confusion scanner', () => {
  const scanner = new ConfusionScanner(parseConfusions('ab\tAB\nabcd\tABCD\nbc\tBC\nabx\t=\n'));

  it('takes the longest listed form at a place and goes on after it', () => {
    expect(scanner.scan('zabcdz bc').map((f) => [f.start, f.end, f.text, f.suggestions[0]])).toEqual([[1, 5, 'abcd', 'ABCD'], [7, 9, 'bc', 'BC']]);
  });
  it('a longer phrase kept as written ("=") hides the wrong form it contains', () => {
    expect(scanner.scan('abx ab')).toEqual([{ kind: 'spelling', start: 4, end: 6, text: 'ab', suggestions: ['AB'] }]);
  });
  it('offsets are UTF-16 indices past characters outside the BMP', () => {
    expect(scanner.scan('𠀀ab').map((f) => f.start)).toEqual([2]);
  });
  it('rejects a line that is not wrong<TAB>right', () => {
    expect(() => parseConfusions('ab AB\n')).toThrow(/line 1/);
  });
});

describe('shipped confusion lists', () => {
  const proofreader = new Proofreader();
  it('finds 按装 and 再接再励 in Chinese with their corrections', async () => {
    const findings = await proofreader.spelling('请先按装软件。希望大家再接再励。', 'zh');
    expect(findings.map((f) => [f.start, f.text, f.suggestions])).toEqual([[2, '按装', ['安装']], [11, '再接再励', ['再接再厉']]]);
  });
  it('finds シュミレーション and 雰因気 in Japanese with their corrections', async () => {
    const findings = await proofreader.spelling('シュミレーションの雰因気', 'ja');
    expect(findings.map((f) => [f.text, f.suggestions[0]])).toEqual([['シュミレーション', 'シミュレーション'], ['雰因気', '雰囲気']]);
  });
  it('a correct Chinese sentence that contains 按装 across two words (按 + 装箱单) has no finding', async () => {
    expect(await proofreader.check('请按装箱单核对货物的数量，他常常去公园看看。', 'zh')).toEqual([]);
  });
  it('a correct Japanese sentence with アボガドロ数, 確立 and 人々 has no finding', async () => {
    expect(await proofreader.check('人々はアボガドロ数を確立した。', 'ja')).toEqual([]);
  });
  it('every listed wrong form differs from its correction and none is listed twice', async () => {
    const { readFileSync } = await import('node:fs');
    for (const language of ['ja', 'zh']) {
      const entries = parseConfusions(readFileSync(new URL(`../../data/proofread/confusions-${language}.tsv`, import.meta.url), 'utf8'));
      const wrong = entries.map((e) => e.wrong);
      expect(new Set(wrong).size, language).toBe(wrong.length);
      expect(entries.filter((e) => e.right !== null).length, language).toBeGreaterThan(200);
    }
  });
});
