/**
 * A MOCK OpenAI-compatible server for the provider tests: it speaks the streaming wire format of
 * `/v1/chat/completions` (server-sent events, `data: {...}` chunks, a usage chunk, `data: [DONE]`)
 * on 127.0.0.1 with the reply each test scripts, and records the requests it receives and
 * whether a client hung up before the reply ended. It is no model: it only replays the script.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MockReply {
  status?: number;
  /** Pieces of the body, written one at a time with a pause between (so they arrive in separate reads). */
  body: string[];
  /** Leaves the response open after the body, as a stream that has more to say. */
  hold?: boolean;
  pauseMs?: number;
}

export interface MockRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: { model?: string; stream?: boolean; stream_options?: { include_usage?: boolean }; messages?: Array<{ role: string; content: string }> };
}

/** One server-sent event carrying `data`. */
export const sse = (data: unknown): string => `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

/** A streamed chunk carrying some of the answer's text, as OpenAI sends it. */
export const delta = (content: string, finish: string | null = null): string =>
  sse({ id: 'chatcmpl-mock', object: 'chat.completion.chunk', model: 'mock-model', choices: [{ index: 0, delta: { content }, finish_reason: finish }] });

/** The last chunk of a stream asked with `include_usage`: no choices, the usage. */
export const usage = (prompt: number, completion: number): string =>
  sse({ id: 'chatcmpl-mock', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } });

export const DONE = sse('[DONE]');

export class MockOpenAiServer {
  readonly requests: MockRequest[] = [];
  /** Resolves when a client closes its connection before the reply ended. */
  readonly hungUp: Promise<void>;
  private reply: MockReply = { body: [DONE] };
  private onHangUp: () => void = () => undefined;

  private constructor(private readonly server: Server) {
    this.hungUp = new Promise((resolve) => {
      this.onHangUp = resolve;
    });
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        this.requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: text ? (JSON.parse(text) as MockRequest['body']) : {} });
        const reply = this.reply;
        response.on('close', () => {
          if (!response.writableFinished) this.onHangUp();
        });
        response.writeHead(reply.status ?? 200, { 'content-type': (reply.status ?? 200) === 200 ? 'text/event-stream' : 'application/json' });
        void (async () => {
          for (const piece of reply.body) {
            if (response.destroyed) return;
            response.write(piece);
            await new Promise((resolve) => setTimeout(resolve, reply.pauseMs ?? 5));
          }
          if (!reply.hold && !response.destroyed) response.end();
        })();
      });
    });
  }

  static async start(): Promise<MockOpenAiServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new MockOpenAiServer(server);
  }

  /** The API root to configure the provider with. */
  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  respondWith(reply: MockReply): void {
    this.reply = reply;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
