/**
 * One answer of a provider, relayed as the events of an AI stream (contracts' aiStreamEvent)
 * and collected: the text written, its citations and the tokens it counted. The relay ends
 * when the provider ends, fails, or the answer is stopped (the client left, or asked to cancel
 * the stream); what was written until then is kept and its tokens counted.
 */
import { estimateTokens, parseCitations, ProviderError, type AiProvider, type AnswerRequest } from '@pagewright/ai';
import { CatalogueError, type AiStreamEvent, type Citation } from '@pagewright/contracts';

export type StreamSink = (event: AiStreamEvent) => void;

/** An answer as the provider left it. */
export interface AnswerOutcome {
  answer: string;
  citations: Citation[];
  /** Prompt and completion: as the provider counted them, else estimated from what was sent. */
  tokens: number;
  cancelled: boolean;
  /** The catalogue code the provider failed with (11006: the provider was unreachable or refused). */
  failure: { code: string | number; detail: string } | null;
}

/** What a request sends to a model: the question, the passages and the earlier turns. */
export function promptTokens(request: Omit<AnswerRequest, 'signal'>): number {
  const history = (request.history ?? []).map((turn) => `${turn.question}\n${turn.answer}`).join('\n');
  return estimateTokens([request.text, history, ...request.passages.map((p) => p.text)].join('\n'));
}

/**
 * Streams the provider's tokens to `sink` as they come and, once the provider ends or is
 * stopped, the answer's citations (the provider's, or those parsed from what was written).
 * The caller writes the closing event (done or error): it keeps the answer first.
 */
export async function relayAnswer(
  provider: AiProvider, request: Omit<AnswerRequest, 'signal'>, sink: StreamSink, signal: AbortSignal,
): Promise<AnswerOutcome> {
  let answer = '';
  let citations: Citation[] | null = null;
  let counted: number | null = null;
  let failure: AnswerOutcome['failure'] = null;
  try {
    for await (const event of provider.answer({ ...request, signal })) {
      if (event.type === 'token') {
        // A provider that does not watch the signal is left at its next token.
        if (signal.aborted) break;
        answer += event.text;
        sink({ type: 'token', text: event.text });
      } else if (event.type === 'citations') {
        citations = event.citations;
      } else {
        counted = event.promptTokens + event.completionTokens;
      }
    }
  } catch (error) {
    if (!signal.aborted) failure = failureOf(error);
  }
  const cancelled = signal.aborted;
  if (failure && answer === '') return { answer, citations: [], tokens: 0, cancelled, failure };
  citations ??= parseCitations(answer, request.passages);
  if (!failure) sink({ type: 'citations', citations });
  const tokens = counted ?? promptTokens(request) + estimateTokens(answer);
  return { answer, citations, tokens, cancelled, failure };
}

/** A provider's refusal or an endpoint that cannot be reached is 11006 (service not working). */
function failureOf(error: unknown): NonNullable<AnswerOutcome['failure']> {
  if (error instanceof CatalogueError) return { code: error.code, detail: error.message };
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { code: 11006, detail: error instanceof ProviderError ? detail : `provider failed: ${detail}` };
}
