import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DONE, delta, MockOpenAiServer, usage } from '../../test/mockOpenAi.js';
import { parseMarked, translateWithEndpoint } from './endpoint.js';
import { createTranslator } from './translator.js';

let mock: MockOpenAiServer;
beforeEach(async () => {
  mock = await MockOpenAiServer.start();
});
afterEach(async () => {
  await mock.close();
});

describe('parseMarked', () => {
  it('reads each paragraph under its mark, whatever the spacing', () => {
    expect([...parseMarked('[[1]] Hola.\n\n[[2]]Adiós  amigo.\n')]).toEqual([[1, 'Hola.'], [2, 'Adiós amigo.']]);
  });
});

describe('translation by an OpenAI-compatible endpoint (a MOCK server speaking the wire format)', () => {
  it('sends the paragraphs marked in one request and maps the marked answer back, counting the usage', async () => {
    mock.respondWith({ body: [delta('[[1]] Buenos días.\n\n'), delta('[[2]] مرحبا بالعالم.', 'stop'), usage(80, 20), DONE] });
    const result = await translateWithEndpoint({ baseUrl: mock.baseUrl, model: 'mock-model' }, ['Good morning.', 'Hello world.'], 'en', 'ar');
    expect(result).toEqual({ texts: ['Buenos días.', 'مرحبا بالعالم.'], tokens: 100 });
    expect(mock.requests).toHaveLength(1);
    const messages = mock.requests[0]!.body.messages!;
    expect(messages[0]!.content).toMatch(/from English to Arabic/u);
    expect(messages[1]!.content).toBe('[[1]] Good morning.\n\n[[2]] Hello world.');
  });

  it('asks again for a paragraph the answer left out', async () => {
    mock.respondWith({ body: [delta('[[1]] Uno.', 'stop'), DONE] });
    const result = await translateWithEndpoint({ baseUrl: mock.baseUrl, model: 'mock-model' }, ['One.', 'Two.'], 'en', 'es');
    expect(mock.requests).toHaveLength(2);
    expect(mock.requests[1]!.body.messages![1]!.content).toBe('[[1]] Two.');
    expect(result.texts).toEqual(['Uno.', 'Uno.']);
  });

  it('offers every one of the 52 languages in any direction when an endpoint is configured', async () => {
    const info = await createTranslator({ kind: 'openai', baseUrl: mock.baseUrl, model: 'mock-model' }).languages();
    expect(info).toMatchObject({ provider: 'openai', any_pair: true });
    expect(info.languages).toHaveLength(52);
  });
});
