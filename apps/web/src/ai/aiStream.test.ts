import { aiRoutes, SESSION_HEADER } from '@pagewright/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAccountStore } from '../account/accountStore';
import { ApiError } from '../api/ApiError';
import { fail } from '../api/testFetch';
import { readAiStream, SseDataParser, type AiProgressEvent } from './aiStream';

afterEach(() => {
  vi.unstubAllGlobals();
  useAccountStore.setState({ token: null });
});

const body = { file_id: 'f1', question: 'What is on page 2?' };
const line = (event: object) => `data: ${JSON.stringify(event)}\n\n`;
const start = { type: 'start', record_id: 'r1', conversation_id: 'c1', provider: 'offline' };
const done = { type: 'done', tokens: 12, cancelled: false };

interface Served {
  /** Sends the next piece of the body. */
  send: (text: string) => void;
  sendBytes: (bytes: Uint8Array) => void;
  close: () => void;
  init: () => RequestInit & { url: string };
}

/**
 * Replaces fetch with a server that answers an event stream whose body the test writes piece
 * by piece; aborting the request errors the body the way a browser does.
 */
function serveStream(): Served {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let seen: (RequestInit & { url: string }) | undefined;
  const encoder = new TextEncoder();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    seen = { ...init, url };
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    init.signal?.addEventListener('abort', () => {
      try {
        controller?.error(new DOMException('aborted', 'AbortError'));
      } catch {
        // Already closed.
      }
    });
    return new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
  });
  return {
    send: (text) => controller?.enqueue(encoder.encode(text)),
    sendBytes: (bytes) => controller?.enqueue(bytes),
    close: () => controller?.close(),
    init: () => {
      if (!seen) throw new Error('no request yet');
      return seen;
    },
  };
}

function collect(): { events: AiProgressEvent[]; onEvent: (event: AiProgressEvent) => void } {
  const events: AiProgressEvent[] = [];
  return { events, onEvent: (event) => events.push(event) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SseDataParser', () => {
  it('gives the same events however the text is cut, CRLF line ends included', () => {
    const parser = new SseDataParser();
    const text = 'data: {"a":1}\r\n\r\ndata: {"b":2}\n\n';
    const out: string[] = [];
    for (const char of text) out.push(...parser.push(char));
    expect(out).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('skips comments and other fields and joins the data lines of one event', () => {
    const parser = new SseDataParser();
    expect(parser.push(': keep-alive\nevent: token\nid: 3\ndata: one\ndata:two\n\n')).toEqual(['one\ntwo']);
  });

  it('gives a last event the server closed without its empty line', () => {
    const parser = new SseDataParser();
    expect(parser.push('data: {"x":1}')).toEqual([]);
    expect(parser.end()).toEqual(['{"x":1}']);
  });
});

describe('readAiStream', () => {
  it('POSTs the checked body with the session token and asks for an event stream', async () => {
    useAccountStore.setState({ token: 'tok-1' });
    const served = serveStream();
    const { onEvent } = collect();
    const reading = readAiStream(aiRoutes.chatStream, body, { onEvent });
    await tick();
    served.send(line(done));
    await reading;
    const init = served.init();
    expect(init.url).toBe('/api/v2/conversation/chat/stream');
    expect(init.method).toBe('POST');
    const headers = init.headers as Record<string, string>;
    expect(headers[SESSION_HEADER]).toBe('tok-1');
    expect(headers.Accept).toBe('text/event-stream');
    expect(JSON.parse(String(init.body))).toMatchObject({ file_id: 'f1', question: 'What is on page 2?', lang: 'en', policy_name: 'control' });
  });

  it('delivers events split across chunks in order and resolves with done', async () => {
    const served = serveStream();
    const { events, onEvent } = collect();
    const reading = readAiStream(aiRoutes.chatStream, body, { onEvent });
    await tick();
    const text = line(start) + line({ type: 'token', text: 'The fact ' }) + line({ type: 'token', text: 'is here [p. 2]' })
      + line({ type: 'citations', citations: [{ page: 2, quote: 'The fact is here.', rects: [[72, 80, 200, 14]] }] }) + line(done);
    // Cut in the middle of JSON, of "data:" and of the blank line between events.
    let at = 0;
    for (const cut of [7, 13, 40, 41, 90, 150, 151, 230, text.length]) {
      served.send(text.slice(at, cut));
      at = cut;
      await tick();
    }
    await expect(reading).resolves.toEqual(done);
    expect(events.map((e) => e.type)).toEqual(['start', 'token', 'token', 'citations', 'done']);
    expect(events.filter((e) => e.type === 'token').map((e) => e.text).join('')).toBe('The fact is here [p. 2]');
  });

  it('decodes a character whose UTF-8 bytes are split between chunks', async () => {
    const served = serveStream();
    const { events, onEvent } = collect();
    const reading = readAiStream(aiRoutes.chatStream, body, { onEvent });
    await tick();
    const bytes = new TextEncoder().encode(line({ type: 'token', text: '頁' }) + line(done));
    const middle = bytes.indexOf(0xe9) + 1;
    served.sendBytes(bytes.slice(0, middle));
    await tick();
    served.sendBytes(bytes.slice(middle));
    await reading;
    expect(events[0]).toEqual({ type: 'token', text: '頁' });
  });

  it('delivers several events that arrive in one chunk', async () => {
    const served = serveStream();
    const { events, onEvent } = collect();
    const reading = readAiStream(aiRoutes.completionStream, { file_id: 'f1', action: 'ask', text: 'Why?' }, { onEvent });
    await tick();
    served.send(line(start) + line({ type: 'token', text: 'a' }) + line({ type: 'token', text: 'b' }) + line(done));
    await reading;
    expect(events.map((e) => e.type)).toEqual(['start', 'token', 'token', 'done']);
  });

  it('rejects with the catalogue code of an error event, after the events before it', async () => {
    const served = serveStream();
    const { events, onEvent } = collect();
    const reading = readAiStream(aiRoutes.chatStream, body, { onEvent });
    await tick();
    served.send(line(start) + line({ type: 'token', text: 'partial' }) + line({ type: 'error', code: '11003', msg: 'Sorry, not enough tokens.' }));
    const error = await reading.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(11003);
    expect(events.map((e) => e.type)).toEqual(['start', 'token']);
  });

  it('rejects with ERR_CANCELED when aborted mid-stream, keeping what had arrived', async () => {
    const served = serveStream();
    const { events, onEvent } = collect();
    const controller = new AbortController();
    const reading = readAiStream(aiRoutes.chatStream, body, { onEvent, signal: controller.signal });
    await tick();
    served.send(line(start) + line({ type: 'token', text: 'half an answ' }));
    await tick();
    controller.abort();
    await expect(reading).rejects.toMatchObject({ code: 'ERR_CANCELED' });
    expect(events.map((e) => e.type)).toEqual(['start', 'token']);
  });

  it('rejects with ERR_CANCELED without a request when the signal is already aborted', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const controller = new AbortController();
    controller.abort();
    await expect(readAiStream(aiRoutes.chatStream, body, { onEvent: () => undefined, signal: controller.signal }))
      .rejects.toMatchObject({ code: 'ERR_CANCELED' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('rejects with the envelope code of a refusal answered as JSON', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(fail(11007, 'over the limit')), {
      status: 403, headers: { 'Content-Type': 'application/json' },
    }));
    await expect(readAiStream(aiRoutes.chatStream, body, { onEvent: () => undefined })).rejects.toMatchObject({ code: 11007 });
  });

  it('rejects an event that is not an AI stream event as a bad response', async () => {
    const served = serveStream();
    const reading = readAiStream(aiRoutes.chatStream, body, { onEvent: () => undefined });
    await tick();
    served.send(line({ type: 'token' }));
    await expect(reading).rejects.toMatchObject({ code: 'ERR_BAD_RESPONSE' });
  });

  it('resolves with null when the server closes the stream before done', async () => {
    const served = serveStream();
    const { events, onEvent } = collect();
    const reading = readAiStream(aiRoutes.chatStream, body, { onEvent });
    await tick();
    served.send(line(start) + 'data: {"type":"token","text":"last"}');
    served.close();
    await expect(reading).resolves.toBeNull();
    expect(events.map((e) => e.type)).toEqual(['start', 'token']);
  });

  it('refuses a body the route schema rejects before any request', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    await expect(readAiStream(aiRoutes.chatStream, { file_id: 'f1', question: '   ' }, { onEvent: () => undefined }))
      .rejects.toMatchObject({ code: 'INVALID_PARAMS' });
    expect(fetch).not.toHaveBeenCalled();
  });
});
