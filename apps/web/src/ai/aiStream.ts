/**
 * The reader of the AI streams (SPEC §7 `/chat/summary/stream`, `/chat/completion/stream`,
 * `/conversation/chat/stream`): a POST whose answer is `text/event-stream`, one JSON
 * `aiStreamEvent` per `data:` line. EventSource cannot POST or send the token header, so this
 * reads the fetch body itself. A refusal before the stream starts comes back as the ordinary
 * JSON envelope; an `error` event ends the stream with its catalogue code.
 */
import {
  SESSION_HEADER, SUCCESS, aiStreamEvent, envelope, fillPath, timing, type AiStreamEvent, type AnyRoute,
} from '@pagewright/contracts';
import { z } from 'zod';
import { useAccountStore } from '../account/accountStore';
import { expireSession, isSessionExpiryCode } from '../account/sessionExpiry';
import { ApiError, normalizeCode } from '../api/ApiError';
import { apiUrl } from '../api/http';

export type AiDoneEvent = Extract<AiStreamEvent, { type: 'done' }>;
/** The events a caller sees: `error` is thrown as an ApiError instead. */
export type AiProgressEvent = Exclude<AiStreamEvent, { type: 'error' }>;

/**
 * Splits server-sent event text into the data of each event, however the text is cut into
 * chunks: lines end with LF or CRLF, an empty line ends an event, several `data:` lines of one
 * event are joined by LF, comments and other fields are skipped.
 */
export class SseDataParser {
  private buffer = '';
  private data: string[] = [];

  /** Feeds the next piece of text; answers the data of every event it completes. */
  push(text: string): string[] {
    this.buffer += text;
    const complete: string[] = [];
    for (let end = this.buffer.indexOf('\n'); end >= 0; end = this.buffer.indexOf('\n')) {
      const line = this.buffer.slice(0, end).replace(/\r$/, '');
      this.buffer = this.buffer.slice(end + 1);
      this.line(line, complete);
    }
    return complete;
  }

  /** The stream ended: a last event without its empty line still counts. */
  end(): string[] {
    const complete: string[] = [];
    if (this.buffer !== '') this.line(this.buffer.replace(/\r$/, ''), complete);
    this.buffer = '';
    this.line('', complete);
    return complete;
  }

  private line(line: string, complete: string[]): void {
    if (line === '') {
      if (this.data.length > 0) complete.push(this.data.join('\n'));
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field !== 'data') return;
    const value = colon < 0 ? '' : line.slice(colon + 1);
    this.data.push(value.startsWith(' ') ? value.slice(1) : value);
  }
}

/** One event's data as a checked event; anything else is a broken stream. */
export function parseStreamEvent(data: string): AiStreamEvent {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw new ApiError('ERR_BAD_RESPONSE', 'A stream event is not JSON.');
  }
  const result = aiStreamEvent.safeParse(json);
  if (!result.success) throw new ApiError('ERR_BAD_RESPONSE', `Unexpected stream event: ${result.error.message}`);
  return result.data;
}

export interface StreamOptions {
  signal?: AbortSignal | undefined;
  /** Every event but `error`, as it arrives. */
  onEvent: (event: AiProgressEvent) => void;
}

const looseEnvelope = envelope(z.unknown());

/**
 * POSTs `body` to a streaming route and hands each event to `onEvent` until `done`. Resolves
 * with the `done` event (null when the server closed the stream without one); rejects with the
 * catalogue code of a refusal or an `error` event, ERR_CANCELED when `signal` aborts,
 * ERR_NETWORK when the connection drops and ECONNABORTED when no answer starts in time.
 */
export async function readAiStream(route: AnyRoute, body: unknown, { signal, onEvent }: StreamOptions): Promise<AiDoneEvent | null> {
  // A request the route's schema refuses is the page's mistake, told as the catalogue's INVALID_PARAMS.
  const checked = route.body ? route.body.safeParse(body) : { success: true as const, data: {} };
  if (!checked.success) throw new ApiError('INVALID_PARAMS', checked.error.message);
  if (signal?.aborted) throw new ApiError('ERR_CANCELED');
  const headers: Record<string, string> = { Accept: 'text/event-stream', 'Content-Type': 'application/json' };
  const token = useAccountStore.getState().token;
  if (token !== null) headers[SESSION_HEADER] = token;

  // One controller for the whole stream: the caller's abort, and a time-out until the answer starts.
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timing.requestTimeoutMs);
  const transportError = () => {
    if (timedOut) return new ApiError('ECONNABORTED');
    if (signal?.aborted) return new ApiError('ERR_CANCELED');
    return new ApiError('ERR_NETWORK');
  };

  try {
    let response: Response;
    try {
      response = await fetch(apiUrl(fillPath(route.path, undefined)), {
        method: route.method,
        headers,
        body: JSON.stringify(checked.data),
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch {
      throw transportError();
    } finally {
      clearTimeout(timer);
    }
    const type = response.headers.get('Content-Type') ?? '';
    if (!type.includes('text/event-stream') || !response.body) throw await refusalOf(response, token);

    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parser = new SseDataParser();
    const handle = (payloads: string[]): AiDoneEvent | null => {
      for (const payload of payloads) {
        const event = parseStreamEvent(payload);
        if (event.type === 'error') {
          const code = normalizeCode(event.code);
          if (isSessionExpiryCode(code)) expireSession(code, token);
          throw new ApiError(code, event.msg);
        }
        onEvent(event);
        if (event.type === 'done') return event;
      }
      return null;
    };
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch {
          throw transportError();
        }
        if (chunk.done) return handle([...parser.push(decoder.decode()), ...parser.end()]);
        const done = handle(parser.push(decoder.decode(chunk.value, { stream: true })));
        if (done) return done;
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    controller.abort();
  }
}

/** The catalogue error of an answer that is not a stream: the envelope's code, else a bad response. */
async function refusalOf(response: Response, token: string | null): Promise<ApiError> {
  let parsed: ReturnType<typeof looseEnvelope.safeParse> | undefined;
  try {
    parsed = looseEnvelope.safeParse(JSON.parse(await response.text()));
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success) {
    return response.status === 500 ? new ApiError(500) : new ApiError('ERR_BAD_RESPONSE', `Unexpected response (HTTP ${response.status}).`);
  }
  const code = normalizeCode(parsed.data.code);
  if (code === SUCCESS) return new ApiError('ERR_BAD_RESPONSE', 'The server answered without a stream.');
  if (isSessionExpiryCode(code)) expireSession(code, token);
  return new ApiError(code, parsed.data.msg);
}
