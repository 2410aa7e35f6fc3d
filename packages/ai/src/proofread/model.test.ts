import { describe, expect, it } from 'vitest';
import { modelFindings, placeModelFindings } from './model.js';

describe("the model's proofreading corrections", () => {
  it('are placed on the words they quote, a repeated original at its next occurrence', () => {
    const text = 'He go home. He go out.';
    const answer = '{"kind":"agreement","original":"He go","suggestion":"He goes"}\n{"kind":"agreement","original":"He go","suggestion":"He goes"}';
    expect(placeModelFindings(text, answer).map((f) => [f.start, f.end])).toEqual([[0, 5], [12, 17]]);
  });
  it('drop corrections of words not in the text, of unknown kinds, and prose around the JSON', () => {
    const answer = 'Here are the errors:\n{"kind":"tone","original":"home","suggestion":"house"}\n{"kind":"spelling","original":"absent","suggestion":"x"}';
    expect(placeModelFindings('Go home.', answer)).toEqual([]);
  });
  it('are read from the streamed answer of an OpenAI-compatible endpoint', async () => {
    const events = ['{"kind":"spelling",', '"original":"recieve","suggestion":"receive"}\n']
      .map((piece) => `data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`).join('') + 'data: [DONE]\n\n';
    const fetch = (async () => new Response(events, { status: 200, headers: { 'content-type': 'text/event-stream' } })) as typeof globalThis.fetch;
    const findings = await modelFindings({ baseUrl: 'http://model.test/v1', model: 'm', fetch }, 'I recieve it.', 'en');
    expect(findings).toEqual([{ kind: 'spelling', start: 2, end: 9, text: 'recieve', suggestions: ['receive'] }]);
  });
});
