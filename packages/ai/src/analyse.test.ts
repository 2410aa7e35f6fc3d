import { describe, expect, it } from 'vitest';
import { layoutPage, reportDocument } from '../test/fixtures.js';
import { analyseDocument } from './analyse.js';

describe('analyseDocument', () => {
  it('gives the report’s summary card: English, a summary with pages, keywords, outline and three questions', () => {
    const analysis = analyseDocument(reportDocument());
    expect(analysis.language).toBe('en');
    expect(analysis.summary.length).toBeGreaterThan(0);
    expect(analysis.summary.every((sentence) => sentence.page >= 1 && sentence.page <= 10)).toBe(true);
    expect(analysis.keywords.length).toBeGreaterThanOrEqual(5);
    expect(analysis.outline.length).toBeGreaterThan(10);
    expect(analysis.questions).toHaveLength(3);
    expect(analysis.questions.every((question) => question.startsWith('What') || question.startsWith('How'))).toBe(true);
  });

  it('recognises a German document and asks its questions in German', () => {
    const page = layoutPage(1, [
      { text: 'Wasserversorgung der Stadt', size: 18, bold: true },
      { text: 'Der Stausee', size: 14, bold: true },
      { text: 'Die Stadt bezieht ihr Wasser aus einem Stausee im Norden. Der Stausee fasst achtzehn Millionen Kubikmeter Wasser und wurde im Jahr 1962 gebaut.' },
      { text: 'Das Wasserwerk', size: 14, bold: true },
      { text: 'Das Wasserwerk bereitet das Wasser mit Sandfiltern und Ozon auf, bevor es in die Leitungen der Stadt fließt. Es wird rund um die Uhr überwacht.' },
    ]);
    const analysis = analyseDocument({ title: 'Wasserversorgung der Stadt', outline: [], pages: [page] });
    expect(analysis.language).toBe('de');
    expect(analysis.questions[0]).toBe('Was sagt das Dokument über Der Stausee?');
  });
});
