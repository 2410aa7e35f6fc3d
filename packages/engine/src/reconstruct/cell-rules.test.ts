/**
 * A ruled table's rules as drawn: a statistics grid ruled every fifth row in grey, its first
 * column ruled off in black and shaded, its columns of counts not ruled from each other. Each
 * cell knows which of its edges a rule is drawn along and in which colour, and the DOCX draws
 * those only: a row edge that is not drawn keeps a rule as wide, in the colour under it, so
 * that the table's rows take the height they take when every row edge is ruled.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { analysePdf } from './analyse.js';
import { pdfToWord } from '../convert/pdf-to-word.js';
import type { Table } from './layout.js';
import { useTempDir } from '../../test/harness.js';
import { opsPdf } from '../../test/layout-fixtures.js';

const tmp = useTempDir('pagewright-cell-rules-');

const ROWS = 15;
const COLUMNS = 4;
const LEFT = 72;
const WIDTHS = [110, 60, 60, 60];
const PITCH = 12;
const TOP = 700;
/** The fill of the first column, as drawn (0.8 1 1 rg). */
const FILL = 'ccffff';
/** The rules across the table (0.5 G) and down it (black), as drawn. */
const GREY = '808080';
const BLACK = '000000';

/**
 * Rows of a region's name and three counts; grey rules across the table above every fifth row
 * and under the last; black rules down the table at its two sides and after the names only; the
 * names' column filled.
 */
function everyFifthRowPdf(): Uint8Array {
  const xs = WIDTHS.reduce((edges, w) => [...edges, edges[edges.length - 1]! + w], [LEFT]);
  const right = xs[xs.length - 1]!;
  const bottom = TOP - ROWS * PITCH;
  const ops = [`0.8 1 1 rg ${LEFT} ${bottom} ${WIDTHS[0]} ${ROWS * PITCH} re f 0 0 0 rg`];
  for (let r = 0; r < ROWS; r++) {
    const base = TOP - (r + 1) * PITCH + 3;
    ops.push(`BT /F1 8 Tf ${LEFT + 4} ${base} Td (Region ${r + 1}) Tj ET`);
    for (let c = 1; c < COLUMNS; c++) {
      const count = String(((r + 3) * (c + 7) * 37) % 9000);
      ops.push(`BT /F1 8 Tf ${xs[c + 1]! - 4 - count.length * 0.556 * 8} ${base} Td (${count}) Tj ET`);
    }
  }
  for (let r = 0; r <= ROWS; r += 5) ops.push(`0.5 G 0.5 w ${LEFT} ${TOP - r * PITCH} m ${right} ${TOP - r * PITCH} l S`);
  for (const x of [LEFT, xs[1]!, right]) ops.push(`0 G 0.5 w ${x} ${TOP} m ${x} ${bottom} l S`);
  return opsPdf(ops);
}

/** Each cell's four edges in the DOCX, row by row: `style colour size` of each. */
function cellEdges(xml: string): Record<'top' | 'bottom' | 'left' | 'right', string>[][] {
  return [...xml.matchAll(/<w:tr>.*?<\/w:tr>/gs)].map(([row]) =>
    [...row.matchAll(/<w:tcBorders>(.*?)<\/w:tcBorders>/gs)].map(([, borders]) => {
      const edge = (side: string): string => {
        const e = new RegExp(`<w:${side} ([^>]*)/>`).exec(borders!)?.[1] ?? '';
        return ['val', 'color', 'sz'].map((a) => new RegExp(`w:${a}="([^"]*)"`).exec(e)?.[1] ?? '-').join(' ');
      };
      return { top: edge('top'), bottom: edge('bottom'), left: edge('left'), right: edge('right') };
    }),
  );
}

describe('a ruled table whose rules are drawn every fifth row and after its first column only', () => {
  it('gives each cell the edges a rule is drawn along, in the colour of the rule', async () => {
    const layout = await analysePdf({ path: tmp.file('fifth.pdf', everyFifthRowPdf()) });
    const table = layout.pages[0]!.blocks.find((b): b is Table => b.kind === 'table');
    expect(table?.ruled).toBe(true);
    expect(table!.rows).toHaveLength(ROWS);
    expect(table!.columns).toHaveLength(COLUMNS);
    for (const [r, row] of table!.rows.entries()) {
      expect(row.cells.map((c) => c.rules)).toEqual(
        row.cells.map((_, c) => ({
          ...(r % 5 === 0 ? { top: GREY } : {}),
          ...(r % 5 === 4 ? { bottom: GREY } : {}),
          ...(c <= 1 ? { left: BLACK } : {}),
          ...(c === 0 || c === COLUMNS - 1 ? { right: BLACK } : {}),
        })),
      );
    }
  });

  it('draws in the DOCX only the rules drawn in the PDF, in their colours; a row edge not drawn is as wide, in the fill or the paper colour', async () => {
    const path = tmp.file('fifth-word.pdf', everyFifthRowPdf());
    const docx = tmp.out('fifth.docx');
    await pdfToWord({ path }, docx);
    const xml = execFileSync('unzip', ['-p', docx, 'word/document.xml'], { encoding: 'utf8' });
    const rows = cellEdges(xml);
    expect(rows).toHaveLength(ROWS);
    const across = `single ${GREY} 4`;
    const down = `single ${BLACK} 4`;
    for (const [r, cells] of rows.entries()) {
      expect(cells).toHaveLength(COLUMNS);
      for (const [c, edges] of cells.entries()) {
        const unseen = `single ${c === 0 ? FILL : 'FFFFFF'} 4`;
        expect(edges).toEqual({
          top: r % 5 === 0 ? across : unseen,
          bottom: r % 5 === 4 ? across : unseen,
          left: c <= 1 ? down : 'none FFFFFF 0',
          right: c === 0 || c === COLUMNS - 1 ? down : 'none FFFFFF 0',
        });
      }
    }
  });
});
