/**
 * The OpenAI-compatible provider: OpenAI, vLLM, the llama.cpp server and Ollama all serve
 * `/chat/completions` with streamed server-sent events. The answer is grounded in the same
 * retrieval as the offline one; its citations are parsed from the answer and checked against
 * the passages sent.
 */
import { parseCitations } from './citations.js';
import { buildMessages } from './prompt.js';
import { serverSentEvents } from './sse.js';
import { estimateTokens } from './tokens.js';
import type { AiProvider, AnswerEvent, AnswerRequest } from './types.js';

/** The endpoint failed (HTTP error, unreachable, broken stream): the server answers 11006. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';

  constructor(
    message: string,
    /** The endpoint's HTTP status; null when it could not be reached. */
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface OpenAiSettings {
  /** The API root, such as https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (Ollama). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Replaces the global fetch (tests, proxies). */
  fetch?: typeof fetch;
}

interface StreamChunk {
  choices?: Array<{ delta?: { content?: string | null }; finish_reason?: string | null }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string } | string;
}

/** Each message costs a few tokens of framing beyond its text. */
const TOKENS_PER_MESSAGE = 4;
const ERROR_DETAIL_CHARACTERS = 300;

export class OpenAiCompatibleProvider implements AiProvider {
  readonly name = 'openai' as const;
  private readonly url: string;
  private readonly fetch: typeof fetch;

  constructor(private readonly settings: OpenAiSettings) {
    this.url = `${settings.baseUrl.replace(/\/+$/u, '')}/chat/completions`;
    this.fetch = settings.fetch ?? globalThis.fetch;
  }

  /**
   * Streams the model's answer. When `request.signal` aborts, the request is cancelled (the
   * connection closes) and the stream ends with `done` counting what was received.
   */
  async *answer(request: AnswerRequest): AsyncGenerator<AnswerEvent> {
    const messages = buildMessages(request);
    const promptEstimate = messages.reduce((sum, message) => sum + estimateTokens(message.content) + TOKENS_PER_MESSAGE, 0);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream' };
    if (this.settings.apiKey) headers.authorization = `Bearer ${this.settings.apiKey}`;
    const body = JSON.stringify({ model: this.settings.model, messages, stream: true, stream_options: { include_usage: true } });

    let response: Response;
    try {
      response = await this.fetch(this.url, { method: 'POST', headers, body, signal: request.signal ?? null });
    } catch (error) {
      if (request.signal?.aborted) {
        yield { type: 'done', promptTokens: promptEstimate, completionTokens: 0 };
        return;
      }
      throw new ProviderError(`The AI endpoint ${this.url} could not be reached: ${describe(error)}`, null, { cause: error });
    }
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, ERROR_DETAIL_CHARACTERS);
      throw new ProviderError(`The AI endpoint answered HTTP ${response.status}${detail ? `: ${detail}` : ''}`, response.status);
    }
    if (!response.body) throw new ProviderError('The AI endpoint answered without a body', response.status);

    let text = '';
    let usage: StreamChunk['usage'] = null;
    let complete = false;
    try {
      for await (const data of serverSentEvents(response.body)) {
        if (data.trim() === '[DONE]') {
          complete = true;
          break;
        }
        const chunk = parseChunk(data, response.status);
        const choice = chunk.choices?.[0];
        const content = choice?.delta?.content;
        if (typeof content === 'string' && content.length > 0) {
          text += content;
          yield { type: 'token', text: content };
        }
        if (choice?.finish_reason) complete = true;
        if (chunk.usage) usage = chunk.usage;
      }
    } catch (error) {
      if (request.signal?.aborted) {
        yield { type: 'done', promptTokens: usage?.prompt_tokens ?? promptEstimate, completionTokens: estimateTokens(text) };
        return;
      }
      if (error instanceof ProviderError) throw error;
      // A connection dropped after the model said it had finished loses nothing but the usage.
      if (!complete) throw new ProviderError(`The AI endpoint's stream broke off: ${describe(error)}`, response.status, { cause: error });
    }
    if (!complete) throw new ProviderError("The AI endpoint's stream ended before the answer was complete", response.status);
    yield { type: 'citations', citations: parseCitations(text, request.passages) };
    yield {
      type: 'done',
      promptTokens: usage?.prompt_tokens ?? promptEstimate,
      completionTokens: usage?.completion_tokens ?? estimateTokens(text),
    };
  }
}

function parseChunk(data: string, status: number): StreamChunk {
  let chunk: StreamChunk;
  try {
    chunk = JSON.parse(data) as StreamChunk;
  } catch (error) {
    throw new ProviderError(`The AI endpoint sent a malformed stream event: ${data.slice(0, ERROR_DETAIL_CHARACTERS)}`, status, { cause: error });
  }
  if (chunk.error) {
    const message = typeof chunk.error === 'string' ? chunk.error : (chunk.error.message ?? 'unknown error');
    throw new ProviderError(`The AI endpoint reported an error mid-stream: ${message}`, status);
  }
  return chunk;
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));
