import { describe, expect, it } from 'vitest';
import type { PageSize } from './PageView';
import { readPageSizes, type SizedDocument } from './pageSizes';

/** A document of mixed page sizes, as pdf.js answers for each page's viewport at scale 1. */
function mixed(sizes: PageSize[]): SizedDocument & { asked: number[] } {
  const asked: number[] = [];
  return {
    numPages: sizes.length,
    asked,
    getPage: (page) => {
      asked.push(page);
      const size = sizes[page - 1]!;
      return Promise.resolve({ getViewport: ({ scale }: { scale: number }) => ({ width: size.w * scale, height: size.h * scale }) });
    },
  };
}

describe('readPageSizes', () => {
  it('gives every page its own size, not page 1\'s', async () => {
    const doc = mixed([{ w: 612, h: 792 }, { w: 1191, h: 842 }, { w: 300, h: 400 }]);
    const known = new Map<number, PageSize>();
    await readPageSizes(doc, (batch) => batch.forEach((size, page) => known.set(page, size)), new AbortController().signal);
    expect([...known.entries()]).toEqual([[1, { w: 612, h: 792 }], [2, { w: 1191, h: 842 }], [3, { w: 300, h: 400 }]]);
  });

  it('hands the sizes of a long document over in batches of 50 pages', async () => {
    const doc = mixed(Array.from({ length: 120 }, (_, i) => ({ w: 100 + i, h: 200 })));
    const batches: number[] = [];
    await readPageSizes(doc, (batch) => batches.push(batch.size), new AbortController().signal);
    expect(batches).toEqual([50, 50, 20]);
  });

  it('stops reading once the document is closed', async () => {
    const doc = mixed(Array.from({ length: 120 }, () => ({ w: 100, h: 200 })));
    const abort = new AbortController();
    const batches: number[] = [];
    await readPageSizes(doc, (batch) => { batches.push(batch.size); abort.abort(); }, abort.signal);
    expect(batches).toEqual([50]);
    expect(doc.asked).toHaveLength(50);
  });
});
