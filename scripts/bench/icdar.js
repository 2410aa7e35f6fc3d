// Table recognition on the ICDAR 2013 table competition's European documents:
// `npm run bench -- pdf-to-excel --set icdar` (PAGEWRIGHT_ICDAR overrides the folder).
//
// The competition's measure (Göbel et al., ICDAR 2013): each table is reduced to its cell
// adjacency relations, for every non-empty cell its nearest non-empty neighbour to the right
// (on each row the cell covers) and below (on each column it covers), each relation with the
// two cells' contents. Our relations are compared with the ground truth's (`NAME-str.xml`):
// precision = relations of ours found in the ground truth / relations of ours, recall = found
// / relations of the ground truth, F1 their harmonic mean. Tables are matched by region:
// each ground-truth region (`NAME-reg.xml`, PDF user space, origin bottom-left) to the table of
// ours on its page it overlaps most, one to one; a table of ours matching no region counts all
// its relations as wrong, a region without a table of ours all of its relations as missed.
// Contents compare after Unicode compatibility normalisation, without white space.
// Ours are the tables pdfToExcel writes (pdfTables: the same finder, with boxes and cells).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as mupdf from 'mupdf';
import { loadEngine, repoRoot } from './lib.js';

export const icdarDir = process.env.PAGEWRIGHT_ICDAR ?? join(repoRoot, '..', 'shared', 'corpus', 'tables-icdar2013');

const TARGET_F1 = 0.9;

const decode = (s) =>
  s.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e) => {
    const named = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[e.toLowerCase()];
    if (named) return named;
    return String.fromCodePoint(e[1].toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
  });

const attrs = (tag) => Object.fromEntries([...tag.matchAll(/([\w-]+)\s*=\s*["']([^"']*)["']/g)].map((m) => [m[1], m[2]]));

const elements = (xml, name) => [...xml.matchAll(new RegExp(`<${name}\\b([^>]*?)(?:/>|>([\\s\\S]*?)</${name}>)`, 'g'))].map((m) => ({ attrs: attrs(m[1]), body: m[2] ?? '' }));

/** Ground-truth regions of a document: table id, region id, page (1-based), box in user space. */
function readRegions(xml) {
  return elements(xml, 'table').flatMap((table) =>
    elements(table.body, 'region').map((region) => {
      const box = attrs(/<bounding-box\b([^>]*)>/.exec(region.body)?.[1] ?? '');
      return { table: table.attrs.id, region: region.attrs.id, page: Number(region.attrs.page), box: ['x1', 'y1', 'x2', 'y2'].map((k) => Number(box[k])) };
    }),
  );
}

/** Ground-truth structure: per table id and region id, the page and the cells with their spans, contents and boxes. */
function readStructure(xml) {
  const out = new Map();
  for (const table of elements(xml, 'table')) {
    for (const region of elements(table.body, 'region')) {
      const cells = elements(region.body, 'cell').map((cell) => {
        const a = cell.attrs;
        const row = Number(a['start-row']);
        const col = Number(a['start-col']);
        const text = decode(/<content>([\s\S]*?)<\/content>/.exec(cell.body)?.[1] ?? '');
        const box = attrs(/<bounding-box\b([^>]*)>/.exec(cell.body)?.[1] ?? '');
        return { row, col, rowSpan: Number(a['end-row'] ?? row) - row + 1, colSpan: Number(a['end-col'] ?? col) - col + 1, text, box: ['x1', 'y1', 'x2', 'y2'].map((k) => Number(box[k])) };
      });
      out.set(`${table.attrs.id}/${region.attrs.id}`, { page: Number(region.attrs.page), cells });
    }
  }
  return out;
}

const normalise = (text) => text.normalize('NFKC').replace(/\s+/g, '');

/** The adjacency relations of a table's cells, as 'direction|from|to' keys (a multiset, as an array). */
export function adjacencyRelations(cells) {
  const filled = cells.filter((c) => normalise(c.text) !== '');
  const at = new Map();
  let rows = 0;
  let cols = 0;
  for (const [i, c] of filled.entries()) {
    for (let r = c.row; r < c.row + c.rowSpan; r++) for (let k = c.col; k < c.col + c.colSpan; k++) at.set(`${r},${k}`, i);
    rows = Math.max(rows, c.row + c.rowSpan);
    cols = Math.max(cols, c.col + c.colSpan);
  }
  const relations = [];
  for (const [i, c] of filled.entries()) {
    const right = new Set();
    for (let r = c.row; r < c.row + c.rowSpan; r++) {
      for (let k = c.col + c.colSpan; k < cols; k++) {
        const j = at.get(`${r},${k}`);
        if (j !== undefined && j !== i) {
          right.add(j);
          break;
        }
      }
    }
    const below = new Set();
    for (let k = c.col; k < c.col + c.colSpan; k++) {
      for (let r = c.row + c.rowSpan; r < rows; r++) {
        const j = at.get(`${r},${k}`);
        if (j !== undefined && j !== i) {
          below.add(j);
          break;
        }
      }
    }
    for (const j of right) relations.push(`h|${normalise(c.text)}|${normalise(filled[j].text)}`);
    for (const j of below) relations.push(`v|${normalise(c.text)}|${normalise(filled[j].text)}`);
  }
  return relations;
}

/** How many relations two multisets share. */
function shared(a, b) {
  const counts = new Map();
  for (const k of b) counts.set(k, (counts.get(k) ?? 0) + 1);
  let n = 0;
  for (const k of a) {
    const left = counts.get(k) ?? 0;
    if (left > 0) {
      n++;
      counts.set(k, left - 1);
    }
  }
  return n;
}

/** A ground-truth box (PDF user space) in the frame of our boxes, by that frame's transform. */
function framedBox(m, [x1, y1, x2, y2]) {
  const pts = [
    [x1, y1],
    [x2, y2],
  ].map(([x, y]) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]);
  return { x0: Math.min(pts[0][0], pts[1][0]), y0: Math.min(pts[0][1], pts[1][1]), x1: Math.max(pts[0][0], pts[1][0]), y1: Math.max(pts[0][1], pts[1][1]) };
}

const multiply = (a, b) => [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3], a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]];
const invert = (m) => {
  const det = m[0] * m[3] - m[1] * m[2];
  return [m[3] / det, -m[1] / det, -m[2] / det, m[0] / det, (m[2] * m[5] - m[3] * m[4]) / det, (m[1] * m[4] - m[0] * m[5]) / det];
};

/**
 * The matrix from the ground truth's coordinates to those of our boxes (`ours`: our frame's
 * transform from user space, or the displayed page's). The ground truth is in PDF user space,
 * except on a page with a /Rotate: there the competition's tool recorded the page as displayed,
 * y measured upwards from the unrotated height (eu-015's boxes only fit the page that way).
 */
function truthToOurs(doc, pageNumber, ours) {
  const page = doc.loadPage(pageNumber - 1);
  try {
    const displayed = page.getTransform();
    const frame = ours ?? displayed;
    const rotate = page.getObject().getInheritable('Rotate');
    if (!rotate.isNumber() || rotate.asNumber() % 360 === 0) return frame;
    const top = page.getObject().getInheritable('MediaBox').asJS()[3];
    const fromTruth = [1, 0, 0, -1, 0, top];
    return multiply(multiply(fromTruth, invert(displayed)), frame);
  } finally {
    page.destroy();
  }
}

const overlap = (a, b) => Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) * Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));
const area = (a) => (a.x1 - a.x0) * (a.y1 - a.y0);

/** Scores one document: relation counts of ours, of the ground truth and shared, and tables. */
export function scoreDocument(doc, regions, structure, ours) {
  const truth = regions.map((r) => {
    // The region of a structure table is where its cells are: in a few documents the two files
    // number the same tables differently (eu-015's table 1 of -reg.xml is table 2 of -str.xml).
    const { page, cells } = structure.get(`${r.table}/${r.region}`) ?? { page: r.page, cells: [] };
    const boxes = cells.map((c) => c.box).filter((b) => b.every(Number.isFinite));
    const box = boxes.length ? [Math.min(...boxes.map((b) => b[0])), Math.min(...boxes.map((b) => b[1])), Math.max(...boxes.map((b) => b[2])), Math.max(...boxes.map((b) => b[3]))] : r.box;
    const transform = truthToOurs(doc, page, ours.find((t) => t.page === page)?.transform);
    return { ...r, page, bbox: framedBox(transform, box), relations: adjacencyRelations(cells) };
  });
  const mine = ours.map((t) => ({ ...t, relations: adjacencyRelations(t.cells) }));
  // One to one, largest overlaps first; an overlap must cover half of the smaller box.
  const pairs = [];
  for (const [g, t] of truth.entries()) {
    for (const [o, m] of mine.entries()) {
      if (m.page !== t.page) continue;
      const shared = overlap(t.bbox, m.bbox);
      if (shared >= 0.5 * Math.min(area(t.bbox), area(m.bbox))) pairs.push({ g, o, shared });
    }
  }
  pairs.sort((a, b) => b.shared - a.shared);
  const usedG = new Set();
  const usedO = new Set();
  let correct = 0;
  for (const { g, o } of pairs) {
    if (usedG.has(g) || usedO.has(o)) continue;
    usedG.add(g);
    usedO.add(o);
    correct += shared(mine[o].relations, truth[g].relations);
  }
  return {
    correct,
    ours: mine.reduce((n, m) => n + m.relations.length, 0),
    truth: truth.reduce((n, t) => n + t.relations.length, 0),
    tablesTruth: truth.length,
    tablesOurs: mine.length,
    tablesMatched: usedG.size,
  };
}

const prf = ({ correct, ours, truth }) => {
  const p = ours === 0 ? (truth === 0 ? 1 : 0) : correct / ours;
  const r = truth === 0 ? 1 : correct / truth;
  return { p, r, f: p + r === 0 ? 0 : (2 * p * r) / (p + r) };
};

export async function run() {
  if (!existsSync(icdarDir)) {
    process.stdout.write(`no ICDAR 2013 folder at ${icdarDir}: skipped\n`);
    return 0;
  }
  const engine = await loadEngine();
  const filter = process.env.PAGEWRIGHT_BENCH_FILES ? new RegExp(process.env.PAGEWRIGHT_BENCH_FILES) : undefined;
  const names = readdirSync(icdarDir)
    .filter((f) => /\.pdf$/.test(f) && existsSync(join(icdarDir, f.replace(/\.pdf$/, '-str.xml'))))
    .filter((f) => !filter || filter.test(f))
    .sort();
  const line = (cells) => process.stdout.write(`${cells.join('  ')}\n`);
  line(['file'.padEnd(10), 'tables', 'found', 'matched', 'relations', 'ours', 'correct', 'precision', 'recall', '   F1']);
  const total = { correct: 0, ours: 0, truth: 0, tablesTruth: 0, tablesOurs: 0, tablesMatched: 0 };
  const perFile = [];
  let pages = 0;
  let seconds = 0;
  for (const name of names) {
    const path = join(icdarDir, name);
    const base = path.replace(/\.pdf$/, '');
    const regions = readRegions(readFileSync(`${base}-reg.xml`, 'utf8'));
    const structure = readStructure(readFileSync(`${base}-str.xml`, 'utf8'));
    const start = performance.now();
    const ours = await engine.pdfTables({ path });
    seconds += (performance.now() - start) / 1000;
    const doc = mupdf.PDFDocument.openDocument(readFileSync(path), 'application/pdf').asPDF();
    let s;
    try {
      pages += doc.countPages();
      s = scoreDocument(doc, regions, structure, ours);
    } finally {
      doc.destroy();
    }
    for (const k of Object.keys(total)) total[k] += s[k];
    const m = prf(s);
    perFile.push(m);
    line([name.replace(/\.pdf$/, '').padEnd(10), String(s.tablesTruth).padStart(6), String(s.tablesOurs).padStart(5), String(s.tablesMatched).padStart(7), String(s.truth).padStart(9), String(s.ours).padStart(4), String(s.correct).padStart(7), m.p.toFixed(3).padStart(9), m.r.toFixed(3).padStart(6), m.f.toFixed(3).padStart(5)]);
  }
  const all = prf(total);
  line(['all'.padEnd(10), String(total.tablesTruth).padStart(6), String(total.tablesOurs).padStart(5), String(total.tablesMatched).padStart(7), String(total.truth).padStart(9), String(total.ours).padStart(4), String(total.correct).padStart(7), all.p.toFixed(3).padStart(9), all.r.toFixed(3).padStart(6), all.f.toFixed(3).padStart(5)]);
  const meanP = perFile.reduce((a, m) => a + m.p, 0) / Math.max(1, perFile.length);
  const meanR = perFile.reduce((a, m) => a + m.r, 0) / Math.max(1, perFile.length);
  const meanF = meanP + meanR === 0 ? 0 : (2 * meanP * meanR) / (meanP + meanR);
  process.stdout.write(`mean over documents: precision ${meanP.toFixed(3)}, recall ${meanR.toFixed(3)}, F1 ${meanF.toFixed(3)}\n`);
  process.stdout.write(`cell adjacency F1 ${all.f.toFixed(3)} (all relations pooled; target ${TARGET_F1.toFixed(2)}): ${all.f >= TARGET_F1 ? 'met' : 'NOT met'}; ${(pages / seconds).toFixed(1)} pages/s\n`);
  return 0;
}
