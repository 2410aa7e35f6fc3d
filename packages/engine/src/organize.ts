/**
 * Page organisation: split a PDF into parts, delete pages, rearrange (and turn) pages. Each
 * output is a new document made of a selection of the input's pages (pdf/assemble.ts): the
 * bookmarks, links and form fields that lead to kept pages stay and are remapped, those that
 * lead to removed pages go.
 */
import { rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { PdfInput } from './merge.js';
import { asCatalogueError } from './errors.js';
import { writeFileAtomic } from './files.js';
import { progressReporter, type ProgressFn } from './progress.js';
import { SourceIndex } from './pdf/copy.js';
import { checkAngle, pageIndex, pageIndexSet } from './pdf/pagenumbers.js';
import { assembleSelection, selectPages } from './pdf/rewrite.js';
import { documentFail, openInput } from './pdf/single.js';

export type SplitSpec =
  | { mode: 'ranges'; ranges: { from: number; to: number }[] }
  | { mode: 'every' }
  | { mode: 'each'; n: number };

interface Part {
  /** 1-based, inclusive. */
  from: number;
  to: number;
}

/**
 * Splits the input into one PDF per range (mode 'ranges'), per page ('every') or per `n`
 * pages ('each'), written into `outDir` (which must exist) as `<stem>-<from>-<to>.pdf`, or
 * `<stem>-<page>.pdf` for a one-page part, where `<stem>` is the input's file name without
 * `.pdf`, made safe for file systems; a name given twice (the same range twice) gets `_2`, ...
 * Returns the paths in part order. Ranges may overlap. A range outside the document ->
 * PAGE_RANGE_INVALID; a malformed spec -> INVALID_PARAMS. On failure no part is left behind.
 */
export async function splitPdf(input: PdfInput, outDir: string, spec: SplitSpec, onProgress?: ProgressFn): Promise<{ files: string[] }> {
  checkSplitSpec(spec);
  const report = progressReporter(onProgress);
  report(0);
  const { doc, pageCount } = await openInput(input);
  const files: string[] = [];
  try {
    const parts = splitParts(spec, pageCount);
    const names = partNames(fileStem(input.path), parts);
    const total = parts.reduce((sum, part) => sum + part.to - part.from + 1, 0);
    let done = 0;
    const index = new SourceIndex(doc);
    for (const [k, part] of parts.entries()) {
      const indices = Array.from({ length: part.to - part.from + 1 }, (_, i) => part.from - 1 + i);
      const data = assembleSelection(doc, pageCount, { indices, index }, (copied) => report(((done + copied * 0.8) / total) * 99));
      const path = join(outDir, names[k]!);
      await writeFileAtomic(path, data);
      files.push(path);
      done += indices.length;
      report((done / total) * 99);
    }
  } catch (err) {
    await Promise.all(files.map((file) => rm(file, { force: true }).catch(() => undefined)));
    throw asCatalogueError(err, 'UNKNOWN');
  } finally {
    doc.destroy();
  }
  report(100);
  return { files };
}

function checkSplitSpec(spec: SplitSpec): void {
  const mode = (spec as { mode?: unknown } | null)?.mode;
  if (mode === 'every') return;
  if (mode === 'each') {
    const n = (spec as { n?: unknown }).n;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1) throw documentFail('INVALID_PARAMS', 'split each n pages needs a whole n of 1 or more');
    return;
  }
  if (mode === 'ranges') {
    const ranges = (spec as { ranges?: unknown }).ranges;
    if (!Array.isArray(ranges) || ranges.length === 0) throw documentFail('INVALID_PARAMS', 'split by ranges needs at least one range');
    for (const range of ranges as unknown[]) {
      const { from, to } = (range ?? {}) as { from?: unknown; to?: unknown };
      if (typeof from !== 'number' || typeof to !== 'number') throw documentFail('INVALID_PARAMS', 'a split range needs numbers from and to');
    }
    return;
  }
  throw documentFail('INVALID_PARAMS', `unknown split mode ${String(mode)}`);
}

function splitParts(spec: SplitSpec, pageCount: number): Part[] {
  switch (spec.mode) {
    case 'every':
      return Array.from({ length: pageCount }, (_, i) => ({ from: i + 1, to: i + 1 }));
    case 'each': {
      const parts: Part[] = [];
      for (let from = 1; from <= pageCount; from += spec.n) parts.push({ from, to: Math.min(pageCount, from + spec.n - 1) });
      return parts;
    }
    case 'ranges':
      return spec.ranges.map(({ from, to }) => {
        pageIndex(from, pageCount);
        pageIndex(to, pageCount);
        if (to < from) throw documentFail('PAGE_RANGE_INVALID', `range ${from}-${to} runs backwards`);
        return { from, to };
      });
  }
}

const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;
const MAX_STEM_CHARS = 100;

/** The input's file name without `.pdf`, without characters file systems or zip tools reject. */
export function fileStem(path: string): string {
  const name = basename(path).replace(/\.pdf$/i, '').normalize('NFC').replace(UNSAFE_NAME_CHARS, '_');
  const trimmed = Array.from(name).slice(0, MAX_STEM_CHARS).join('').replace(/^[\s.]+|[\s.]+$/g, '');
  return trimmed === '' ? 'document' : trimmed;
}

function partNames(stem: string, parts: Part[]): string[] {
  const used = new Set<string>();
  return parts.map(({ from, to }) => {
    const base = from === to ? `${stem}-${from}` : `${stem}-${from}-${to}`;
    let name = `${base}.pdf`;
    for (let k = 2; used.has(name); k++) name = `${base}_${k}.pdf`;
    used.add(name);
    return name;
  });
}

/**
 * Removes the given 1-based pages (repeats allowed). Removing every page -> INVALID_PARAMS; a
 * page outside the document -> PAGE_RANGE_INVALID; an empty list -> INVALID_PARAMS.
 */
export async function deletePages(input: PdfInput, outputPath: string, options: { pages: number[] }, onProgress?: ProgressFn): Promise<{ pages: number }> {
  const pages = (options as { pages?: unknown } | null)?.pages;
  if (!Array.isArray(pages) || pages.length === 0) throw documentFail('INVALID_PARAMS', 'no page to delete');
  return selectPages(input, outputPath, onProgress, (pageCount) => {
    const removed = pageIndexSet(pages, pageCount);
    if (removed.size >= pageCount) throw documentFail('INVALID_PARAMS', 'cannot delete every page');
    const indices = Array.from({ length: pageCount }, (_, i) => i).filter((i) => !removed.has(i));
    return { indices };
  });
}

/**
 * The output's pages are the 1-based source pages in `order` (pages left out are deleted; a
 * page may not repeat -> INVALID_PARAMS), each turned clockwise by `rotations[sourcePage]`
 * (0, 90, 180 or 270) on top of its own rotation. A page outside the document ->
 * PAGE_RANGE_INVALID; an empty order -> INVALID_PARAMS.
 */
export async function rearrangePages(
  input: PdfInput,
  outputPath: string,
  options: { order: number[]; rotations?: Record<number, 0 | 90 | 180 | 270> },
  onProgress?: ProgressFn,
): Promise<{ pages: number }> {
  const { order, rotations } = (options ?? {}) as { order?: unknown; rotations?: unknown };
  if (!Array.isArray(order) || order.length === 0) throw documentFail('INVALID_PARAMS', 'the new order names no page');
  if (rotations !== undefined && (typeof rotations !== 'object' || rotations === null || Array.isArray(rotations))) {
    throw documentFail('INVALID_PARAMS', 'rotations must map page numbers to angles');
  }
  const turnEntries = Object.entries((rotations ?? {}) as Record<string, unknown>).map(([page, angle]) => {
    const number = Number(page);
    if (!Number.isInteger(number) || String(number) !== page.trim()) throw documentFail('INVALID_PARAMS', `rotations key ${page} is not a page number`);
    return [number, checkAngle(angle, true)] as const;
  });
  return selectPages(input, outputPath, onProgress, (pageCount) => {
    const indices = (order as unknown[]).map((page) => pageIndex(page, pageCount));
    if (new Set(indices).size !== indices.length) throw documentFail('INVALID_PARAMS', 'a page appears twice in the new order');
    const turns = new Map<number, number>();
    for (const [page, angle] of turnEntries) {
      pageIndex(page, pageCount);
      if (angle !== 0) turns.set(page - 1, angle);
    }
    return { indices, turns };
  });
}
