/**
 * Translation by an OpenAI-compatible endpoint: paragraphs go in numbered batches, each
 * marked `[[n]]`, and come back under the same marks, so a model that merges or drops a
 * paragraph is caught; a paragraph missing from the answer is asked again on its own.
 */
import { ProviderError, type OpenAiSettings } from '../openai.js';
import { serverSentEvents } from '../sse.js';
import { estimateTokens } from '../tokens.js';

export interface EndpointTranslation {
  texts: string[];
  tokens: number;
}

/** Small enough for any model's context with its answer, large enough to keep requests few. */
const BATCH_CHARACTERS = 6_000;
const BATCH_PARAGRAPHS = 40;
const MARK = /\[\[(\d+)\]\]/gu;

/** The English name of a language tag, for the prompt ("Spanish", "Chinese (China)"). */
function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

export function translationPrompt(source: string, target: string): string {
  return `You translate documents from ${languageName(source)} to ${languageName(target)}. `
    + 'Each paragraph of the user message starts with a mark such as [[3]]. Answer with every paragraph translated, '
    + 'each starting with its own mark, in the same order, and nothing else: no notes, no quotes. '
    + 'Keep numbers, names, and the text of the marks unchanged.';
}

/** The paragraphs of an answer by their marks. */
export function parseMarked(answer: string): Map<number, string> {
  const found = new Map<number, string>();
  const marks = [...answer.matchAll(MARK)];
  marks.forEach((mark, i) => {
    const start = mark.index + mark[0].length;
    const end = i + 1 < marks.length ? marks[i + 1]!.index : answer.length;
    found.set(Number(mark[1]), answer.slice(start, end).replace(/\s+/gu, ' ').trim());
  });
  return found;
}

export async function translateWithEndpoint(
  settings: OpenAiSettings, texts: readonly string[], source: string, target: string, signal?: AbortSignal,
): Promise<EndpointTranslation> {
  const result = texts.map(() => '');
  let tokens = 0;
  const batches: number[][] = [];
  let current: number[] = [];
  let size = 0;
  texts.forEach((text, i) => {
    if (text.trim() === '') return;
    if (current.length > 0 && (size + text.length > BATCH_CHARACTERS || current.length >= BATCH_PARAGRAPHS)) {
      batches.push(current);
      current = [];
      size = 0;
    }
    current.push(i);
    size += text.length;
  });
  if (current.length > 0) batches.push(current);
  for (const batch of batches) {
    const message = batch.map((i, k) => `[[${k + 1}]] ${texts[i]!.replace(/\s+/gu, ' ').trim()}`).join('\n\n');
    const answer = await complete(settings, translationPrompt(source, target), message, signal);
    tokens += answer.tokens;
    const marked = parseMarked(answer.text);
    for (const [k, i] of batch.entries()) {
      const translated = marked.get(k + 1);
      if (translated) {
        result[i] = translated;
        continue;
      }
      const alone = await complete(settings, translationPrompt(source, target), `[[1]] ${texts[i]}`, signal);
      tokens += alone.tokens;
      result[i] = parseMarked(alone.text).get(1) ?? alone.text.replace(MARK, '').trim();
    }
  }
  return { texts: result, tokens };
}

interface Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
}

/** One chat completion, streamed as every OpenAI-compatible server serves it, collected. */
async function complete(settings: OpenAiSettings, system: string, user: string, signal?: AbortSignal): Promise<{ text: string; tokens: number }> {
  const url = `${settings.baseUrl.replace(/\/+$/u, '')}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
  const body = JSON.stringify({
    model: settings.model, stream: true, stream_options: { include_usage: true }, temperature: 0,
    messages: [{ role: 'system', content: system }, { role: 'user', content: user }],
  });
  let response: Response;
  try {
    response = await (settings.fetch ?? globalThis.fetch)(url, { method: 'POST', headers, body, signal: signal ?? null });
  } catch (error) {
    throw new ProviderError(`The AI endpoint ${url} could not be reached: ${error instanceof Error ? error.message : String(error)}`, null, { cause: error });
  }
  if (!response.ok || !response.body) throw new ProviderError(`The AI endpoint answered HTTP ${response.status}`, response.status);
  let text = '';
  let usage = null as Usage | null;
  for await (const data of serverSentEvents(response.body)) {
    if (data.trim() === '[DONE]') break;
    let chunk: { choices?: Array<{ delta?: { content?: string | null } }>; usage?: Usage | null; error?: unknown };
    try {
      chunk = JSON.parse(data) as typeof chunk;
    } catch (error) {
      throw new ProviderError('The AI endpoint sent a malformed stream event', response.status, { cause: error });
    }
    if (chunk.error) throw new ProviderError('The AI endpoint reported an error mid-stream', response.status);
    const content = chunk.choices?.[0]?.delta?.content;
    if (typeof content === 'string') text += content;
    if (chunk.usage) usage = chunk.usage;
  }
  const tokens = (usage?.prompt_tokens ?? estimateTokens(system + user)) + (usage?.completion_tokens ?? estimateTokens(text));
  return { text, tokens };
}
