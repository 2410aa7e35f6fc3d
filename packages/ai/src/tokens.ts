/**
 * Token estimates: the single measure the server meters AI use with (SPEC §9) when a provider
 * does not report its own. Tokenisers give about four characters of Latin text per token and
 * about one token per Chinese, Japanese or Korean character.
 */

const CJK_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const CHARACTERS_PER_TOKEN = 4;

export function estimateTokens(text: string): number {
  if (text.length === 0) return 0;
  const cjk = text.match(CJK_CHARACTER)?.length ?? 0;
  const other = [...text].length - cjk;
  return cjk + Math.ceil(other / CHARACTERS_PER_TOKEN);
}
