/**
 * Rules for Japanese and Chinese text, in the shape of rules.ts's findings: the width of
 * punctuation and letters, and doubled characters that are typos. Patterns over characters, as
 * the text has no spaces to find words by; each rule is narrow on purpose.
 */
import type { ProofreadLanguage } from '@pagewright/contracts';
import type { Finding } from './rules.js';

/** Han, kana and the marks that belong to them (ー 々 〆): what a CJK sentence is written in. */
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}ー々〆';
const CJK_CHAR = new RegExp(`[${CJK}]`, 'u');

/** Full-width forms of ASCII punctuation. Japanese writes its comma 、, Chinese ，. */
const FULL_WIDTH: Record<'ja' | 'zh', Record<string, string>> = {
  ja: { ',': '、', '.': '。', '?': '？', '!': '！', ':': '：', ';': '；' },
  zh: { ',': '，', '.': '。', '?': '？', '!': '！', ':': '：', ';': '；' },
};
const HALF_WIDTH: Record<string, string> = { '，': ',', '、': ',', '。': '.', '．': '.', '？': '?', '！': '!', '：': ':', '；': ';' };

function at(text: string, start: number, end: number, kind: Finding['kind'], suggestions: string[]): Finding {
  return { kind, start, end, text: text.slice(start, end), suggestions };
}

/**
 * Half-width , . ? ! : ; right after a CJK character and followed by CJK text or the end of a
 * line, with the spaces a Latin habit puts after it. A mark followed by Latin text is left
 * alone: 文件.pdf, 版本:v2, a quoted English phrase. Dots of an ellipsis (...) are left too.
 */
export function halfWidthPunctuation(text: string, language: 'ja' | 'zh'): Finding[] {
  const findings: Finding[] = [];
  const pattern = new RegExp(`(?<=[${CJK}])([,.?!:;])(?!\\.)([ \\t]*)(?=[${CJK}]|$|\\r?\\n|[「『（“])`, 'gmu');
  for (const m of text.matchAll(pattern)) findings.push(at(text, m.index, m.index + m[0].length, 'character-width', [FULL_WIDTH[language][m[1]!]!]));
  return findings;
}

/**
 * The reverse, in every language: a full-width mark between Latin words ("Hello，world") where
 * no CJK character is near. Japanese or Chinese sentences often end on a Latin name
 * ("Pagewright。"), which is why the whole neighbourhood must be Latin, not just the mark's sides.
 */
export function fullWidthPunctuationInLatin(text: string): Finding[] {
  const findings: Finding[] = [];
  for (const m of text.matchAll(/(?<=[\p{Script=Latin}\p{N}])([，、。．？！：；])(?=\s|$|[\p{Script=Latin}\p{N}])/gu)) {
    const around = text.slice(Math.max(0, m.index - 30), m.index + 31);
    if (CJK_CHAR.test(around)) continue;
    const next = text[m.index + 1];
    const half = HALF_WIDTH[m[1]!]!;
    findings.push(at(text, m.index, m.index + 1, 'character-width', [next !== undefined && /\p{L}/u.test(next) ? `${half} ` : half]));
  }
  return findings;
}

/** Half-width katakana (ｶﾀｶﾅ, with its separate voicing marks ﾞ ﾟ): NFKC gives the full-width form (ｶﾞ → ガ). */
export function halfWidthKatakana(text: string): Finding[] {
  return [...text.matchAll(/[\uFF66-\uFF9F]+/gu)].map((m) => at(text, m.index, m.index + m[0].length, 'character-width', [m[0].normalize('NFKC')]));
}

/**
 * Full-width letters and digits (ＰＤＦ, ２０２４) in a text that also writes them half-width: a
 * document set in full-width throughout is a choice (vertical or formal Japanese); mixed widths
 * are a slip.
 */
export function mixedFullWidthAlphanumerics(text: string): Finding[] {
  if (!/[A-Za-z0-9]/.test(text)) return [];
  return [...text.matchAll(/[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]+/gu)].map((m) => at(text, m.index, m.index + m[0].length, 'character-width', [m[0].normalize('NFKC')]));
}

/**
 * Doubled characters that are typos, from a curated list only: reduplication is grammar in both
 * languages (人々, 常常, 看看, 时时), so no general rule. Each pattern excludes the correct words
 * that contain its pair: ののしる (to curse) and のの字; 目的的 / 标的的 (目的 + 的) and 的的确确;
 * 为了了解 / 除了了解 (了 + 了解), 不了了之 and 小时了了. Doubled 、。，also: ... but not 。。。, an
 * ellipsis some writers type that way.
 */
const DOUBLES: Record<'ja' | 'zh', RegExp[]> = {
  ja: [/をを/gu, /がが(?!んぼ)/gu, /のの(?![しじ字])/gu, /(?<![、。])([、。])\1(?![、。])/gu],
  zh: [/(?<![目标])的的(?![确士])/gu, /(?<![不时])了了(?![解之然])/gu, /吗吗/gu, /(?<![，、。])([，、。])\1(?![，、。])/gu],
};

export function doubledCharacters(text: string, language: 'ja' | 'zh'): Finding[] {
  const findings: Finding[] = [];
  for (const pattern of DOUBLES[language]) {
    for (const m of text.matchAll(pattern)) findings.push(at(text, m.index, m.index + m[0].length, 'repeated-word', [m[0].slice(0, m[0].length / 2)]));
  }
  return findings;
}

export function cjkFindings(text: string, language: ProofreadLanguage): Finding[] {
  if (language !== 'ja' && language !== 'zh') return fullWidthPunctuationInLatin(text);
  return [
    ...halfWidthPunctuation(text, language), ...fullWidthPunctuationInLatin(text), ...halfWidthKatakana(text),
    ...mixedFullWidthAlphanumerics(text), ...doubledCharacters(text, language),
  ];
}
