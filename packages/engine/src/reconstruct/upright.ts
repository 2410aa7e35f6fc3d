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
 * The clockwise turn for a glyph of a line reading along `dir`, from its box as displayed
 * (`quad`: upper left, upper right, lower left, lower right; y grows downwards). An unmirrored
 * glyph needs its line's turn. A mirrored one (its up to the left of its advance) cannot be set
 * upright and reading left to right by any turn: it needs none when either already holds
 * (mirrored left to right, its lines still stack down the page in reading order; or upside
 * down, still reading left to right), else the turn that stands it upright, so that its lines
 * stack in reading order (see mirroredLeftward).
 */
export function glyphTurn(dir: ArrayLike<number>, quad: ArrayLike<number>): number {
  const turn = lineTurn(dir);
  const up = [quad[0]! - quad[4]!, quad[1]! - quad[5]!];
  if (turn === 0 || !isMirrored(dir, up)) return turn;
  // The advance an unmirrored glyph standing this way up would have: its up turned a quarter clockwise.
  return lineTurn([-up[1]!, up[0]!]);
}

/** Whether a glyph's up points to the left of its advance (y grows downwards): drawn mirrored. */
function isMirrored(dir: ArrayLike<number>, up: number[]): boolean {
  return dir[0]! * up[1]! - dir[1]! * up[0]! > 0;
}

/** Whether a glyph (box `quad`, see glyphTurn) stands upright with its line reading right to left: mirrored left to right. */
export function mirroredLeftward(dir: ArrayLike<number>, quad: ArrayLike<number>): boolean {
  const up = [quad[0]! - quad[4]!, quad[1]! - quad[5]!];
  return dir[0]! < 0 && Math.abs(dir[1]!) < 0.05 && isMirrored(dir, up);
}

/**
 * Counts the page's visible characters by their turn (glyphTurn); `turn` then gives
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
 * right, from the direction of each line and the way up of its glyphs as displayed (y grows downwards).
 */
export function uprightTurn(page: MupdfPage): number {
  const tally = new TurnTally();
  let dir: ArrayLike<number> = [1, 0];
  const stext = page.toStructuredText('preserve-whitespace');
  try {
    walkText(stext, {
      beginLine(_bbox, _wmode, lineDir) {
        dir = lineDir;
      },
      onChar(c, _origin, _font, _size, quad) {
        tally.add(glyphTurn(dir, quad), c);
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
