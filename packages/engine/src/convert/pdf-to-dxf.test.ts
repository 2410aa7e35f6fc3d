import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RICH, richPdf } from '../../test/convert-fixtures.js';
import { buildPdf } from '../../test/fixtures.js';
import { errorOf, useTempDir } from '../../test/harness.js';
import { toolsAvailable } from '../../test/tools.js';
import { dxfText, MM_PER_POINT, PAGE_GAP_MM, pdfToDxf } from './pdf-to-dxf.js';

const tmp = useTempDir('pagewright-pdf-to-dxf-');

interface Entity {
  type: string;
  /** Group code -> values, in file order. */
  codes: Map<number, string[]>;
  vertices: Array<[number, number]>;
}

/** A small DXF reader: header variables and entities (POLYLINE vertices folded into their polyline). */
function readDxf(text: string): { header: Map<string, Map<number, string>>; entities: Entity[] } {
  const lines = text.split(/\r?\n/);
  const pairs: Array<[number, string]> = [];
  for (let i = 0; i + 1 < lines.length; i += 2) pairs.push([Number(lines[i]!.trim()), lines[i + 1]!]);
  const header = new Map<string, Map<number, string>>();
  const entities: Entity[] = [];
  let section = '';
  let variable: Map<number, string> | undefined;
  let entity: Entity | undefined;
  let polyline: Entity | undefined;
  for (const [code, value] of pairs) {
    if (code === 0) {
      variable = undefined;
      if (value === 'SECTION' || value === 'ENDSEC' || value === 'EOF') {
        section = '';
        entity = undefined;
        continue;
      }
      if (section === 'ENTITIES') {
        if (value === 'VERTEX' && polyline) {
          entity = { type: 'VERTEX', codes: new Map(), vertices: [] };
          continue;
        }
        if (value === 'SEQEND') {
          polyline = undefined;
          entity = undefined;
          continue;
        }
        entity = { type: value, codes: new Map(), vertices: [] };
        entities.push(entity);
        if (value === 'POLYLINE') polyline = entity;
      }
      continue;
    }
    if (code === 2 && section === '' && !entity) {
      section = value;
      continue;
    }
    if (section === 'HEADER') {
      if (code === 9) header.set(value, (variable = new Map()));
      else variable?.set(code, value);
      continue;
    }
    if (!entity) continue;
    if (entity.type === 'VERTEX' && polyline) {
      if (code === 10) polyline.vertices.push([Number(value), NaN]);
      if (code === 20) polyline.vertices[polyline.vertices.length - 1]![1] = Number(value);
      continue;
    }
    entity.codes.set(code, [...(entity.codes.get(code) ?? []), value]);
  }
  return { header, entities };
}

const num = (e: Entity, code: number): number => Number(e.codes.get(code)?.[0]);

describe('pdfToDxf', () => {
  it('writes text and vector paths at true scale in millimetres, upright', async () => {
    const input = tmp.file('rich.pdf', richPdf());
    const extents = await pdfToDxf({ path: input }, tmp.out('rich.dxf'));
    const [w, h] = RICH.size;
    expect(extents.width).toBeCloseTo(w * MM_PER_POINT, 3);
    const { header, entities } = readDxf(readFileSync(tmp.out('rich.dxf'), 'latin1'));
    expect(header.get('$ACADVER')?.get(1)).toBe('AC1009');
    expect(header.get('$INSUNITS')?.get(70)?.trim()).toBe('4');
    expect(Number(header.get('$EXTMAX')?.get(10))).toBeCloseTo(w * MM_PER_POINT, 2);
    expect(Number(header.get('$EXTMAX')?.get(20))).toBeCloseTo(h * MM_PER_POINT, 2);

    const texts = entities.filter((e) => e.type === 'TEXT');
    expect(texts.map((e) => e.codes.get(1)?.[0])).toEqual([RICH.title, RICH.body, RICH.red, RICH.script]);
    // The title's baseline: 20 pt from the left, 250 pt above the bottom edge (y up).
    const title = texts[0]!;
    expect(num(title, 10)).toBeCloseTo(20 * MM_PER_POINT, 2);
    expect(num(title, 20)).toBeCloseTo(250 * MM_PER_POINT, 2);
    // The red line keeps its colour (ACI 1).
    expect(texts[2]!.codes.get(62)?.[0]).toBe('1');

    // The page frame, the 150 x 80 pt rectangle (closed) and the flattened curve.
    const polylines = entities.filter((e) => e.type === 'POLYLINE');
    const frame = polylines.find((e) => e.codes.get(8)?.[0] === 'PAGE')!;
    expect(Math.max(...frame.vertices.map((v) => v[0]))).toBeCloseTo(w * MM_PER_POINT, 2);
    const art = polylines.filter((e) => e.codes.get(8)?.[0] === 'VECTOR');
    const rect = art.find((e) => e.vertices.length === 4 && e.codes.get(70)?.[0]?.trim() === '1')!;
    const xs = rect.vertices.map((v) => v[0]);
    const ys = rect.vertices.map((v) => v[1]);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(150 * MM_PER_POINT, 2);
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(80 * MM_PER_POINT, 2);
    expect(Math.min(...ys)).toBeCloseTo(20 * MM_PER_POINT, 2);
    const curve = art.find((e) => e.vertices.length > 4)!;
    expect(curve.vertices[0]![0]).toBeCloseTo(200 * MM_PER_POINT, 2);
    expect(curve.vertices.at(-1)![0]).toBeCloseTo(380 * MM_PER_POINT, 2);
    expect(curve.codes.get(62)?.[0]).toBe('5');
  });

  it('stacks pages top to bottom with a gap', async () => {
    const input = tmp.file('two.pdf', buildPdf({ pages: ['First', 'Second'], size: [72, 144] }));
    const extents = await pdfToDxf({ path: input }, tmp.out('two.dxf'));
    expect(extents.height).toBeCloseTo(2 * 144 * MM_PER_POINT + PAGE_GAP_MM, 3);
    const texts = readDxf(readFileSync(tmp.out('two.dxf'), 'latin1')).entities.filter((e) => e.type === 'TEXT');
    expect(texts.map((e) => e.codes.get(1)?.[0])).toEqual(['First', 'Second']);
    expect(num(texts[0]!, 20) - num(texts[1]!, 20)).toBeCloseTo(144 * MM_PER_POINT + PAGE_GAP_MM, 2);
  });

  it('escapes characters outside Windows-1252 and drops line breaks', () => {
    expect(dxfText('Grüße\n€ 5 — Ω')).toBe('Grüße \\U+20AC 5 \\U+2014 \\U+03A9');
  });

  it('fails on a non-PDF without writing', async () => {
    expect((await errorOf(pdfToDxf({ path: tmp.file('x.pdf', Buffer.from('nope')) }, tmp.out('x.dxf')))).code).toBe('FILE_TYPE_ERROR');
  });

  it.skipIf(!toolsAvailable('pdfToDxf opens in LibreOffice Draw', 'soffice', 'pdftotext'))('opens in LibreOffice Draw, which finds the text', async () => {
    const input = tmp.file('lo.pdf', richPdf());
    await pdfToDxf({ path: input }, tmp.out('lo.dxf'));
    const profile = mkdtempSync(join(tmpdir(), 'pagewright-lo-profile-'));
    try {
      const run = spawnSync('soffice', [`-env:UserInstallation=${pathToFileURL(profile).href}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', tmp.dir, tmp.out('lo.dxf')], { encoding: 'utf8', timeout: 60_000 });
      expect(run.status).toBe(0);
    } finally {
      rmSync(profile, { recursive: true, force: true });
    }
    const text = spawnSync('pdftotext', [tmp.out('lo.pdf'), '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
    expect(text).toContain(RICH.title);
    expect(text).toContain(RICH.body);
  }, 90_000);
});
