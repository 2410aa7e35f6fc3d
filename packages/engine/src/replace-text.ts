import { copyFile } from 'node:fs/promises';
import { CatalogueError } from '@pagewright/contracts';
import { asCatalogueError } from './errors.js';
import { writeAtomically, writeFileAtomic } from './files.js';
import type { PdfInput } from './merge.js';
import { mupdf, type PDFDocument } from './mupdf.js';
import { appendContent, displayToUser, num, ownResources, removeText, resourceNames, textMatrix } from './pdf/page-content.js';
import { documentFail, openInput, saveDocument } from './pdf/single.js';
import { compileTerm, findInPage, lineBands, pageText, type TextMatch } from './pdf/text-find.js';
import { FontChooser } from './pdf/text-fonts.js';
import { progressReporter, type ProgressFn } from './progress.js';

export interface ReplaceTextOptions {
  find: string;
  /** With `regex`, `$1`, `$<name>`, `$&` refer to the match as in String.prototype.replace. */
  replace: string;
  regex: boolean;
  caseSensitive: boolean;
}

/**
 * Replaces every occurrence of `find` on every page: the old glyphs are removed (a redaction of
 * their quads that leaves images and drawing alone) and the new text is written at the same
 * baseline, in the size and colour of the first replaced character and the standard font of
 * its family and style (Helvetica, Times, Courier; bold, italic), or the original embedded font
 * when the text needs glyphs beyond WinAnsi and it has them. The old text is no longer
 * extractable, the new one is. A match wrapping onto another line is written on the first.
 * No match is no error: `replacements` is 0 and the output is a copy of the input.
 * Errors: INVALID_PARAMS (empty `find`, bad regular expression, no font for the new text),
 * and the open errors of every tool.
 */
export async function replaceText(input: PdfInput, outputPath: string, options: ReplaceTextOptions, onProgress?: ProgressFn): Promise<{ replacements: number }> {
  if (!options || typeof options.replace !== 'string') throw documentFail('INVALID_PARAMS', 'replace must be a string');
  const pattern = compileTerm(options.find, options.regex === true, options.caseSensitive === true);
  const report = progressReporter(onProgress);
  report(0);
  const { doc, pageCount } = await openInput(input);
  let data: Uint8Array | undefined;
  let replacements = 0;
  const fonts = new FontChooser(doc);
  try {
    for (let index = 0; index < pageCount; index++) {
      replacements += replaceOnPage(doc, index, pattern, options, fonts);
      report(((index + 1) / pageCount) * 85);
    }
    if (replacements > 0) data = saveDocument(doc);
  } catch (err) {
    throw asCatalogueError(err, 'UNKNOWN');
  } finally {
    fonts.destroy();
    doc.destroy();
  }
  report(90);
  if (data) await writeFileAtomic(outputPath, data);
  else await writeAtomically(outputPath, (temp) => copyFile(input.path, temp));
  report(100);
  return { replacements };
}

/** The replacement for one match, with the $-patterns of String.prototype.replace when `regex`. */
export function expandReplacement(template: string, regex: boolean, found: RegExpMatchArray, subject: string): string {
  if (!regex) return template;
  const index = found.index ?? 0;
  const groups = found.length - 1;
  return template.replace(/\$(\$|&|`|'|<([^>]*)>|(\d\d?))/g, (whole, kind: string, name: string | undefined, digits: string | undefined) => {
    if (kind === '$') return '$';
    if (kind === '&') return found[0];
    if (kind === '`') return subject.slice(0, index);
    if (kind === "'") return subject.slice(index + found[0].length);
    if (name !== undefined) return found.groups ? (found.groups[name] ?? '') : whole;
    const n = Number(digits);
    if (n >= 1 && n <= groups) return found[n] ?? '';
    if (digits!.length === 2) {
      const one = Number(digits![0]);
      if (one >= 1 && one <= groups) return (found[one] ?? '') + digits![1];
    }
    return whole;
  });
}

/**
 * Replaces the matches of one page that `keep` keeps (every match by default; the editor's
 * edit mode keeps the one word the user clicked) and returns how many.
 */
export function replaceOnPage(
  doc: PDFDocument, index: number, pattern: RegExp, options: ReplaceTextOptions, fonts: FontChooser,
  keep: (match: TextMatch) => boolean = () => true,
): number {
  let page: mupdf.PDFPage;
  try {
    page = doc.loadPage(index);
  } catch (err) {
    throw asCatalogueError(err, 'FILE_DAMAGED');
  }
  try {
    const text = pageText(page);
    const matches = findInPage(text, pattern).filter(keep).map((match) => ({
      ...match,
      replacement: expandReplacement(options.replace, options.regex === true, match.found, text.text).replace(/[\r\n\t]+/g, ' '),
    }));
    if (matches.length === 0) return 0;

    // Choose every font first: a replacement no font can show fails before the page changes.
    const writes = matches.map((match) => {
      const first = match.chars[0]!;
      return { match, first, font: match.replacement === '' ? undefined : fonts.choose(first.font, match.replacement, page) };
    });

    // Clear of the lines above and below: MuPDF removes every glyph the area touches.
    removeText(doc, page, writes.map(({ match }) => ({ quads: lineBands(match.chars, 0.6, 0.05, 0.05) })));

    const pageObj = page.getObject();
    const fontName = resourceNames(doc, ownResources(doc, pageObj), 'Font', 'PWF');
    const toUser = displayToUser(page);
    const ops: string[] = [];
    for (const { match, first, font } of writes) {
      if (!font) continue;
      // Longer text than room before the next word on the line: narrowed, down to MIN_SCALE.
      const width = font.width(match.replacement) * first.size;
      let scale = 100;
      if (match.next && match.next.line === first.line) {
        const room = (match.next.origin[0] - first.origin[0]) * first.dir[0] + (match.next.origin[1] - first.origin[1]) * first.dir[1] - first.size * WORD_GAP;
        if (width > room && room > 0) scale = Math.max(MIN_SCALE, Math.floor((room / width) * 100));
      }
      const tz = scale < 100 ? ` ${scale} Tz` : '';
      ops.push(`BT /${fontName(font.ref)} ${num(first.size)} Tf${tz} ${colourOp(first.color)} ${textMatrix(first.origin, first.dir, toUser)} ${font.show(match.replacement)} ET`);
    }
    if (ops.length > 0) appendContent(doc, pageObj, ops.join('\n'));
    return matches.length;
  } catch (err) {
    if (err instanceof CatalogueError) throw err;
    throw asCatalogueError(err, 'FILE_DAMAGED');
  } finally {
    page.destroy();
  }
}

/** Room kept before the next word, in ems (about a space). */
const WORD_GAP = 0.25;
/** Narrowest horizontal scaling (percent) for a longer replacement; beyond it the text runs over. */
const MIN_SCALE = 70;

/** The fill-colour operator for a colour of 1 (grey), 3 (RGB) or 4 (CMYK) components. */
export function colourOp(color: number[]): string {
  const values = color.map(num).join(' ');
  if (color.length === 1) return `${values} g`;
  if (color.length === 4) return `${values} k`;
  if (color.length === 3) return `${values} rg`;
  return '0 g';
}
