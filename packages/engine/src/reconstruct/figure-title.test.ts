/**
 * A chart's title set just above the chart, in a side column beside the body (a bulletin's
 * charts down the right of its table): the chart floats at its place, and its title goes with
 * it, framed at its place, instead of taking a line's height in the body's flow. In the flow it
 * pushed a full page's body past the page, and the fitting pass squeezed every line of the
 * body to make room, moving the body's lines up from where they are drawn.
 */
import { describe, expect, it } from 'vitest';
import { analysePdf } from './analyse.js';
import { useTempDir } from '../../test/harness.js';
import { opsPdf } from '../../test/layout-fixtures.js';
import { wordBox } from '../../test/page-tools-fixtures.js';
import { useWordRoundTrip } from '../../test/word-round-trip.js';

const tmp = useTempDir('pagewright-figure-title-');
const roundTrip = useWordRoundTrip(tmp);

const SIZE = 10;
const PITCH = 14;
const LINES = 54;
const TITLE = 'Weekly ethanol price';

/** A body of short lines from the top of an A4 page to its bottom, and beside it a chart with its title. */
function sideChartPdf(): Uint8Array {
  const ops: string[] = [];
  for (let i = 0; i < LINES; i++) ops.push(`BT /F1 ${SIZE} Tf 40 ${800 - i * PITCH} Td (Row${i + 1} price quoted this week) Tj ET`);
  ops.push(`BT /F1 ${SIZE} Tf 380 751 Td (${TITLE}) Tj ET`);
  // The chart: a frame, a grid and a price line drawn with paths.
  ops.push('0.5 w 0 G 340 560 220 185 re S');
  for (let k = 1; k < 5; k++) ops.push(`0.25 w 0.7 G 340 ${560 + k * 35} m 560 ${560 + k * 35} l S`);
  ops.push(`1.5 w 0 0 1 RG 340 600 m ${[...Array(10).keys()].map((k) => `${362 + k * 22} ${600 + ((k * 37) % 90)} l`).join(' ')} S`);
  return opsPdf(ops);
}

describe("a chart's title in a side column beside a full page's body", () => {
  it('reads the chart as a picture floating beside the body, with its title just above it', async () => {
    const layout = await analysePdf({ path: tmp.file('side-chart.pdf', sideChartPdf()) });
    const blocks = layout.pages[0]!.blocks;
    const chart = blocks.find((b) => b.kind === 'image');
    expect(chart?.kind === 'image' && chart.float).toBe(true);
    expect(blocks.some((b) => b.kind === 'paragraph' && b.runs.map((r) => r.text).join('').trim() === TITLE)).toBe(true);
  });

  it("frames the title at its place, and LibreOffice keeps the body's lines on one page where they are drawn", async () => {
    const pdf = tmp.file('side-chart-w.pdf', sideChartPdf());
    const { xml, rendered, pages } = await roundTrip('side-chart', pdf);
    const framed = xml.split('</w:p>').find((p) => p.includes(TITLE));
    expect(framed).toContain('<w:framePr');
    expect(pages).toBe(1);
    // The body's last line as low as drawn (squeezed to make room for the title, it rose by
    // about a line), and the title at its own place.
    const last = `Row${LINES} `;
    expect(Math.abs(wordBox(rendered, last).y - wordBox(pdf, last).y)).toBeLessThan(PITCH / 2);
    expect(Math.abs(wordBox(rendered, TITLE).y - wordBox(pdf, TITLE).y)).toBeLessThan(PITCH / 2);
  });
});
