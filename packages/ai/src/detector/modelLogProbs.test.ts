import { describe, expect, it } from 'vitest';
import { modelLogProbs } from './modelLogProbs.js';

const settings = (fetch: typeof globalThis.fetch) => ({ baseUrl: 'http://model.test/v1/', model: 'm', fetch });

describe("the endpoint model's log-probabilities", () => {
  it('are the prompt token log-probabilities of an echo completion, the first (null) left out', async () => {
    let asked: { url: string; body: Record<string, unknown> } | null = null;
    const fetch = (async (url: string, init: RequestInit) => {
      asked = { url, body: JSON.parse(String(init.body)) as Record<string, unknown> };
      return Response.json({ choices: [{ logprobs: { token_logprobs: [null, -1.5, -0.5] } }] });
    }) as unknown as typeof globalThis.fetch;
    expect(await modelLogProbs(settings(fetch), 'Some text.')).toEqual([-1.5, -0.5]);
    expect(asked!.url).toBe('http://model.test/v1/completions');
    expect(asked!.body).toMatchObject({ prompt: 'Some text.', echo: true, logprobs: 0 });
  });
  it('are null when the endpoint does not give them or cannot be reached', async () => {
    const notFound = (async () => new Response('', { status: 404 })) as typeof globalThis.fetch;
    const none = (async () => Response.json({ choices: [{ text: 'x' }] })) as typeof globalThis.fetch;
    const down = (async () => { throw new TypeError('fetch failed'); }) as typeof globalThis.fetch;
    expect(await modelLogProbs(settings(notFound), 'x')).toBeNull();
    expect(await modelLogProbs(settings(none), 'x')).toBeNull();
    expect(await modelLogProbs(settings(down), 'x')).toBeNull();
  });
});
