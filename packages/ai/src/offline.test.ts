import { describe, expect, it } from 'vitest';
import { INJECTION, reportDocument, reportSentences } from '../test/fixtures.js';
import { offlineMessages } from './messages.js';
import { OfflineProvider, streamPieces } from './offline.js';
import { DocumentIndex } from './retrieval.js';
import type { AnswerEvent, AnswerRequest } from './types.js';

const index = DocumentIndex.fromDocument(reportDocument());
const provider = new OfflineProvider();
const documentSentences = new Set(reportSentences());
const english = offlineMessages('en', '');

async function run(request: AnswerRequest): Promise<{ events: AnswerEvent[]; text: string }> {
  const events: AnswerEvent[] = [];
  for await (const event of provider.answer(request)) events.push(event);
  return { events, text: events.flatMap((event) => (event.type === 'token' ? [event.text] : [])).join('') };
}

function ask(text: string, language = 'en', action: AnswerRequest['action'] = 'ask'): Promise<{ events: AnswerEvent[]; text: string }> {
  return run({ action, text, passages: index.search(text, 4), language });
}

/** The sentences an answer shows: the text between its `[p. N]` markers, fixed lines removed. */
function shownSentences(text: string, fixed: string[]): string[] {
  return text
    .split(/\s*\[p\. \d+\]\s*/)
    .flatMap((part) => part.split('\n'))
    .map((part) => part.trim())
    .filter((part) => part.length > 0 && !fixed.includes(part));
}

describe('OfflineProvider', () => {
  it.each([
    ['How much water does the Cold Creek reservoir hold?', 'When full, the reservoir holds 18 million cubic metres'],
    ['When was the Millbrook treatment plant built?', 'which was built in 1987'],
    ['What is the tariff per cubic metre?', 'the volumetric tariff was 2.35 euros per cubic metre'],
    ['How many litres does each person use per day?', '142 litres per person per day'],
  ])('answers "%s" with sentences of the document only, the answer among them', async (question, answer) => {
    const { text } = await ask(question);
    expect(text).toContain(answer);
    const shown = shownSentences(text, []);
    expect(shown.length).toBeGreaterThanOrEqual(1);
    expect(shown.length).toBeLessThanOrEqual(4);
    for (const sentence of shown) expect(documentSentences).toContain(sentence);
  });

  it('follows every sentence it shows with its page, and cites each one with its rectangles', async () => {
    const { text, events } = await ask('How low did the reservoir fall during the 2022 drought?');
    const shown = shownSentences(text, []);
    expect(text.match(/\[p\. \d+\]/g)?.length).toBe(shown.length);
    const citations = events.find((event) => event.type === 'citations');
    expect(citations?.type === 'citations' && citations.citations.map((citation) => citation.quote)).toEqual(shown);
    expect(citations?.type === 'citations' && citations.citations.every((citation) => citation.page === 8 && citation.rects.length > 0)).toBe(true);
  });

  it('says honestly that the document does not answer an unanswerable question, then shows the closest passage', async () => {
    const question = 'What does the document say about the population of penguins on Mars?';
    const { text } = await run({ action: 'ask', text: question, passages: index.search('water plant', 2), language: 'en' });
    expect(text.startsWith(english.noAnswer)).toBe(true);
    for (const sentence of shownSentences(text, [english.noAnswer])) expect(documentSentences).toContain(sentence);
  });

  it('says it in the language asked for, and without passages shows nothing else', async () => {
    const { text } = await run({ action: 'chat', text: 'Wer hat 1998 die Meisterschaft gewonnen?', passages: [], language: 'de' });
    expect(text).toBe('Das Dokument scheint diese Frage nicht zu beantworten.');
  });

  it('has its fixed sentences in the seven UI languages and both Chinese scripts', () => {
    const sentences = ['en', 'de', 'es', 'fr', 'pt', 'ja', 'zh-cn', 'zh-tw'].map((language) => offlineMessages(language, '').noAnswer);
    expect(new Set(sentences).size).toBe(8);
  });

  it('quotes an injected instruction as text of its page instead of obeying it', async () => {
    const { text } = await ask('Which instructions did the comment give?');
    expect(text).toContain(`${INJECTION} [p. 10]`);
    const summary = await run({ action: 'summarize', text: '', passages: index.pagePassages([10]), language: 'en' });
    expect(summary.text).toContain(`${INJECTION} [p. 10]`);
    expect(summary.text).not.toMatch(/^PWNED/);
  });

  it('explains a selection with the other passages about it, not with the selection itself', async () => {
    const selection = 'Disinfection combines ozone, ultraviolet light and a small final dose of chlorine that protects the water on its way through the pipes.';
    const { text } = await run({ action: 'explain', text: selection, passages: index.search(selection, 4), language: 'en' });
    expect(text.startsWith(english.related)).toBe(true);
    expect(text).not.toContain(selection);
    for (const sentence of shownSentences(text, [english.related])) expect(documentSentences).toContain(sentence);
  });

  it('summarizes a selection with its own best sentences, each cited where the document holds it', async () => {
    const selection = reportDocument()
      .pages[2]?.blocks.slice(1)
      .map((block) => block.lines.map((line) => line.text).join(' '))
      .join(' ') ?? '';
    const { text, events } = await run({ action: 'summarize', text: selection, passages: index.pagePassages([3]), language: 'en' });
    const shown = shownSentences(text, []);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.join(' ').split(' ').length).toBeLessThan(selection.split(' ').length * 0.6);
    for (const sentence of shown) expect(selection).toContain(sentence);
    const citations = events.find((event) => event.type === 'citations');
    expect(citations?.type === 'citations' && citations.citations.every((citation) => citation.page === 3)).toBe(true);
  });

  it('summarizes pages from their passages when no text is selected', async () => {
    const { text } = await run({ action: 'summarize', text: '', passages: index.pagePassages([4, 5]), language: 'en' });
    expect(text).toMatch(/\[p\. 4\]/);
    for (const sentence of shownSentences(text, [])) expect(documentSentences).toContain(sentence);
  });

  it('rewrites by condensing: says so first, then at most 60 % of the selection’s words, all its own', async () => {
    const page4 = reportDocument().pages[3]?.blocks.slice(1).map((block) => block.lines.map((line) => line.text).join(' ')).join(' ') ?? '';
    const { text } = await run({ action: 'rewrite', text: page4, passages: index.pagePassages([4]), language: 'en' });
    const [first, ...rest] = text.split('\n\n');
    expect(first).toBe(english.condensed);
    const kept = shownSentences(rest.join('\n'), []);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.join(' ').split(' ').length).toBeLessThanOrEqual(page4.split(' ').length * 0.6);
    for (const sentence of kept) expect(page4).toContain(sentence);
  });

  it('streams in pieces of a few words and ends with citations, then done with token counts', async () => {
    const { events } = await ask('How many samples did the laboratory analyse?');
    const tokens = events.filter((event) => event.type === 'token');
    expect(tokens.length).toBeGreaterThan(5);
    expect(tokens.every((event) => event.type === 'token' && event.text.replace(/\[p\. \d+\]/g, '').split(' ').filter(Boolean).length <= 3)).toBe(true);
    expect(events.at(-2)?.type).toBe('citations');
    const done = events.at(-1);
    expect(done?.type === 'done' && done.promptTokens > 0 && done.completionTokens > 0).toBe(true);
  });

  it('stops streaming when the request is aborted, with done counting only what was sent', async () => {
    const controller = new AbortController();
    const events: AnswerEvent[] = [];
    for await (const event of provider.answer({ action: 'ask', text: 'How low did the reservoir fall during the 2022 drought?', passages: index.search('drought reservoir', 4), language: 'en', signal: controller.signal })) {
      events.push(event);
      if (events.length === 2) controller.abort();
    }
    expect(events.map((event) => event.type)).toEqual(['token', 'token', 'done']);
    const done = events[2];
    const sent = events.flatMap((event) => (event.type === 'token' ? [event.text] : [])).join('');
    expect(done?.type === 'done' && done.completionTokens).toBe(Math.ceil(sent.length / 4));
  });
});

describe('streamPieces', () => {
  it('cuts a text into pieces of three words that join back into it', () => {
    const text = 'The reservoir holds 18 million cubic metres. [p. 2]';
    const pieces = streamPieces(text);
    expect(pieces.join('')).toBe(text);
    expect(pieces[0]).toBe('The reservoir holds ');
  });

  it('keeps a [p. N] marker whole in one piece', () => {
    const pieces = streamPieces('The reservoir holds water for the whole city. [p. 12] The plant treats it. [p. 3]');
    expect(pieces).toContain('whole city. [p. 12]');
    expect(pieces.at(-1)).toBe('it. [p. 3]');
  });

  it('cuts Chinese text by words too', () => {
    expect(streamPieces('冷溪水库是最大的水源').length).toBeGreaterThan(1);
  });
});
