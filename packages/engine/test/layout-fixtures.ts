/**
 * A report-like PDF made with MuPDF at test time for the reconstruction tests: a running
 * header and page-number footer on every page; on page 1 a heading, a paragraph wrapping over
 * several lines with bold, italic and red words, a bulleted list, a ruled 3x3 table, a
 * borderless 4x3 table and an image; on page 2 two columns of running text.
 */
import { mupdf } from '../src/mupdf.js';
import { savedBytes } from './fixtures.js';
import { pngFile, rgbFrame } from './image-fixtures.js';

export const REPORT = {
  header: 'Pagewright Quarterly Report',
  heading: 'Results of the Survey',
  paragraph: [
    'The survey reached every office in the region and collected answers from',
    'staff members over six weeks. Most answers arrived in the first fortnight,',
    'and the remaining ones followed after two reminders were sent to everyone.',
  ],
  bold: 'Important',
  italic: 'carefully',
  red: 'warning',
  bullets: ['First finding about travel', 'Second finding about meetings', 'Third finding about tools'],
  ruled: [
    ['Region', 'Offices', 'Answers'],
    ['North', '12', '340'],
    ['South', '9', '275'],
  ],
  loose: [
    ['Quarter', 'Budget', 'Spent'],
    ['Q1', '1200', '1100'],
    ['Q2', '1500', '1480'],
    ['Q3', '1300', '1250'],
  ],
  left: Array.from({ length: 14 }, (_, i) => `Left column sentence ${String(i + 1).padStart(2, '0')} runs along here.`),
  right: Array.from({ length: 14 }, (_, i) => `Right column sentence ${String(i + 1).padStart(2, '0')} runs along too.`),
};

function esc(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`);
}

/** `BT ... ET` showing `text` at (x, y) (PDF coordinates, y up) in font resource `font`. */
function show(font: string, size: number, x: number, y: number, text: string, rgb = '0 0 0'): string {
  return `BT ${rgb} rg /${font} ${size} Tf ${x} ${y} Td (${esc(text)}) Tj ET`;
}

/** A one-page A4 PDF drawing `ops` (content-stream operators; the base-14 `font`, Helvetica unless told, as /F1; y grows upwards). */
export function opsPdf(ops: string[], font = 'Helvetica'): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(new mupdf.Font(font)) };
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts }, ops.join('\n')));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

export function reportPdf(options: { encrypt?: string } = {}): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = {
      F1: doc.addSimpleFont(new mupdf.Font('Times-Roman')),
      F2: doc.addSimpleFont(new mupdf.Font('Times-Bold')),
      F3: doc.addSimpleFont(new mupdf.Font('Times-Italic')),
      F4: doc.addSimpleFont(new mupdf.Font('Helvetica-Bold')),
      F5: doc.addSimpleFont(new mupdf.Font('Helvetica')),
    };
    const image = doc.addImage(new mupdf.Image(pngFile(rgbFrame(60, 40, [40, 120, 200], [[10, 10, 30, 20, [250, 200, 0]]]))));
    const W = 595;
    const H = 842;
    const running = (page: number): string[] => [show('F5', 9, 72, H - 40, REPORT.header), show('F5', 9, W / 2 - 3, 40, String(page))];

    // Page 1
    const p1: string[] = [...running(1)];
    let y = H - 100;
    p1.push(show('F4', 18, 72, y, REPORT.heading));
    y -= 30;
    for (const line of REPORT.paragraph) {
      p1.push(show('F1', 11, 72, y, line));
      y -= 14;
    }
    // A line with bold, italic and red words.
    p1.push(`BT 0 0 0 rg /F2 11 Tf 72 ${y} Td (${REPORT.bold}) Tj /F1 11 Tf ( results were read ) Tj /F3 11 Tf (${REPORT.italic}) Tj /F1 11 Tf ( and one ) Tj 1 0 0 rg (${REPORT.red}) Tj 0 0 0 rg ( was noted.) Tj ET`);
    y -= 30;
    for (const item of REPORT.bullets) {
      p1.push(`BT /F1 11 Tf 90 ${y} Td (\\225  ${esc(item)}) Tj ET`);
      y -= 16;
    }
    y -= 20;
    // Ruled table: 3 columns of 120 pt, rows of 20 pt.
    const tx = 72;
    const top = y;
    const lines: string[] = [];
    for (let r = 0; r <= 3; r++) lines.push(`${tx} ${top - r * 20} m ${tx + 360} ${top - r * 20} l`);
    for (let c = 0; c <= 3; c++) lines.push(`${tx + c * 120} ${top} m ${tx + c * 120} ${top - 60} l`);
    p1.push(`0.5 w 0 0 0 RG ${lines.join(' ')} S`);
    REPORT.ruled.forEach((row, r) => row.forEach((cell, c) => p1.push(show('F1', 10, tx + c * 120 + 5, top - r * 20 - 14, cell))));
    y = top - 60 - 40;
    // Borderless table: columns at 72, 200, 330.
    REPORT.loose.forEach((row, r) => {
      row.forEach((cell, c) => p1.push(show(r === 0 ? 'F2' : 'F1', 10, 72 + c * 130, y, cell)));
      y -= 16;
    });
    y -= 30;
    p1.push(`q 120 0 0 80 72 ${y - 80} cm /Im1 Do Q`);
    doc.insertPage(-1, doc.addPage([0, 0, W, H], 0, { Font: fonts, XObject: { Im1: image } }, p1.join('\n')));

    // Page 2: two columns.
    const p2: string[] = [...running(2)];
    REPORT.left.forEach((line, i) => p2.push(show('F1', 10, 72, H - 100 - i * 13, line)));
    REPORT.right.forEach((line, i) => p2.push(show('F1', 10, 320, H - 100 - i * 13, line)));
    doc.insertPage(-1, doc.addPage([0, 0, W, H], 0, { Font: fonts }, p2.join('\n')));

    const opts = options.encrypt ? `encrypt=aes-256,user-password=${options.encrypt},owner-password=${options.encrypt}` : 'compress';
    return savedBytes(doc, opts);
  } finally {
    doc.destroy();
  }
}

/**
 * A page with a vector drawing (a circle of Bézier curves, with a short label beside it) between
 * two paragraphs, and an image at the right with lines of text to its left.
 */
export function figurePdf(): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(new mupdf.Font('Times-Roman')) };
    const image = doc.addImage(new mupdf.Image(pngFile(rgbFrame(40, 40, [200, 60, 60]))));
    const ops: string[] = [];
    ops.push(show('F1', 11, 72, 760, 'A paragraph above the drawing explains what the figure shows.'));
    // Circle centred at (200, 640), radius 50, from four Bézier arcs.
    const k = 50 * 0.5523;
    ops.push(`1 w 0 0 1 RG 250 640 m 250 ${640 + k} ${200 + k} 690 200 690 c ${200 - k} 690 150 ${640 + k} 150 640 c 150 ${640 - k} ${200 - k} 590 200 590 c ${200 + k} 590 250 ${640 - k} 250 640 c S`);
    ops.push(show('F1', 8, 256, 636, 'r = 1'));
    ops.push(show('F1', 11, 72, 560, 'A paragraph below the drawing closes the section of the page.'));
    // Image at the right (x 400..500, y 380..480) with text lines beside it.
    ops.push(`q 100 0 0 100 400 380 cm /Im1 Do Q`);
    for (let i = 0; i < 6; i++) ops.push(show('F1', 11, 72, 470 - i * 14, `Beside the picture runs line number ${i + 1} of text.`));
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts, XObject: { Im1: image } }, ops.join('\n')));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

/** One page with `lines` set as one paragraph of Times 11 pt, as typeset (no reflow). */
export function paragraphPdf(lines: string[]): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(new mupdf.Font('Times-Roman')) };
    const ops = lines.map((line, i) => show('F1', 11, 72, 742 - i * 14, line));
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts }, ops.join('\n')));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

/**
 * A heading set at 24.78 pt (between two half points) over a 12 pt line: each line is the
 * widest on the page at its size, so the text column is exactly as wide as it.
 */
export function tightPdf(heading: string, line: string): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(new mupdf.Font('Helvetica-Bold')), F2: doc.addSimpleFont(new mupdf.Font('Helvetica')) };
    const ops = [show('F1', 24.78, 20, 800, heading), show('F2', 12, 20, 770, line)];
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts }, ops.join('\n')));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

/** expandedPdf's lines, each with its horizontal scale, as pdfTeX's font expansion sets them. */
export const EXPANDED = [
  { text: 'Font expansion widens or narrows the glyphs of a line', scale: 0.98 },
  { text: 'by up to two per cent so that the paragraph sets evenly', scale: 1.02 },
  { text: 'in its column, which changes the size a reader of the', scale: 1 },
  { text: 'page computes from the text matrix, though not the height', scale: 0.98 },
  { text: 'of the letters on the page.', scale: 1.02 },
];

/**
 * A paragraph of LaTeX's 11 pt text (10.909 pt) whose lines are scaled horizontally by 98 to
 * 102 % in the text matrix, each after a word of a second font that is not scaled.
 */
export function expandedPdf(): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(new mupdf.Font('Times-Roman')), F2: doc.addSimpleFont(new mupdf.Font('Helvetica')) };
    const helvetica = new mupdf.Font('Helvetica');
    const lead = 'x1 ';
    const leadWidth = [...lead].reduce((w, c) => w + helvetica.advanceGlyph(helvetica.encodeCharacter(c)) * 10.909, 0);
    const ops = EXPANDED.map(({ text, scale }, i) => {
      const y = 760 - i * 13.6;
      return `BT 0 0 0 rg /F2 10.909 Tf 1 0 0 1 72 ${y} Tm (${lead}) Tj /F1 10.909 Tf ${scale} 0 0 1 ${72 + leadWidth} ${y} Tm (${esc(text)}) Tj ET`;
    });
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts }, ops.join('\n')));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

/** The entries of indexPdf's two halves, top to bottom. */
export const INDEX = {
  left: Array.from({ length: 24 }, (_, i) => (i % 8 === 3 ? `Aktion ${i}, siehe Gruppenoperation einer Gruppe, ${12 + i}` : `${['Abstand', 'Atlas', 'Baum', 'Basis', 'Betti-Zahl', 'Bewegung'][i % 6]} ${String.fromCharCode(65 + i)}, ${10 + i * 3}`)),
  right: Array.from({ length: 22 }, (_, i) => (i % 8 === 5 ? `Formoperator ${i}, siehe Weingarten-Abbildung, ${90 + i}` : `${['Faser', 'Flaeche', 'Gerade', 'Graph', 'Grenzwert', 'Gruppe'][i % 6]} ${String.fromCharCode(97 + i)}, ${40 + i * 2}`)),
};

/**
 * An index page as LaTeX sets one: a title over the whole width, then short entries in two
 * halves whose lines do not share baselines (the right half starts lower).
 */
export function indexPdf(): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(new mupdf.Font('Times-Roman')), F2: doc.addSimpleFont(new mupdf.Font('Times-Bold')) };
    const ops = [show('F2', 20, 90, 740, 'Index')];
    INDEX.left.forEach((entry, i) => ops.push(show('F1', 10, 90, 700 - i * 13, entry)));
    INDEX.right.forEach((entry, i) => ops.push(show('F1', 10, 332, 694 - i * 13.5, entry)));
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts }, ops.join('\n')));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

/** Two drawings side by side, each with the caption of its part below it, and the figure's caption. */
export const PARTS = { captions: ['(a) Circle', '(b) Square'], figure: 'Figure 1: Two shapes drawn side by side' };
export function partsFigurePdf(): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(new mupdf.Font('Times-Roman')) };
    const k = 40 * 0.5523;
    const ops = [
      show('F1', 11, 72, 760, 'A paragraph above the figure says what it shows.'),
      `1 w 0 0 1 RG 240 640 m 240 ${640 + k} ${200 + k} 680 200 680 c ${200 - k} 680 160 ${640 + k} 160 640 c 160 ${640 - k} ${200 - k} 600 200 600 c ${200 + k} 600 240 ${640 - k} 240 640 c S`,
      '1 w 1 0 0 RG 330 600 m 410 600 l 410 680 l 330 680 l h S 330 600 m 410 680 l S',
      show('F1', 9, 180, 588, PARTS.captions[0]!),
      show('F1', 9, 345, 588, PARTS.captions[1]!),
      show('F1', 11, 150, 560, PARTS.figure),
    ];
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts }, ops.join('\n')));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

/** A page of labels and their values in two halves, each pair on one baseline (a form, a data sheet). */
export const PAIRS = Array.from({ length: 20 }, (_, i) => [`Label number ${i + 1}`, i % 4 === 0 ? `A longer value written for entry ${i + 1}` : `Value ${i + 1}`] as const);
export function pairsPdf(): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(new mupdf.Font('Helvetica')) };
    const ops = PAIRS.flatMap(([label, value], i) => [show('F1', 10, 90, 760 - i * 16, label), show('F1', 10, 332, 760 - i * 16, value)]);
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts }, ops.join('\n')));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

/** What accentsPdf's lines read as, once each accent drawn over a letter is that letter's mark. */
export const ACCENTS = {
  over: ['Let f\u0303 be a lift of f.', 'The word sch\u00f6n has an umlaut.', 'Then b\u0303 is its end.'],
  beside: 'The marks a\u02dcb and c\u00a8d stand apart.',
};

/**
 * Accents as TeX sets a letter its font has no glyph for: the font's spacing accent drawn over
 * the letter (raised over a tall one, skewed right over a slanted one), before the letter in the
 * content stream for f̃ and b̃ and after it for ö; and a line where the same accents are
 * characters of their own between letters.
 */
export function accentsPdf(): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const times = new mupdf.Font('Times-Roman');
    const italic = new mupdf.Font('Times-Italic');
    const fonts = { F1: doc.addSimpleFont(times), F2: doc.addSimpleFont(italic) };
    const size = 12;
    const width = (text: string, font = times): number => [...text].reduce((w, c) => w + font.advanceGlyph(font.encodeCharacter(c)) * size, 0);
    // WinAnsiEncoding: 0x98 is the spacing tilde (U+02DC), 0xA8 the diaeresis (U+00A8).
    const codes: Record<string, string> = { '\u02dc': '\\230', '\u00a8': '\\250' };
    const put = (x: number, y: number, text: string, font = 'F1'): string => `BT /${font} ${size} Tf ${x} ${y} Td (${[...esc(text)].map((c) => codes[c] ?? c).join('')}) Tj ET`;
    const accentOver = (x: number, y: number, letter: string, accent: string, raise: number): string => put(x + (width(letter) - width(accent)) / 2, y + raise, accent);
    const ops: string[] = [];
    // Line 1: "Let " f̃ " be a lift of f." with the tilde drawn first, 3 pt above the f.
    let x = 72;
    ops.push(put(x, 700, 'Let '));
    x += width('Let ');
    ops.push(accentOver(x, 700, 'f', '\u02dc', 3), put(x, 700, 'f'));
    x += width('f');
    ops.push(put(x, 700, ' be a lift of f.'));
    // Line 2: "The word sch" o¨ "n has an umlaut." with the diaeresis drawn after the o, on its baseline.
    x = 72;
    ops.push(put(x, 680, 'The word sch'));
    x += width('The word sch');
    ops.push(put(x, 680, 'o'), accentOver(x, 680, 'o', '\u00a8', 0));
    x += width('o');
    ops.push(put(x, 680, 'n has an umlaut.'));
    // Line 3: "Then " b̃ " is its end." with an italic b and the tilde drawn first, raised and
    // skewed right until half of it hangs past the b, as TeX sets it over a math italic b.
    x = 72;
    ops.push(put(x, 660, 'Then '));
    x += width('Then ');
    ops.push(put(x + width('b', italic) * 0.65, 663, '\u02dc'), put(x, 660, 'b', 'F2'));
    x += width('b', italic);
    ops.push(put(x, 660, ' is its end.'));
    // Line 4: the accents as characters with their own advance.
    ops.push(put(72, 640, ACCENTS.beside));
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts }, ops.join('\n')));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

/**
 * A 1-bit stencil mask (a 16x16 checkerboard of 4x4 cells, painted where a sample is 1) drawn
 * in blue at 200x100 pt at (72, 142) from the top, between two lines of text, as scanners draw
 * scanned text.
 */
export function stencilMaskPdf(options: { overImage?: boolean } = {}): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(new mupdf.Font('Helvetica')) };
    const rows: string[] = [];
    for (let y = 0; y < 16; y++) {
      let bits = '';
      for (let x = 0; x < 16; x++) bits += (Math.floor(x / 4) + Math.floor(y / 4)) % 2 ? '1' : '0';
      rows.push(parseInt(bits, 2).toString(16).padStart(4, '0'));
    }
    // Over a green picture of the same box when asked (a scan with a mask drawn on it).
    const image = options.overImage ? doc.addImage(new mupdf.Image(pngFile(rgbFrame(20, 10, [0, 255, 0])))) : undefined;
    const ops = [
      show('F1', 11, 72, 760, 'Text above the mask.'),
      ...(image ? ['q 200 0 0 100 72 600 cm /Im1 Do Q'] : []),
      `q 0 0 1 rg 200 0 0 100 72 600 cm BI /IM true /W 16 /H 16 /BPC 1 /D [1 0] /F /AHx ID ${rows.join('')}> EI Q`,
      show('F1', 11, 72, 560, 'Text below the mask.'),
    ];
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts, ...(image ? { XObject: { Im1: image } } : {}) }, ops.join('\n')));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

/**
 * A 40x20 pixel blue image with a red 10x10 corner at its top left, drawn turned a quarter
 * anticlockwise into a 40x80 pt box at (260, 262) from the top: on the page it stands upright
 * with the red corner at the bottom left.
 */
export function turnedImagePdf(): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(new mupdf.Font('Helvetica')) };
    const image = doc.addImage(new mupdf.Image(pngFile(rgbFrame(40, 20, [0, 0, 255], [[0, 0, 10, 10, [255, 0, 0]]]))));
    const ops = [show('F1', 11, 72, 760, 'Text above the turned picture.'), 'q 0 80 -40 0 300 500 cm /Im1 Do Q', show('F1', 11, 72, 420, 'Text below the turned picture.')];
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts, XObject: { Im1: image } }, ops.join('\n')));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

export const SHADED = {
  header: ['Region', 'Offices', 'Answers'],
  body: [
    ['North', '12', '340'],
    ['South', '9', '275'],
  ],
  /** The header row's fill (dark blue) under white bold text. */
  headerFill: '1f3864',
  before: 'Please note the ',
  highlighted: 'highlighted',
  after: ' word in this line.',
  highlight: 'ffff00',
};

/**
 * A ruled 3x3 table whose header row is filled dark blue with white bold text, and under it a
 * line with one word on a yellow box (a highlight).
 */
export function shadedPdf(): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const regular = new mupdf.Font('Helvetica');
    const fonts = { F1: doc.addSimpleFont(regular), F2: doc.addSimpleFont(new mupdf.Font('Helvetica-Bold')) };
    const width = (text: string): number => [...text].reduce((w, c) => w + regular.advanceGlyph(regular.encodeCharacter(c.charCodeAt(0))) * 11, 0);
    const ops: string[] = ['0.122 0.220 0.392 rg 72 680 300 20 re f', '0 0 0 RG 0.5 w'];
    for (const y of [700, 680, 660, 640]) ops.push(`72 ${y} m 372 ${y} l S`);
    for (const x of [72, 172, 272, 372]) ops.push(`${x} 640 m ${x} 700 l S`);
    SHADED.header.forEach((text, i) => ops.push(show('F2', 11, 76 + i * 100, 686, text, '1 1 1')));
    SHADED.body.forEach((row, r) => row.forEach((text, i) => ops.push(show('F1', 11, 76 + i * 100, 666 - r * 20, text))));
    const x = 72 + width(SHADED.before);
    ops.push(`1 1 0 rg ${x} 597 ${width(SHADED.highlighted)} 13 re f`);
    ops.push(show('F1', 11, 72, 600, SHADED.before + SHADED.highlighted + SHADED.after));
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts }, ops.join('\n')));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

/**
 * A page filled to its bottom with short lines set one by one (an address list) under a wider
 * heading line, 11 pt text 12.4 pt apart: closer than a word processor's own line height for
 * one-line paragraphs, so written as drawn it runs a few lines past the page.
 */
export const TIGHT_LINES = {
  heading: 'A heading line wider than every entry of the list set under it on this page.',
  entries: Array.from({ length: 62 }, (_, i) => `Entry ${String(i + 1).padStart(2, '0')} of the list.`),
};
export function tightLinesPdf(): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(new mupdf.Font('Helvetica')) };
    const ops = [show('F1', 11, 72, 842 - 30, TIGHT_LINES.heading), ...TIGHT_LINES.entries.map((line, i) => show('F1', 11, 72, 842 - 50 - i * 12.4, line))];
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts }, ops.join('\n')));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

export const OVERPRINTED = { bold: 'Annual Report 2011', plain: 'All small villages.... still call' };

/**
 * A title made bold by printing it three times a few tenths of a point apart (fake bold), over
 * a plain line with doubled letters and leader dots.
 */
export function overprintedPdf(): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(new mupdf.Font('Helvetica')) };
    const ops = [0, 0.3, 0.6].map((dx) => show('F1', 20, 72 + dx, 760, OVERPRINTED.bold));
    ops.push(show('F1', 11, 72, 720, OVERPRINTED.plain));
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts }, ops.join('\n')));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

export const BAR_CHART = {
  above: 'The chart below shows the answers received in each quarter of the year.',
  below: 'The answers grew in every quarter after the reminders were sent out.',
  title: 'Answers received in each quarter of the year',
  quarters: ['Q1', 'Q2', 'Q3', 'Q4'],
  ticks: ['0', '50', '100'],
};

/**
 * A bar chart drawn with paths between two paragraphs: four filled bars of different heights on
 * an axis (two stroked lines), quarter labels under the bars and value ticks left of the axis.
 * With `title`, a title in the body size is set inside the chart, above the bars.
 */
export function barChartPdf(options: { title?: boolean } = {}): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(new mupdf.Font('Helvetica')) };
    const ops = [show('F1', 11, 72, 760, BAR_CHART.above)];
    // Axes: x from (120, 560) to (400, 560), y from (120, 560) to (120, 700).
    ops.push('0 0 0 RG 1 w 120 560 m 400 560 l S 120 560 m 120 700 l S');
    [60, 95, 110, 130].forEach((h, i) => ops.push(`0.2 0.4 0.8 rg ${140 + i * 65} 560 40 ${h} re f`));
    BAR_CHART.quarters.forEach((label, i) => ops.push(show('F1', 8, 152 + i * 65, 548, label)));
    BAR_CHART.ticks.forEach((label, i) => ops.push(show('F1', 8, 100, 557 + i * 65, label)));
    if (options.title) ops.push(show('F1', 11, 140, 705, BAR_CHART.title));
    ops.push(show('F1', 11, 72, 500, BAR_CHART.below));
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts }, ops.join('\n')));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

export const CHART_IN_TABLE = { rows: ['Ethanol 1.35 1.42', 'Biodiesel 2.85 2.99', 'Soybean oil 30.02 31.22', 'Corn oil 37.88 37.75', 'Tallow 30.50 34.50', 'Grease 23.50 25.05'] };

/**
 * A page ruled as one table: rows of prices on the left, and in a cell on the right spanning
 * them, a line chart drawn with a curve (the weekly market reports that set a chart beside the
 * figures it plots).
 */
export function chartInTablePdf(): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(new mupdf.Font('Helvetica')) };
    const ops = ['0 0 0 RG 0.5 w 72 400 m 520 400 l S 72 700 m 520 700 l S 72 400 m 72 700 l S 300 400 m 300 700 l S 520 400 m 520 700 l S'];
    CHART_IN_TABLE.rows.forEach((row, i) => {
      const top = 700 - i * 50;
      if (i > 0) ops.push(`72 ${top} m 300 ${top} l S`);
      ops.push(show('F1', 10, 80, top - 30, row));
    });
    ops.push('0 0 1 RG 1.5 w 320 450 m 360 620 400 480 440 600 c 460 650 480 560 500 640 c S');
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts }, ops.join('\n')));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}

export const STAMPED_COLUMNS = {
  heading: 'Annual report on the survey of the members and their work',
  left: Array.from({ length: 12 }, (_, i) => `The left column runs on in line ${String(i + 1).padStart(2, '0')} here.`),
  right: Array.from({ length: 12 }, (_, i) => `The right column runs on in line ${String(i + 1).padStart(2, '0')} too.`),
  stamp: 'arXiv:2401.00001v1 [cs.CL] 1 Jan 2024',
  form: [
    ['Name:', 'Jane Doe'],
    ['Member since:', '2019'],
    ['Region:', 'North'],
  ],
};

/**
 * A page of two columns under a heading across both, with an archive's stamp set sideways up
 * the left margin beside them, and a form of labels and values across the page under them.
 */
export function stampedColumnsPdf(): Uint8Array {
  const doc = new mupdf.PDFDocument();
  try {
    const fonts = { F1: doc.addSimpleFont(new mupdf.Font('Helvetica')), F2: doc.addSimpleFont(new mupdf.Font('Helvetica-Bold')) };
    const ops = [show('F2', 16, 72, 780, STAMPED_COLUMNS.heading)];
    STAMPED_COLUMNS.left.forEach((line, i) => ops.push(show('F1', 10, 72, 740 - i * 14, line)));
    STAMPED_COLUMNS.right.forEach((line, i) => ops.push(show('F1', 10, 320, 740 - i * 14, line)));
    ops.push(`BT 0.5 0.5 0.5 rg /F1 14 Tf 0 1 -1 0 40 450 Tm (${STAMPED_COLUMNS.stamp}) Tj ET`);
    STAMPED_COLUMNS.form.forEach(([label, value], i) => ops.push(show('F1', 10, 72, 520 - i * 16, label!), show('F1', 10, 320, 520 - i * 16, value!)));
    doc.insertPage(-1, doc.addPage([0, 0, 595, 842], 0, { Font: fonts }, ops.join('\n')));
    return savedBytes(doc, 'compress');
  } finally {
    doc.destroy();
  }
}
