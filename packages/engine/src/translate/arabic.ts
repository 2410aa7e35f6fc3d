/**
 * Arabic letters in their joined forms. A PDF shows glyphs as they are given: without a
 * shaping engine, "بيت" would stand as three separate letters. Each letter is replaced by its
 * contextual form from Unicode's Arabic Presentation Forms (isolated, final, initial, medial),
 * by whether it joins the letters beside it, and lam followed by alef by their ligature; the
 * Noto Arabic font the translator sets Arabic, Persian and Urdu in has all of these glyphs.
 * Text extraction gives the presentation forms back, which NFKC maps to the letters.
 */

/** A letter's first presentation form (isolated; final, initial and medial follow) and how it joins. */
type Joining = readonly [first: number, kind: 'R' | 'D' | 'U'];

const LETTERS: Record<number, Joining> = {
  0x0621: [0xfe80, 'U'], 0x0622: [0xfe81, 'R'], 0x0623: [0xfe83, 'R'], 0x0624: [0xfe85, 'R'], 0x0625: [0xfe87, 'R'],
  0x0626: [0xfe89, 'D'], 0x0627: [0xfe8d, 'R'], 0x0628: [0xfe8f, 'D'], 0x0629: [0xfe93, 'R'], 0x062a: [0xfe95, 'D'],
  0x062b: [0xfe99, 'D'], 0x062c: [0xfe9d, 'D'], 0x062d: [0xfea1, 'D'], 0x062e: [0xfea5, 'D'], 0x062f: [0xfea9, 'R'],
  0x0630: [0xfeab, 'R'], 0x0631: [0xfead, 'R'], 0x0632: [0xfeaf, 'R'], 0x0633: [0xfeb1, 'D'], 0x0634: [0xfeb5, 'D'],
  0x0635: [0xfeb9, 'D'], 0x0636: [0xfebd, 'D'], 0x0637: [0xfec1, 'D'], 0x0638: [0xfec5, 'D'], 0x0639: [0xfec9, 'D'],
  0x063a: [0xfecd, 'D'], 0x0641: [0xfed1, 'D'], 0x0642: [0xfed5, 'D'], 0x0643: [0xfed9, 'D'], 0x0644: [0xfedd, 'D'],
  0x0645: [0xfee1, 'D'], 0x0646: [0xfee5, 'D'], 0x0647: [0xfee9, 'D'], 0x0648: [0xfeed, 'R'], 0x0649: [0xfeef, 'R'],
  0x064a: [0xfef1, 'D'],
  // Persian and Urdu letters (Presentation Forms-A).
  0x067e: [0xfb56, 'D'], 0x0686: [0xfb7a, 'D'], 0x0698: [0xfb8a, 'R'], 0x06a9: [0xfb8e, 'D'], 0x06af: [0xfb92, 'D'],
  0x06cc: [0xfbfc, 'D'], 0x0679: [0xfb66, 'D'], 0x0688: [0xfb88, 'R'], 0x0691: [0xfb8c, 'R'], 0x06ba: [0xfb9e, 'R'],
  0x06be: [0xfbaa, 'D'], 0x06c1: [0xfba6, 'D'], 0x06d2: [0xfbae, 'R'],
};
const TATWEEL = 0x0640;
/** Lam-alef ligatures (isolated; final follows) by the alef. */
const LAM_ALEF: Record<number, number> = { 0x0622: 0xfef5, 0x0623: 0xfef7, 0x0625: 0xfef9, 0x0627: 0xfefb };
const LAM = 0x0644;

/** Marks (harakat) sit on a letter and do not break its joining. */
const isMark = (cp: number): boolean => (cp >= 0x064b && cp <= 0x065f) || cp === 0x0670 || (cp >= 0x06d6 && cp <= 0x06ed);
const joinsForward = (cp: number | undefined): boolean => cp === TATWEEL || (cp !== undefined && LETTERS[cp]?.[1] === 'D');
const joins = (cp: number | undefined): boolean => cp === TATWEEL || (cp !== undefined && LETTERS[cp] !== undefined && LETTERS[cp][1] !== 'U');

/** The text with each Arabic letter in its contextual form (logical order kept). */
export function shapeArabic(text: string): string {
  const cps = [...text].map((ch) => ch.codePointAt(0)!);
  // The letter before and after each position, marks skipped.
  const neighbour = (from: number, step: 1 | -1): number | undefined => {
    for (let i = from + step; i >= 0 && i < cps.length; i += step) if (!isMark(cps[i]!)) return cps[i];
    return undefined;
  };
  const out: number[] = [];
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i]!;
    const letter = LETTERS[cp];
    if (!letter) {
      out.push(cp);
      continue;
    }
    const prev = neighbour(i, -1);
    const next = neighbour(i, 1);
    const joinsPrev = joinsForward(prev) && letter[1] !== 'U';
    if (cp === LAM && next !== undefined && LAM_ALEF[next] !== undefined && cps[i + 1] === next) {
      out.push(LAM_ALEF[next]! + (joinsPrev ? 1 : 0));
      i++;
      continue;
    }
    const joinsNext = letter[1] === 'D' && joins(next);
    const form = joinsPrev && joinsNext ? 3 : joinsPrev ? 1 : joinsNext ? 2 : 0;
    out.push(letter[0] + form);
  }
  return String.fromCodePoint(...out);
}
