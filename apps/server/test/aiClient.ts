/**
 * The AI tools spoken to as the chat page does: bind a document and wait for its analysis,
 * ask over server-sent events, read the events as they come.
 */
import type { AiFileInfo, AiStreamEvent, Envelope } from '@pagewright/contracts';
import { upload, type Client, type TestServer } from './harness.js';

/** Uploads a PDF, binds it and waits for its analysis to end (success or failed). */
export async function boundDocument(server: TestServer, client: Client, name: string, pdf: Buffer, options: { timeoutMs?: number } = {}): Promise<AiFileInfo> {
  const { file_id } = await upload(server, name, pdf, undefined, client);
  const bound = await client.api<{ files: AiFileInfo[] }>('POST', '/api/file/bind', { file_ids: [file_id] });
  if (bound.env.code !== 0) throw new Error(`bind failed: ${JSON.stringify(bound.env)}`);
  return analysed(client, file_id, options.timeoutMs);
}

/** Polls /v2/file/info as the page does (every 300 ms) until the analysis ends. */
export async function analysed(client: Client, fileId: string, timeoutMs = 60_000): Promise<AiFileInfo> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const info = await client.api<AiFileInfo>('POST', '/api/v2/file/info', { file_id: fileId });
    if (info.env.code !== 0) throw new Error(`file/info failed: ${JSON.stringify(info.env)}`);
    if (info.env.data.state !== 'analyses') return info.env.data;
    if (Date.now() > deadline) throw new Error(`analysis of ${fileId} did not end`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

export interface EventReader {
  res: Response;
  /** The next event, or null when the stream ended. */
  next(): Promise<AiStreamEvent | null>;
  /** Every event left until the stream ends. */
  rest(): Promise<AiStreamEvent[]>;
}

/** A POST answered with a stream (or, refused, with the JSON envelope: `refused`). */
export async function openStream(
  client: Client, url: string, body: unknown, signal?: AbortSignal,
): Promise<{ refused: { http: number; env: Envelope<null> } } | { refused: null; events: EventReader }> {
  const res = await client.fetch(url, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), ...(signal ? { signal } : {}),
  });
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    return { refused: { http: res.status, env: (await res.json()) as Envelope<null> } };
  }
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let done = false;
  const next = async (): Promise<AiStreamEvent | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith('data: ')) return JSON.parse(block.slice(6)) as AiStreamEvent;
        continue;
      }
      if (done) return null;
      const read = await reader.read();
      if (read.done) done = true;
      else buffer += decoder.decode(read.value, { stream: true });
    }
  };
  return {
    refused: null,
    events: {
      res,
      next,
      async rest() {
        const all: AiStreamEvent[] = [];
        for (let event = await next(); event; event = await next()) all.push(event);
        return all;
      },
    },
  };
}

/** A whole stream's events; throws when the call was refused. */
export async function streamed(client: Client, url: string, body: unknown): Promise<AiStreamEvent[]> {
  const opened = await openStream(client, url, body);
  if (opened.refused) throw new Error(`${url} refused: ${JSON.stringify(opened.refused.env)}`);
  return opened.events.rest();
}

/** The events' answer text. */
export function answerOf(events: AiStreamEvent[]): string {
  return events.map((e) => (e.type === 'token' ? e.text : '')).join('');
}

export function eventOf<T extends AiStreamEvent['type']>(events: AiStreamEvent[], type: T): Extract<AiStreamEvent, { type: T }> {
  const found = events.find((e) => e.type === type);
  if (!found) throw new Error(`no ${type} event in ${JSON.stringify(events)}`);
  return found as Extract<AiStreamEvent, { type: T }>;
}
