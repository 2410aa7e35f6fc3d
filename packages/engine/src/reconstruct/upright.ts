/**
 * Pages whose text reads sideways or upside down as displayed (a /Rotate that turns horizontal
 * text, or text drawn turned on an unrotated page): a document with flowing paragraphs cannot
 * turn a page, so the analysis reads such a page turned until most of its text is upright.
 */
import { walkText, type PDFDocument } from '../mupdf.js';

type MupdfPage = ReturnType<PDFDocument['loadPage']>;

/** Share of the page's characters that must read in one other direction to turn the page. */
const TURN_SHARE = 0.6;

/**
 * The clockwise turn (0, 90, 180 or 270) that makes most of the page's characters read left to
 * right, from the direction of each line as displayed (y grows downwards).
 */
export function uprightTurn(page: MupdfPage): number {
  const counts = new Map<number, number>();
  let total = 0;
  let turn = 0;
  const stext = page.toStructuredText('preserve-whitespace');
  try {
    walkText(stext, {
      beginLine(_bbox, _wmode, dir) {
        const [dx, dy] = dir;
        // Reading downwards needs a quarter turn back (270); upwards a quarter turn (90).
        if (Math.abs(dx) >= Math.abs(dy)) turn = dx >= 0 ? 0 : 180;
        else turn = dy > 0 ? 270 : 90;
      },
      onChar(c) {
        if (c.trim() === '') return;
        total++;
        counts.set(turn, (counts.get(turn) ?? 0) + 1);
      },
    });
  } finally {
    stext.destroy();
  }
  for (const [candidate, n] of counts) if (candidate !== 0 && n >= TURN_SHARE * total) return candidate;
  return 0;
}

/**
 * Page `index` loaded so that its text reads upright: its /Rotate changed in memory for as long
 * as the page is in use; `release` destroys the page and puts the /Rotate back.
 */
export function uprightPage(doc: PDFDocument, index: number): { page: MupdfPage; release: () => void } {
  const page = doc.loadPage(index);
  const turn = uprightTurn(page);
  if (turn === 0) return { page, release: () => page.destroy() };
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
