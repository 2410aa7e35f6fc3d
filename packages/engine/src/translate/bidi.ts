/**
 * The visual order of a right-to-left line, for writing it glyph by glyph from left to right:
 * words of a right-to-left script are reversed letter by letter and the line's words run from
 * right to left, while a stretch of left-to-right words (numbers, Latin names) keeps its own
 * order inside. A reduced form of the Unicode bidirectional algorithm that is enough for a
 * translated paragraph; it does not shape Arabic letters into their joined forms.
 */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
const MIRRORED: Record<string, string> = { '(': ')', ')': '(', '[': ']', ']': '[', '{': '}', '}': '{', '<': '>', '>': '<', '«': '»', '»': '«' };

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export function visualOrder(line: string): string {
  const tokens = line.split(/(\s+)/u).filter((t) => t !== '');
  // Groups of tokens: each right-to-left word alone, consecutive left-to-right words together.
  const groups: { rtl: boolean; text: string }[] = [];
  for (const token of tokens) {
    const rtl = RTL.test(token);
    const last = groups[groups.length - 1];
    if (/^\s+$/u.test(token)) {
      if (last) last.text += token;
      continue;
    }
    if (last && !rtl && !last.rtl) last.text += token;
    else groups.push({ rtl, text: token });
  }
  return groups
    .reverse()
    .map((group) => {
      const text = group.text.trim();
      // By grapheme, so that a mark stays after the letter it sits on.
      return group.rtl ? [...graphemes.segment(text)].map((g) => MIRRORED[g.segment] ?? g.segment).reverse().join('') : text;
    })
    .join(' ');
}
