/**
 * Pages whose text reads sideways or upside down as displayed (a /Rotate that turns horizontal
 * text, or text drawn turned on an unrotated page): a document with flowing paragraphs cannot
 * turn a page, so the analysis reads such a page turned until most of its text is upright.
 */
import { walkText, type PDFDocument } from '../mupdf.js';

type MupdfPage = ReturnType<PDFDocument['loadPage']>;

/** Share of the page's characters that must read in one other direction to turn the page. */
const TURN_SHARE = 0.6;

/** The clockwise turn that makes a line read left to right, from its direction as displayed (y grows downwards). */
export function lineTurn(dir: ArrayLike<number>): number {
  const dx = dir[0]!;
  const dy = dir[1]!;
  // Reading downwards needs a quarter turn back (270); upwards a quarter turn (90).
  if (Math.abs(dx) >= Math.abs(dy)) return dx >= 0 ? 0 : 180;
  return dy > 0 ? 270 : 90;
}

/**
 * Counts the page's visible characters by the turn of their line (lineTurn); `turn` then gives
 * the page's turn. Kept apart from the walk so that the analysis can count on its own reading
 * of the text instead of reading the page twice.
 */
export class TurnTally {
  private counts = new Map<number, number>();
  private total = 0;

  add(turn: number, c: string): void {
    if (c.trim() === '') return;
    this.total++;
    this.counts.set(turn, (this.counts.get(turn) ?? 0) + 1);
  }

  /** The turn (90, 180 or 270) that most of the characters need, else 0. */
  turn(): number {
    for (const [candidate, n] of this.counts) if (candidate !== 0 && n >= TURN_SHARE * this.total) return candidate;
    return 0;
  }
}

/**
 * The clockwise turn (0, 90, 180 or 270) that makes most of the page's characters read left to
 * right, from the direction of each line as displayed (y grows downwards).
 */
export function uprightTurn(page: MupdfPage): number {
  const tally = new TurnTally();
  let turn = 0;
  const stext = page.toStructuredText('preserve-whitespace');
  try {
    walkText(stext, {
      beginLine(_bbox, _wmode, dir) {
        turn = lineTurn(dir);
      },
      onChar(c) {
        tally.add(turn, c);
      },
    });
  } finally {
    stext.destroy();
  }
  return tally.turn();
}

/**
 * Page `index` loaded so that its text reads upright: its /Rotate changed in memory for as long
 * as the page is in use; `release` destroys the page and puts the /Rotate back.
 */
export function uprightPage(doc: PDFDocument, index: number): { page: MupdfPage; release: () => void } {
  const page = doc.loadPage(index);
  const turn = uprightTurn(page);
  if (turn === 0) return { page, release: () => page.destroy() };
  return turnedPage(doc, index, page, turn);
}

/** Page `index` loaded again turned clockwise by `turn` (see uprightPage); `page`, as loaded before, is destroyed. */
export function turnedPage(doc: PDFDocument, index: number, page: MupdfPage, turn: number): { page: MupdfPage; release: () => void } {
  const object = page.getObject();
  const own = object.get('Rotate');
  const had = own.isNumber() ? own.asNumber() : undefined;
  const inherited = object.getInheritable('Rotate');
  const current = inherited.isNumber() ? inherited.asNumber() : 0;
  page.destroy();
  object.put('Rotate', (((current + turn) % 360) + 360) % 360);
  const turned = doc.loadPage(index);
  return {
    page: turned,
    release: () => {
      turned.destroy();
      if (had === undefined) object.delete('Rotate');
      else object.put('Rotate', had);
    },
  };
}
