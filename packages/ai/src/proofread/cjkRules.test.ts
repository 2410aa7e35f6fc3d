import { describe, expect, it } from 'vitest';
import { doubledCharacters, fullWidthPunctuationInLatin, halfWidthKatakana, halfWidthPunctuation, mixedFullWidthAlphanumerics } from './cjkRules.js';
import { grammarFindings } from './rules.js';

const brief = (findings: { text: string; suggestions: string[] }[]) => findings.map((f) => [f.text, f.suggestions[0]]);

describe('Japanese and Chinese rules', () => {
  it('a half-width comma and full stop in a Chinese sentence become ， and 。', () => {
    expect(brief(halfWidthPunctuation('我们完成了, 然后回家.', 'zh'))).toEqual([[', ', '，'], ['.', '。']]);
  });
  it('Japanese takes 、 for a half-width comma', () => {
    expect(brief(halfWidthPunctuation('今日は,晴れです?', 'ja'))).toEqual([[',', '、'], ['?', '？']]);
  });
  it('a file name, a version and an ellipsis after Chinese are left alone', () => {
    expect(halfWidthPunctuation('打开文件.pdf，版本:v2，等等...', 'zh')).toEqual([]);
  });
  it('a full-width comma between English words becomes ", ", but not after a Latin name in a Chinese sentence', () => {
    expect(brief(fullWidthPunctuationInLatin('Hello，world.'))).toEqual([['，', ', ']]);
    expect(fullWidthPunctuationInLatin('我们使用Pagewright。')).toEqual([]);
  });
  it('half-width katakana becomes full-width, voicing marks joined', () => {
    expect(brief(halfWidthKatakana('ﾌｧｲﾙをｺﾋﾟｰしてｶﾞｲﾄﾞ'))).toEqual([['ﾌｧｲﾙ', 'ファイル'], ['ｺﾋﾟｰ', 'コピー'], ['ｶﾞｲﾄﾞ', 'ガイド']]);
  });
  it('full-width letters and digits are flagged only when the text also writes them half-width', () => {
    expect(brief(mixedFullWidthAlphanumerics('ＰＤＦを2つ開く'))).toEqual([['ＰＤＦ', 'PDF']]);
    expect(mixedFullWidthAlphanumerics('ＰＤＦを２つ開く')).toEqual([]);
  });
  it('doubled を and の in Japanese are typos; ののしる and 人々 are not', () => {
    expect(brief(doubledCharacters('本をを読むのの', 'ja'))).toEqual([['をを', 'を'], ['のの', 'の']]);
    expect(doubledCharacters('人々をののしる', 'ja')).toEqual([]);
  });
  it('doubled 的 and 了 in Chinese are typos; 为了了解, 目的的, 的的确确, 常常 and 看看 are not', () => {
    expect(brief(doubledCharacters('我的的书到了了。', 'zh'))).toEqual([['的的', '的'], ['了了', '了']]);
    expect(doubledCharacters('为了了解目的的意义，他的的确确常常去看看。', 'zh')).toEqual([]);
  });
  it('Chinese text gets no Latin spacing finding for its own comma', () => {
    expect(grammarFindings('我们,你们', 'zh').map((f) => f.kind)).toEqual(['character-width']);
  });
});
