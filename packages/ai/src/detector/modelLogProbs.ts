/**
 * With an OpenAI-compatible endpoint configured, the detector also asks the model how likely
 * it finds each token of the text: the Completions API with `echo` and `logprobs` gives the
 * prompt's own token log-probabilities (vLLM, the llama.cpp server and other local servers do;
 * OpenAI's chat models do not). Where the endpoint gives them, their mean is shown as one more
 * signal. It is not part of the probability: the classifier was fitted without it and no
 * labelled set measures it, so it is shown for what it is, a reading from the model.
 */
import type { OpenAiSettings } from '../openai.js';

interface CompletionsAnswer {
  choices?: Array<{ logprobs?: { token_logprobs?: Array<number | null> } | null }>;
}

/** The text's token log-probabilities under the endpoint's model, or null when the endpoint does not give them. */
export async function modelLogProbs(settings: OpenAiSettings, text: string, signal?: AbortSignal): Promise<number[] | null> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
  const url = `${settings.baseUrl.replace(/\/+$/u, '')}/completions`;
  try {
    const response = await (settings.fetch ?? globalThis.fetch)(url, {
      method: 'POST', headers, signal: signal ?? null,
      body: JSON.stringify({ model: settings.model, prompt: text, max_tokens: 1, echo: true, logprobs: 0, temperature: 0 }),
    });
    if (!response.ok) return null;
    const answer = (await response.json()) as CompletionsAnswer;
    // The first token has no context and so no log-probability (null).
    const values = (answer.choices?.[0]?.logprobs?.token_logprobs ?? []).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
    return values.length > 0 ? values : null;
  } catch {
    // Unreachable or not JSON: the offline result stands on its own.
    return null;
  }
}
