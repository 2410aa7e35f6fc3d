import { describe, expect, it } from 'vitest';
import { layoutPage, reportDocument } from '../test/fixtures.js';
import { DocumentIndex } from './retrieval.js';
import type { DocumentText } from './types.js';

/** Questions on the report with the page that answers each. */
const QUESTIONS: Array<[string, number]> = [
  ['How much water does the Cold Creek reservoir hold?', 2],
  ['When was the Millbrook treatment plant built?', 3],
  ['Which disinfection steps does the plant use?', 3],
  ['How long is the network of water mains?', 4],
  ['How many samples did the laboratory analyse?', 5],
  ['How many litres does each person use per day?', 6],
  ['What is the tariff per cubic metre?', 7],
  ['How low did the reservoir fall during the 2022 drought?', 8],
  ['How many comments did residents send?', 10],
];

describe('DocumentIndex', () => {
  const index = DocumentIndex.fromDocument(reportDocument());

  it.each(QUESTIONS)('finds the page that answers "%s" first (page %i)', (question, page) => {
    expect(index.search(question, 3)[0]?.page).toBe(page);
  });

  it('returns at most k passages, best first, scores relative to the best', () => {
    const passages = index.search('water reservoir plant', 3);
    expect(passages).toHaveLength(3);
    expect(passages[0]?.score).toBe(1);
    expect(passages.map((passage) => passage.score)).toEqual([...passages.map((passage) => passage.score)].sort((a, b) => b - a));
    expect(passages.every((passage) => passage.score > 0 && passage.score <= 1)).toBe(true);
  });

  it('gives each passage its sentences with their rectangles', () => {
    const [passage] = index.search('Cold Creek reservoir capacity', 1);
    expect(passage?.sentences.some((sentence) => sentence.text.startsWith('When full, the reservoir holds 18 million cubic metres'))).toBe(true);
    expect(passage?.sentences.every((sentence) => sentence.rects.length > 0)).toBe(true);
  });

  it('finds a Chinese term on the Chinese page', () => {
    const [passage] = index.search('水库的蓄水量', 3);
    expect(passage?.page).toBe(9);
    expect(index.search('冷溪水库', 1)[0]?.page).toBe(9);
  });

  it('finds nothing for a question whose words the document never uses', () => {
    expect(index.search('Who won the football championship?', 3)).toEqual([]);
  });

  it('survives toJSON and fromJSON with the same results, without the document', () => {
    const stored = JSON.stringify(index);
    const reloaded = DocumentIndex.fromJSON(stored);
    expect(reloaded.language).toBe('en');
    for (const [question] of QUESTIONS) expect(reloaded.search(question, 3)).toEqual(index.search(question, 3));
    expect(reloaded.search('水库', 2)).toEqual(index.search('水库', 2));
  });

  it('refuses a stored index of another format', () => {
    const stored = { ...index.toJSON(), format: 0 };
    expect(() => DocumentIndex.fromJSON(stored as unknown as ReturnType<typeof index.toJSON>)).toThrow(/format 0/);
  });

  it('lists every passage of the pages asked for, in reading order', () => {
    const passages = index.pagePassages([2, 3]);
    expect(passages.length).toBeGreaterThanOrEqual(2);
    expect(passages.map((passage) => passage.page)).toEqual([...passages.map((passage) => passage.page)].sort((a, b) => a - b));
    expect(new Set(passages.map((passage) => passage.page))).toEqual(new Set([2, 3]));
  });

  it('spreads the best passages over pages before giving a page a second one', () => {
    const filler = 'The maintenance crew inspected the housing, logged the readings and cleaned the intake screens before the next shift began its rounds of the hall.';
    const turbinePara = (n: number): string => `Turbine ${n} of the east hall runs at full turbine load; the turbine bearings of turbine ${n} were replaced. ${filler} ${filler}`;
    const doc: DocumentText = {
      title: 'Turbine halls',
      outline: [],
      pages: [
        layoutPage(1, [{ text: turbinePara(1) }, { text: turbinePara(2) }, { text: turbinePara(3) }]),
        layoutPage(2, [{ text: `The west hall has one turbine, serviced in May. ${filler} ${filler}` }]),
        layoutPage(3, [{ text: `${filler} ${filler} ${filler}` }]),
      ],
    };
    const diverse = DocumentIndex.fromDocument(doc);
    const pages = diverse.search('turbine', 3).map((passage) => passage.page);
    expect(pages.slice(0, 2)).toEqual([1, 2]);
    expect(pages[2]).toBe(1);
  });
});
