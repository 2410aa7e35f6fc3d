/**
 * A MOCK of an OpenAI-compatible endpoint for the tests: a local HTTP server that answers
 * `POST /v1/chat/completions` in the OpenAI streaming wire format (server-sent `data:` chunks
 * of `chat.completion.chunk`, a usage chunk, then `data: [DONE]`). It writes no answer of its
 * own: each test sets what it streams, how fast, or that it fails.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface MockBehaviour {
  /** The answer's pieces, one chunk each. */
  pieces: string[];
  /** Delay before each piece (ms). */
  delayMs?: number;
  /** Answers this HTTP status with an error body instead of a stream. */
  status?: number;
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** When set, `POST /v1/completions` (echo with logprobs) answers these prompt token log-probabilities; else it is 404. */
  promptLogprobs?: Array<number | null>;
}

export interface MockRequest {
  body: { model?: string; stream?: boolean; messages: Array<{ role: string; content: string }> };
  /** Resolves when the client's connection closes, with whether the whole answer was sent. */
  closed: Promise<{ finished: boolean }>;
}

export interface OpenAiMock {
  baseUrl: string;
  requests: MockRequest[];
  behave(behaviour: MockBehaviour): void;
  close(): Promise<void>;
}

export async function startOpenAiMock(): Promise<OpenAiMock> {
  let behaviour: MockBehaviour = { pieces: ['Hello.'] };
  const requests: MockRequest[] = [];
  const server: Server = createServer((req, res) => void handle(req, res));
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method === 'POST' && req.url === '/v1/completions' && behaviour.promptLogprobs) {
      res.writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ object: 'text_completion', choices: [{ index: 0, text: '', logprobs: { token_logprobs: behaviour.promptLogprobs } }] }));
      return;
    }
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    let finished = false;
    const closed = new Promise<{ finished: boolean }>((resolve) => res.once('close', () => resolve({ finished })));
    requests.push({ body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as MockRequest['body'], closed });
    const current = behaviour;
    if (current.status) {
      res.writeHead(current.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'mock failure' } }));
      finished = true;
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (data: unknown) => res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
      id: 'chatcmpl-mock', object: 'chat.completion.chunk', created: 0, model: 'mock', choices: [{ index: 0, delta, finish_reason: finish }],
    });
    send(chunk({ role: 'assistant', content: '' }));
    for (const piece of current.pieces) {
      if (current.delayMs) await new Promise((r) => setTimeout(r, current.delayMs));
      if (res.destroyed) return;
      send(chunk({ content: piece }));
    }
    send(chunk({}, 'stop'));
    if (current.usage) send({ id: 'chatcmpl-mock', object: 'chat.completion.chunk', created: 0, model: 'mock', choices: [], usage: current.usage });
    send('[DONE]');
    finished = true;
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    behave(next) {
      behaviour = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
