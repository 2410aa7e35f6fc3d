/**
 * The server-sent events wire format (text/event-stream) as OpenAI-compatible endpoints stream
 * it: the `data` of each event, in order. Events may arrive split across network reads, lines
 * may end in CRLF, and comment lines (": keep-alive") come and go; none of that reaches the caller.
 */

const LINE_END = /\r\n|\r|\n/u;

/**
 * The data of each event of the stream. Stopping early (break, return) cancels the stream, so
 * the connection closes instead of running on unread.
 */
export async function* serverSentEvents(stream: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  const field = (line: string): string | null => {
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    if (name !== 'data') return null;
    const value = colon < 0 ? '' : line.slice(colon + 1);
    return value.startsWith(' ') ? value.slice(1) : value;
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      for (;;) {
        const match = LINE_END.exec(buffer);
        // A CR at the end of what has arrived may be the first half of a CRLF: wait for the next read.
        if (!match || (match[0] === '\r' && match.index === buffer.length - 1 && !done)) break;
        const line = buffer.slice(0, match.index);
        buffer = buffer.slice(match.index + match[0].length);
        if (line === '') {
          if (data.length > 0) yield data.join('\n');
          data = [];
          continue;
        }
        const value = field(line);
        if (value !== null) data.push(value);
      }
      if (done) break;
    }
    const last = buffer.length > 0 ? field(buffer) : null;
    if (last !== null) data.push(last);
    if (data.length > 0) yield data.join('\n');
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
