import { describe, expect, it } from 'vitest';
import { layoutPage, reportDocument } from '../test/fixtures.js';
import { documentOutline } from './outline.js';
import type { DocumentText } from './types.js';

describe('documentOutline', () => {
  it('makes the outline from heading fonts when the document has none: title, sections, subsections', () => {
    const outline = documentOutline(reportDocument());
    expect(outline[0]).toEqual({ title: 'Riverton Water Supply Annual Report 2023', page: 1, level: 1 });
    expect(outline).toContainEqual({ title: '3. Treatment at the Millbrook Plant', page: 3, level: 2 });
    expect(outline).toContainEqual({ title: '2.1 Cold Creek Reservoir', page: 2, level: 3 });
    expect(outline.filter((entry) => entry.level === 2)).toHaveLength(10);
    expect(outline.every((entry) => entry.level <= 3)).toBe(true);
  });

  it('returns the document’s own outline when it has one', () => {
    const own = [
      { title: 'Sources', page: 2, level: 1 },
      { title: 'Deep detail', page: 2, level: 4 },
    ];
    expect(documentOutline({ ...reportDocument(), outline: own })).toEqual([own[0]]);
  });

  it('takes neither body paragraphs nor a header repeated on every page as headings', () => {
    const pages = [1, 2, 3, 4].map((page) =>
      layoutPage(page, [
        { text: 'Riverton Water Utility', bold: true },
        { text: `Section ${page}`, size: 14, bold: true },
        { text: 'The plant treats water from the reservoir and the river before it reaches the city. '.repeat(3) },
      ]),
    );
    const doc: DocumentText = { title: null, outline: [], pages };
    expect(documentOutline(doc).map((entry) => entry.title)).toEqual(['Section 1', 'Section 2', 'Section 3', 'Section 4']);
  });
});
