/**
 * Test fixtures made with MuPDF at test time (no binary fixtures in the repository), and
 * helpers that read results back.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mupdf, type PDFDocument, type PDFObject } from '../src/mupdf.js';
import { savePdf } from '../src/pdf/save.js';

export interface OutlineSpec {
  title: string;
  /** 0-based target page, as an explicit destination... */
  page?: number;
  /** ...or a named destination (looked up in /Names /Dests). */
  named?: string;
  open?: boolean;
  children?: OutlineSpec[];
}

export type LinkSpec =
  | { page: number; uri: string }
  | { page: number; toPage: number }
  /** /Dest (name) as a string: a named destination in the /Names /Dests tree. */
  | { page: number; namedDest: string }
  /** /A << /S /GoTo /D (name) >> */
  | { page: number; gotoNamed: string }
  /** /Dest /name: an old-style named destination from the catalogue's /Dests dictionary. */
  | { page: number; oldNamed: string };

export interface PdfSpec {
  /** The text drawn on each page; one entry per page. */
  pages: string[];
  size?: [number, number];
  rotate?: 0 | 90 | 180 | 270;
  outline?: OutlineSpec[];
  links?: LinkSpec[];
  /** Named destinations for the /Names /Dests tree: name -> 0-based page. */
  namedDests?: Record<string, number>;
  /** Old-style /Dests dictionary entries: name -> 0-based page. */
  oldDests?: Record<string, number>;
  /** A text field per entry: [pageIndex, fieldName, value]. */
  fields?: Array<[number, string, string]>;
  /** Attached files: name -> content. */
  attachments?: Record<string, string>;
  /** A sticky note (Text annotation) with these contents on page 1. */
  note?: string;
  encrypt?: { user: string; owner: string };
  /** MuPDF save options (default "compress"). */
  saveOptions?: string;
}

function escapePdfText(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

export function buildPdf(spec: PdfSpec): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const [w, h] = spec.size ?? [300, 400];
    const font = doc.addSimpleFont(new mupdf.Font('Helvetica'));
    for (const text of spec.pages) {
      const page = doc.addPage([0, 0, w, h], spec.rotate ?? 0, { Font: { F1: font } }, `BT /F1 18 Tf 20 ${h - 60} Td (${escapePdfText(text)}) Tj ET`);
      doc.insertPage(-1, page);
    }
    const pageRef = (i: number): PDFObject => doc.findPage(i);
    const explicit = (i: number): PDFObject => {
      const dest = doc.newArray();
      dest.push(pageRef(i));
      dest.push(doc.newName('XYZ'));
      dest.push(0);
      dest.push(h);
      dest.push(0);
      return dest;
    };
    const root = doc.getTrailer().get('Root');
    if (spec.namedDests) {
      const names = doc.newArray();
      for (const key of Object.keys(spec.namedDests).sort()) {
        names.push(doc.newString(key));
        names.push(doc.addObject(explicit(spec.namedDests[key]!)));
      }
      const dests = doc.newDictionary();
      dests.put('Names', names);
      const namesDict = doc.newDictionary();
      namesDict.put('Dests', doc.addObject(dests));
      root.put('Names', namesDict);
    }
    if (spec.oldDests) {
      const dests = doc.newDictionary();
      for (const [key, page] of Object.entries(spec.oldDests)) dests.put(key, explicit(page));
      root.put('Dests', doc.addObject(dests));
    }
    const addAnnot = (pageIndex: number, annot: PDFObject): PDFObject => {
      const page = pageRef(pageIndex);
      annot.put('P', page);
      const ref = doc.addObject(annot);
      let annots = page.get('Annots');
      if (!annots.isArray()) annots = page.put('Annots', doc.newArray());
      annots.push(ref);
      return ref;
    };
    (spec.links ?? []).forEach((link, i) => {
      const annot = doc.newDictionary();
      annot.put('Type', doc.newName('Annot'));
      annot.put('Subtype', doc.newName('Link'));
      annot.put('Rect', [20, 20 + i * 30, 200, 40 + i * 30]);
      annot.put('Border', [0, 0, 0]);
      if ('uri' in link) {
        const action = doc.newDictionary();
        action.put('S', doc.newName('URI'));
        action.put('URI', doc.newString(link.uri));
        annot.put('A', action);
      } else if ('toPage' in link) {
        annot.put('Dest', explicit(link.toPage));
      } else if ('namedDest' in link) {
        annot.put('Dest', doc.newString(link.namedDest));
      } else if ('gotoNamed' in link) {
        const action = doc.newDictionary();
        action.put('S', doc.newName('GoTo'));
        action.put('D', doc.newString(link.gotoNamed));
        annot.put('A', action);
      } else {
        annot.put('Dest', doc.newName(link.oldNamed));
      }
      addAnnot(link.page, annot);
    });
    if (spec.outline) writeOutlineSpec(doc, spec.outline, explicit);
    if (spec.fields) {
      const fields = doc.newArray();
      spec.fields.forEach(([pageIndex, name, value], i) => {
        const widget = doc.newDictionary();
        widget.put('Type', doc.newName('Annot'));
        widget.put('Subtype', doc.newName('Widget'));
        widget.put('FT', doc.newName('Tx'));
        widget.put('T', doc.newString(name));
        widget.put('V', doc.newString(value));
        widget.put('Rect', [20, 200 + i * 30, 200, 220 + i * 30]);
        widget.put('DA', doc.newString('/Helv 10 Tf 0 g'));
        fields.push(addAnnot(pageIndex, widget));
      });
      const form = doc.newDictionary();
      form.put('Fields', fields);
      form.put('DA', doc.newString('/Helv 10 Tf 0 g'));
      root.put('AcroForm', doc.addObject(form));
    }
    if (spec.note !== undefined) {
      const page = doc.loadPage(0);
      const note = page.createAnnotation('Text');
      note.setRect([250, 350, 270, 370]);
      note.setContents(spec.note);
      note.setPopup([200, 200, 290, 300]);
      note.update();
      page.destroy();
    }
    for (const [name, content] of Object.entries(spec.attachments ?? {})) {
      const fileSpec = doc.addEmbeddedFile(name, 'text/plain', content, new Date(0), new Date(0));
      doc.insertEmbeddedFile(name, fileSpec);
    }
    const options = spec.encrypt
      ? `encrypt=aes-256,user-password=${spec.encrypt.user},owner-password=${spec.encrypt.owner}`
      : spec.saveOptions ?? 'compress';
    return savedBytes(doc, options);
  } finally {
    doc.destroy();
  }
}

function writeOutlineSpec(doc: PDFDocument, items: OutlineSpec[], explicit: (page: number) => PDFObject): void {
  const root = doc.addObject(doc.newDictionary());
  root.put('Type', doc.newName('Outlines'));
  const writeLevel = (level: OutlineSpec[], parent: PDFObject): number => {
    const refs = level.map(() => doc.addObject(doc.newDictionary()));
    let visible = 0;
    level.forEach((item, i) => {
      const ref = refs[i]!;
      ref.put('Title', doc.newString(item.title));
      ref.put('Parent', parent);
      if (i > 0) ref.put('Prev', refs[i - 1]!);
      if (i < refs.length - 1) ref.put('Next', refs[i + 1]!);
      if (item.named !== undefined) ref.put('Dest', doc.newString(item.named));
      else if (item.page !== undefined) ref.put('Dest', explicit(item.page));
      visible += 1;
      if (item.children?.length) {
        const inner = writeLevel(item.children, ref);
        const open = item.open ?? true;
        ref.put('Count', open ? inner : -inner);
        if (open) visible += inner;
      }
    });
    parent.put('First', refs[0]!);
    parent.put('Last', refs[refs.length - 1]!);
    return visible;
  };
  root.put('Count', writeLevel(items, root));
  doc.getTrailer().get('Root').put('Outlines', root);
}

/** The document saved with `options` (mupdf save options), as bytes: the engine's own save. */
export const savedBytes = savePdf;

/** A temporary directory removed by the returned cleanup function. */
export function tempDir(prefix = 'pagewright-engine-'): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export function writePdf(dir: string, name: string, spec: PdfSpec): string {
  const path = join(dir, name);
  writeFileSync(path, buildPdf(spec));
  return path;
}

/* ---------------------------------------------------------------- reading results back */

export interface ReadOutline {
  title: string;
  page: number | undefined;
  children: ReadOutline[];
}

export interface ReadLink {
  /** 0-based page the link sits on. */
  on: number;
  uri: string;
  /** 0-based target page of an internal link. */
  target: number | undefined;
  external: boolean;
}

export interface ReadBack {
  pageCount: number;
  texts: string[];
  outline: ReadOutline[];
  links: ReadLink[];
  needsPassword: boolean;
  encryption: string | undefined;
  /** How many objects with /Type /Page the file holds (more than pageCount: pages were dragged along). */
  pageObjects: number;
  /** Per page: the object number of each annotation's /P (or -1 when missing). */
  annotParents: number[][];
  pageObjectNumbers: number[];
  widgets: Array<{ on: number; name: string; value: string }>;
  annotations: Array<{ on: number; type: string; contents: string }>;
  /** Every entry of every page's /Annots, with the object numbers of /Popup and /Parent. */
  rawAnnots: Array<{ on: number; num: number; subtype: string; popup: number; parent: number }>;
  attachments: string[];
}

export function readBack(bytes: Uint8Array): ReadBack {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf').asPDF()!;
  try {
    const pageCount = doc.countPages();
    const texts: string[] = [];
    const links: ReadLink[] = [];
    const annotParents: number[][] = [];
    const pageObjectNumbers: number[] = [];
    const widgets: ReadBack['widgets'] = [];
    const annotations: ReadBack['annotations'] = [];
    const rawAnnots: ReadBack['rawAnnots'] = [];
    const numOf = (obj: PDFObject): number => (obj.isIndirect() ? obj.asIndirect() : -1);
    for (let i = 0; i < pageCount; i++) {
      const page = doc.loadPage(i) as mupdf.PDFPage;
      const text = page.toStructuredText('preserve-whitespace');
      texts.push(text.asText().trim());
      text.destroy();
      for (const link of page.getLinks()) {
        const external = link.isExternal();
        links.push({ on: i, uri: link.getURI(), external, target: external ? undefined : doc.resolveLink(link) });
      }
      for (const widget of page.getWidgets()) widgets.push({ on: i, name: widget.getName(), value: widget.getValue() });
      for (const annot of page.getAnnotations()) annotations.push({ on: i, type: annot.getType(), contents: annot.getContents() });
      const pageObj = page.getObject();
      pageObjectNumbers.push(doc.findPage(i).asIndirect());
      const annots = pageObj.get('Annots');
      const parents: number[] = [];
      if (annots.isArray()) {
        for (let k = 0; k < annots.length; k++) {
          const annot = annots.get(k);
          parents.push(numOf(annot.get('P')));
          const subtype = annot.get('Subtype');
          rawAnnots.push({
            on: i,
            num: numOf(annot),
            subtype: subtype.isName() ? subtype.asName() : '',
            popup: numOf(annot.get('Popup')),
            parent: numOf(annot.get('Parent')),
          });
        }
      }
      annotParents.push(parents);
      page.destroy();
    }
    let pageObjects = 0;
    for (let num = 1; num < doc.countObjects(); num++) {
      const obj = doc.newIndirect(num);
      if (obj.isDictionary() && obj.get('Type').isName() && obj.get('Type').asName() === 'Page') pageObjects++;
    }
    const toOutline = (items: ReturnType<PDFDocument['loadOutline']>): ReadOutline[] =>
      (items ?? []).map((item) => ({ title: item.title ?? '', page: item.page, children: toOutline(item.down ?? []) }));
    return {
      pageCount,
      texts,
      outline: toOutline(doc.loadOutline()),
      links,
      needsPassword: doc.needsPassword(),
      encryption: doc.getMetaData('encryption'),
      pageObjects,
      annotParents,
      pageObjectNumbers,
      widgets,
      annotations,
      rawAnnots,
      attachments: Object.keys(doc.getEmbeddedFiles()),
    };
  } finally {
    doc.destroy();
  }
}

/**
 * The raw outline of a file: title -> /Count of every item (undefined for leaves), the root's
 * /Count, and the kind of every destination (`array` for explicit ones) found in outline items
 * and in link annotations (/Dest and GoTo /D).
 */
export function rawOutlineAndDests(bytes: Uint8Array): { counts: Record<string, number | undefined>; rootCount: number | undefined; destKinds: string[] } {
  const doc = mupdf.Document.openDocument(bytes, 'application/pdf').asPDF()!;
  try {
    const counts: Record<string, number | undefined> = {};
    const destKinds: string[] = [];
    const kind = (obj: PDFObject): string => (obj.isArray() ? 'array' : obj.isString() ? 'string' : obj.isName() ? 'name' : 'other');
    const noteDest = (holder: PDFObject): void => {
      const dest = holder.get('Dest');
      if (!dest.isNull()) destKinds.push(kind(dest));
      const action = holder.get('A');
      if (action.isDictionary() && action.get('S').isName() && action.get('S').asName() === 'GoTo') destKinds.push(kind(action.get('D')));
    };
    const root = doc.getTrailer().get('Root').get('Outlines');
    const walk = (item: PDFObject): void => {
      for (let it = item; it.isDictionary(); it = it.get('Next')) {
        const count = it.get('Count');
        counts[it.get('Title').asString()] = count.isNumber() ? count.asNumber() : undefined;
        noteDest(it);
        walk(it.get('First'));
      }
    };
    if (root.isDictionary()) walk(root.get('First'));
    for (let i = 0; i < doc.countPages(); i++) {
      const annots = doc.findPage(i).get('Annots');
      if (annots.isArray()) for (let k = 0; k < annots.length; k++) noteDest(annots.get(k));
    }
    const rootCount = root.isDictionary() && root.get('Count').isNumber() ? root.get('Count').asNumber() : undefined;
    return { counts, rootCount, destKinds };
  } finally {
    doc.destroy();
  }
}

/** A one-page PDF from its page content, page resources and further objects (numbered from 5 on). */
export function rawPdf(content: string, resources: string, extra: string[]): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources ${resources} /Contents 4 0 R >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ...extra,
  ];
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Two lines in fonts no system has, left unembedded as TeX's often are: CMR10 (serif, with
 * Times' widths) at 40 pt with its baseline 142 pt from the top, CMSS10 (sans, with Helvetica's
 * widths) at 40 pt at 242 pt, and a drawn rectangle (vector art) below them.
 */
export const UNKNOWN_FONT_LINES = [
  { text: 'Serif words', font: 'CMR10', metrics: 'Times-Roman', flags: 34, baseline: 142, size: 40 },
  { text: 'Sans words', font: 'CMSS10', metrics: 'Helvetica', flags: 32, baseline: 242, size: 40 },
] as const;
export function unknownFontPdf(): Buffer {
  const widths = (name: string): string => {
    const font = new mupdf.Font(name);
    return Array.from({ length: 95 }, (_, i) => Math.round(font.advanceGlyph(font.encodeCharacter(32 + i)) * 1000)).join(' ');
  };
  const content = [
    ...UNKNOWN_FONT_LINES.map((l, i) => `BT /F${i + 1} ${l.size} Tf 72 ${842 - l.baseline} Td (${l.text}) Tj ET`),
    '0 0 1 RG 2 w 72 400 200 100 re S',
  ].join('\n');
  const extra = UNKNOWN_FONT_LINES.flatMap((l, i) => [
    `<< /Type /Font /Subtype /Type1 /BaseFont /${l.font} /FirstChar 32 /LastChar 126 /Widths [${widths(l.metrics)}] /Encoding /WinAnsiEncoding /FontDescriptor ${6 + i * 2} 0 R >>`,
    `<< /Type /FontDescriptor /FontName /${l.font} /Flags ${l.flags} /FontBBox [-200 -250 1100 950] /ItalicAngle 0 /Ascent 750 /Descent -250 /CapHeight 680 /StemV 80 >>`,
  ]);
  return rawPdf(content, '<< /Font << /F1 5 0 R /F2 7 0 R >> >>', extra);
}

/**
 * A line whose codes 0x80-0x82 stand, by the font's ToUnicode map, for characters outside the
 * Basic Multilingual Plane: MATHEMATICAL ITALIC SMALL SIGMA and the two regional indicators
 * of the Indonesian flag.
 */
export const SUPPLEMENTARY_TEXT = 'sigma \u{1d70e} flag \u{1f1ee}\u{1f1e9} end';
export function supplementaryPdf(): Buffer {
  const cmap = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def /CMapName /Adobe-Identity-UCS def /CMapType 2 def',
    '1 begincodespacerange <00> <FF> endcodespacerange',
    '1 beginbfrange <20> <7E> <0020> endbfrange',
    '3 beginbfchar <80> <D835DF0E> <81> <D83CDDEE> <82> <D83CDDE9> endbfchar',
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  return rawPdf('BT /F1 24 Tf 72 700 Td (sigma \\200 flag \\201\\202 end) Tj ET', '<< /Font << /F1 5 0 R >> >>', [
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 6 0 R >>',
    `<< /Length ${cmap.length} >>\nstream\n${cmap}\nendstream`,
  ]);
}
