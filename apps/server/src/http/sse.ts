/**
 * Server-sent events (`text/event-stream`): one JSON object per `data:` line. A route refuses
 * with the JSON envelope until it opens the stream; once open, the reply is the route's own
 * (hijacked from Fastify), so everything it must carry is written here: the headers Fastify
 * had gathered (a new client id cookie, a slid session), a heartbeat that keeps proxies from
 * closing an idle stream, and one notice when the client goes away before the end.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';

/** How often an idle event stream says it is alive. */
const HEARTBEAT_MS = 15_000;

export interface EventStream {
  /** Writes one event; nothing once the stream ended or the client left. */
  send(event: unknown): void;
  /** Ends the stream (idempotent). */
  end(): void;
  /** True once the client left before end(). */
  readonly clientGone: boolean;
  /** Called once if the client leaves before end(); at once if it already has. */
  onClientGone(listener: () => void): void;
}

export function openEventStream(reply: FastifyReply, options: { heartbeatMs?: number } = {}): EventStream {
  const raw = reply.raw;
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (name.toLowerCase() !== 'content-length') headers[name.toLowerCase()] = value;
  reply.hijack();
  raw.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  let ended = false;
  // A client that left while the answer was being prepared is gone from the start.
  let gone = raw.destroyed || raw.socket === null || raw.socket.destroyed;
  const listeners: (() => void)[] = [];
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  // The response's close comes when the connection goes, or after end(); only the first is a leaving client.
  const onClose = () => {
    clearInterval(heartbeat);
    if (ended) return;
    gone = true;
    for (const listener of listeners.splice(0)) listener();
  };
  raw.once('close', onClose);
  return {
    send(event) {
      if (ended || gone || raw.writableEnded) return;
      raw.write(`data: ${JSON.stringify(event)}\n\n`);
    },
    end() {
      if (ended) return;
      ended = true;
      clearInterval(heartbeat);
      listeners.length = 0;
      if (!raw.writableEnded) raw.end();
    },
    get clientGone() {
      return gone;
    },
    onClientGone(listener) {
      if (gone) listener();
      else if (!ended) listeners.push(listener);
    },
  };
}
