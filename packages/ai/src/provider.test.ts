import { describe, expect, it } from 'vitest';
import { OfflineProvider } from './offline.js';
import { OpenAiCompatibleProvider } from './openai.js';
import { createProvider } from './provider.js';

describe('createProvider', () => {
  it('makes the offline provider for kind offline', () => {
    const provider = createProvider({ kind: 'offline' });
    expect(provider).toBeInstanceOf(OfflineProvider);
    expect(provider.name).toBe('offline');
  });

  it('makes the OpenAI-compatible provider with the fetch it is given', async () => {
    const calls: string[] = [];
    const fakeFetch: typeof fetch = async (input) => {
      calls.push(String(input));
      return new Response('data: {"choices":[{"delta":{"content":"Hi"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n', { headers: { 'content-type': 'text/event-stream' } });
    };
    const provider = createProvider({ kind: 'openai', baseUrl: 'http://llm.invalid/v1', model: 'm', fetch: fakeFetch });
    expect(provider).toBeInstanceOf(OpenAiCompatibleProvider);
    expect(provider.name).toBe('openai');
    const texts: string[] = [];
    for await (const event of provider.answer({ action: 'ask', text: 'Hello?', passages: [], language: 'en' })) if (event.type === 'token') texts.push(event.text);
    expect(texts).toEqual(['Hi']);
    expect(calls).toEqual(['http://llm.invalid/v1/chat/completions']);
  });
});
