/**
 * Table structure from text alignment: the column boundaries a table's text leaves open (stream
 * recognition), used where the drawn rules give rows but not every column (a ruled table with
 * only horizontal rules, or only an outer frame).
 */
import type { Rect } from './layout.js';
import type { Segment } from './extract.js';

/** The non-space glyph extents of each row band, left to right. */
function bandExtents(segments: Segment[], bands: Array<{ y0: number; y1: number }>): Array<Array<{ x0: number; x1: number }>> {
  return bands.map((b) =>
    segments
      .filter((s) => (s.y0 + s.y1) / 2 >= b.y0 && (s.y0 + s.y1) / 2 < b.y1)
      .flatMap((s) => s.glyphs.filter((g) => g.c.trim() !== '').map((g) => ({ x0: g.x0, x1: g.x1 })))
      .sort((a, c) => a.x0 - c.x0),
  );
}

/**
 * Column boundaries that the text of a table leaves open between the drawn ones: vertical
 * strips at least `minGap` wide that the glyphs of at most a fifth of the filled rows cross
 * (those rows' cells span the boundary), with text of at least two rows on either side before
 * the next boundary. Returns the boundaries' x positions (the middle of each strip) and, per
 * boundary, the rows that cross it.
 */
export function alignmentBoundaries(segments: Segment[], box: Rect, drawn: number[], bands: Array<{ y0: number; y1: number }>, minGap: number): Array<{ x: number; crossing: Set<number> }> {
  const extents = bandExtents(segments, bands);
  const filled = extents.map((e, i) => (e.length > 0 ? i : -1)).filter((i) => i >= 0);
  if (filled.length < 3) return [];
  const x0 = Math.floor(box.x0);
  const width = Math.ceil(box.x1) - x0 + 1;
  const cover = new Int32Array(width);
  for (const i of filled) {
    const seen = new Uint8Array(width);
    for (const e of extents[i]!) for (let x = Math.max(0, Math.floor(e.x0) - x0 + 1); x <= Math.min(width - 1, Math.ceil(e.x1) - x0 - 1); x++) seen[x] = 1;
    for (let x = 0; x < width; x++) cover[x]! += seen[x]!;
  }
  const limit = Math.floor(filled.length / 5);
  const textX0 = Math.min(...filled.map((i) => extents[i]![0]!.x0));
  const textX1 = Math.max(...filled.map((i) => Math.max(...extents[i]!.map((e) => e.x1))));
  const found: number[] = [];
  let start = -1;
  for (let x = 0; x <= width; x++) {
    const open = x < width && cover[x]! <= limit;
    if (open && start < 0) start = x;
    if (!open && start >= 0) {
      const a = start + x0;
      const b = x - 1 + x0;
      const mid = (a + b) / 2;
      if (b - a + 1 >= minGap && a > textX0 && b < textX1 && drawn.every((d) => d < a - 1 || d > b + 1)) found.push(mid);
      start = -1;
    }
  }
  if (found.length === 0) return [];
  // Keep a boundary only with text of two rows at least on each side, up to the next boundary.
  const keep = (list: number[]): number[] => {
    const all = [...drawn, ...list].sort((p, q) => p - q);
    return list.filter((x) => {
      const k = all.indexOf(x);
      const left = all[k - 1] ?? box.x0;
      const right = all[k + 1] ?? box.x1;
      const rowsIn = (p: number, q: number): number => filled.filter((i) => extents[i]!.some((e) => (e.x0 + e.x1) / 2 > p && (e.x0 + e.x1) / 2 < q)).length;
      return rowsIn(left, x) >= 2 && rowsIn(x, right) >= 2;
    });
  };
  let list = found;
  for (let pass = 0; pass < 3; pass++) {
    const next = keep(list);
    if (next.length === list.length) break;
    list = next;
  }
  return list.map((x) => ({
    x,
    crossing: new Set(filled.filter((i) => extents[i]!.some((e) => e.x0 < x && e.x1 > x))),
  }));
}

/** A segment cut between glyphs at the given x positions (never through a glyph). */
export function splitSegment(s: Segment, cuts: number[]): Segment[] {
  const inside = cuts.filter((x) => x > s.x0 && x < s.x1);
  if (inside.length === 0) return [s];
  const parts: Segment[] = [];
  let current: Segment['glyphs'] = [];
  const flush = (): void => {
    const glyphs = current.filter((g) => g.c.trim() !== '');
    if (glyphs.length > 0) {
      parts.push({
        ...s,
        glyphs: current,
        x0: Math.min(...glyphs.map((g) => g.x0)),
        x1: Math.max(...glyphs.map((g) => g.x1)),
        y0: Math.min(...glyphs.map((g) => g.y0)),
        y1: Math.max(...glyphs.map((g) => g.y1)),
      });
    }
    current = [];
  };
  for (const g of s.glyphs) {
    const last = current.filter((h) => h.c.trim() !== '').pop();
    if (last && g.c.trim() !== '' && inside.some((x) => x >= last.x1 - 0.5 && x <= g.x0 + 0.5)) flush();
    current.push(g);
  }
  flush();
  return parts.length > 0 ? parts : [s];
}

/**
 * Whether a row's text is split at `x` as by a drawn boundary: the rules leave the boundary out
 * in this row, but the row has text on both sides of it (within `left`..`right`) and none
 * across it; an empty or one-sided span stays a merged cell. Text across it includes a word
 * or a space between words: two glyphs of one line on either side of `x` less than half an
 * em apart (a title over the columns, a group heading over its sub-headings, whose letters or
 * words merely happen to leave `x` uncovered).
 */
export function textSplitsRow(segments: Segment[], band: { y0: number; y1: number }, x: number, left: number, right: number): boolean {
  const glyphs = segments
    .filter((s) => (s.y0 + s.y1) / 2 >= band.y0 && (s.y0 + s.y1) / 2 < band.y1)
    .flatMap((s) => s.glyphs)
    .filter((g) => g.c.trim() !== '' && (g.x0 + g.x1) / 2 > left && (g.x0 + g.x1) / 2 < right);
  if (glyphs.some((g) => g.x0 < x - 0.5 && g.x1 > x + 0.5)) return false;
  const before = glyphs.filter((g) => g.x1 <= x + 0.5);
  const after = glyphs.filter((g) => g.x0 >= x - 0.5);
  const nearBefore = before.filter((a) => a.x1 > x - a.size);
  const nearAfter = after.filter((b) => b.x0 < x + b.size);
  const joined = nearBefore.some((a) => nearAfter.some((b) => Math.abs(a.base - b.base) < Math.min(a.size, b.size) / 3 && b.x0 - a.x1 < Math.min(a.size, b.size) * 0.5));
  return !joined && before.length > 0 && after.length > 0;
}

/**
 * How far a ruled grid that covers only part of its table reaches on each side: the rules drawn
 * around some columns only (the figures, not their row labels). Text beside the grid belongs to
 * it when it sits in the grid's rows, in at least half of them (two at least), with no vertical
 * rule of `walls` between, and when it is not running text beside the grid (a quarter of its
 * lines or more half as wide as the grid, or as 15 ems).
 */
export function alignedReach(box: Rect, bands: Array<{ y0: number; y1: number }>, segments: Segment[], walls: Rect[]): { x0: number; x1: number } {
  const within = (s: Segment): boolean => s.upright && (s.y0 + s.y1) / 2 > box.y0 && (s.y0 + s.y1) / 2 < box.y1;
  const filledBands = bands.filter((b) => segments.some((s) => within(s) && (s.y0 + s.y1) / 2 >= b.y0 && (s.y0 + s.y1) / 2 < b.y1 && (s.x0 + s.x1) / 2 > box.x0 && (s.x0 + s.x1) / 2 < box.x1)).length;
  const reach = (side: Segment[]): Segment[] => {
    if (side.length === 0) return [];
    const rows = bands.filter((b) => side.some((s) => (s.y0 + s.y1) / 2 >= b.y0 && (s.y0 + s.y1) / 2 < b.y1)).length;
    if (rows < Math.max(2, Math.ceil(filledBands / 2))) return [];
    const size = Math.max(...side.map((s) => s.size));
    // Running text beside a grid has lines as wide as the room beside it; cells are short.
    const long = side.filter((s) => s.x1 - s.x0 > Math.max(box.x1 - box.x0, 30 * size) * 0.5).length;
    return long > side.length / 4 ? [] : side;
  };
  // A vertical rule between the text and the grid (another table's frame) keeps it out.
  // Text right of the grid but left of another grid is that grid's row labels.
  const fenced = (a: number, b: number): boolean => walls.some((w) => w.x0 > a && w.x0 < b && Math.min(w.y1, box.y1) - Math.max(w.y0, box.y0) > (box.y1 - box.y0) / 2);
  const left = reach(segments.filter((s) => within(s) && s.x1 <= box.x0 + 1 && !fenced(s.x1, box.x0 - 1)));
  const right = reach(segments.filter((s) => within(s) && s.x0 >= box.x1 - 1 && !fenced(box.x1 + 1, Infinity)));
  return { x0: Math.min(box.x0, ...left.map((s) => s.x0 - 1)), x1: Math.max(box.x1, ...right.map((s) => s.x1 + 1)) };
}

/**
 * Where a ruled row holds several rows of the table (the rules drawn around a block of rows
 * only): the y positions between its text lines when the lines line up across the columns,
 * two columns at least having text on two lines or more, most lines having text in two
 * columns or more and half of them figures (a number, an amount, a percentage). Wrapped text
 * in one cell does not line up with the others, and wrapped headings hold no figures: each
 * stays one row. Where fewer lines line up, because the rows' cells wrap, the rows are
 * anchored on the first column (anchoredRows).
 */
export function rowSplits(segments: Segment[], band: { y0: number; y1: number }, xs: number[]): number[] {
  const inBand = segments.filter((s) => (s.y0 + s.y1) / 2 >= band.y0 && (s.y0 + s.y1) / 2 < band.y1);
  if (inBand.length < 4) return [];
  // Text lines of the band: baselines within a third of the text size.
  const lines: Array<{ base: number; y0: number; y1: number; columns: Set<number>; figures: boolean }> = [];
  for (const s of [...inBand].sort((a, b) => a.base - b.base)) {
    const column = xs.findIndex((x, k) => k + 1 < xs.length && (s.x0 + s.x1) / 2 >= x && (s.x0 + s.x1) / 2 < xs[k + 1]!);
    const text = s.glyphs.map((g) => g.c).join('').trim();
    const figures = /\d/.test(text) && /^[-+−–(]?[\d\s.,%()€$£:*+−–-]+$/.test(text);
    const line = lines.find((l) => Math.abs(l.base - s.base) < s.size / 3);
    if (line) {
      line.columns.add(column);
      line.figures ||= figures;
      line.y0 = Math.min(line.y0, s.y0);
      line.y1 = Math.max(line.y1, s.y1);
    } else lines.push({ base: s.base, y0: s.y0, y1: s.y1, columns: new Set([column]), figures });
  }
  if (lines.length < 2) return [];
  lines.sort((a, b) => a.base - b.base);
  const perColumn = new Map<number, number>();
  for (const l of lines) for (const c of l.columns) perColumn.set(c, (perColumn.get(c) ?? 0) + 1);
  const multiLine = [...perColumn.values()].filter((n) => n >= 2).length;
  const shared = lines.filter((l) => l.columns.size >= 2).length;
  if (multiLine < 2) return [];
  const rows = shared >= lines.length * 0.6 ? lines : anchoredRows(lines);
  // Rows of figures; lines of words lined up across columns are wrapped headings.
  if (rows.length < 2 || rows.filter((l) => l.figures).length < rows.length / 2 || columnsHoldLists(inBand, xs)) return [];
  const splits: number[] = [];
  for (let k = 1; k < rows.length; k++) {
    const y = (rows[k - 1]!.y1 + rows[k]!.y0) / 2;
    if (!inBand.some((s) => s.y0 < y - 0.5 && s.y1 > y + 0.5)) splits.push(y);
  }
  return splits;
}

/**
 * The rows of a band whose cells wrap, anchored on its first column (an expense list: a
 * document number, dates and an amount on a row's first line, its description on two): a line
 * with text in the first column starts a row, a line without joins the row above. Rows only
 * when every row has text in two columns or more and at least one row has two lines or more;
 * otherwise none (a wrapped label in the first column would start a row of one column).
 */
function anchoredRows(lines: Array<{ y0: number; y1: number; columns: Set<number>; figures: boolean }>): Array<{ y0: number; y1: number; figures: boolean }> {
  const anchor = Math.min(...lines.flatMap((l) => [...l.columns].filter((c) => c >= 0)));
  const rows: Array<{ y0: number; y1: number; columns: Set<number>; figures: boolean; lines: number }> = [];
  for (const l of lines) {
    const row = rows[rows.length - 1];
    if (row && !l.columns.has(anchor)) {
      row.y1 = Math.max(row.y1, l.y1);
      for (const c of l.columns) row.columns.add(c);
      row.figures ||= l.figures;
      row.lines++;
    } else rows.push({ y0: l.y0, y1: l.y1, columns: new Set(l.columns), figures: l.figures, lines: 1 });
  }
  if (rows.some((r) => r.columns.size < 2) || !rows.some((r) => r.lines >= 2)) return [];
  return rows;
}

/**
 * Whether the ruled columns of a band are columns of the page, each holding a list of its own
 * (a bulletin's results: a name, a party and a count on each line, set apart within the
 * column), not columns of a table: in a third of the lines of a column or more, the column
 * holds pieces of text two ems apart or more. A table's cell holds one piece on each line; the
 * lines of page columns only happen to share baselines, so cutting them into rows would join
 * the lines of different lists.
 */
function columnsHoldLists(inBand: Segment[], xs: number[]): boolean {
  const pieces = new Map<string, Segment[]>();
  for (const s of inBand) {
    const column = xs.findIndex((x, k) => k + 1 < xs.length && (s.x0 + s.x1) / 2 >= x && (s.x0 + s.x1) / 2 < xs[k + 1]!);
    if (column < 0 || s.glyphs.every((g) => g.c.trim() === '')) continue;
    const line = [...pieces.keys()].find((k) => k.startsWith(`${column}:`) && Math.abs(Number(k.split(':')[1]) - s.base) < s.size / 3);
    const key = line ?? `${column}:${s.base}`;
    (pieces.get(key) ?? pieces.set(key, []).get(key)!).push(s);
  }
  const lines = new Map<number, { all: number; apart: number }>();
  for (const [key, list] of pieces) {
    const column = Number(key.split(':')[0]);
    const count = lines.get(column) ?? lines.set(column, { all: 0, apart: 0 }).get(column)!;
    count.all++;
    list.sort((a, b) => a.x0 - b.x0);
    if (list.some((s, k) => k > 0 && s.x0 - list[k - 1]!.x1 >= 2 * s.size)) count.apart++;
  }
  const withLists = [...lines.values()].filter((c) => c.all >= 3 && c.apart >= c.all / 3).length;
  return withLists >= 2 && withLists >= lines.size / 2;
}

/** A section or list number as printed before a heading or an item: "6.", "6.2.1.", "(a)", "iv)". */
const SECTION_NUMBER = /^(\(?(\d{1,3}(\.\d{1,3})*\.?|[a-z]|[ivxlc]{1,5})[.)]?)$/i;

/**
 * A line of two pieces whose first is a section or list number is a numbered heading or list
 * item set with a tab, not a row of table cells.
 */
export function numberedLine(pieces: string[]): boolean {
  return pieces.length === 2 && SECTION_NUMBER.test(pieces[0]!.trim()) && /\p{L}/u.test(pieces[1]!);
}

/**
 * Whether the grid the rules draw holds text enough to be a table: a third of its cells (two at
 * least) with text. A grid with hardly any text is a drawing (a form's fields, a frame), even
 * when labels stand beside it.
 */
export function gridHoldsText(segments: Segment[], ys: number[], xs: number[]): boolean {
  const filled = new Set<string>();
  for (const s of segments) {
    const cx = (s.x0 + s.x1) / 2;
    const cy = (s.y0 + s.y1) / 2;
    const r = ys.findIndex((y, k) => k + 1 < ys.length && cy >= y && cy < ys[k + 1]!);
    const c = xs.findIndex((x, k) => k + 1 < xs.length && cx >= x && cx < xs[k + 1]!);
    if (r >= 0 && c >= 0) filled.add(`${r},${c}`);
  }
  return filled.size >= Math.max(2, ((ys.length - 1) * (xs.length - 1)) / 3);
}
