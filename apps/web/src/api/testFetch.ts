import { vi } from 'vitest';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

type Responder = (call: RecordedCall) => unknown | Promise<unknown>;

/** Replaces fetch with `respond`, whose return value is sent back as a JSON body (a Response as it is). */
export function stubFetch(respond: Responder): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const call: RecordedCall = {
      url,
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body,
    };
    calls.push(call);
    const answer = await respond(call);
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    if (answer instanceof Error) throw answer;
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

export const ok = <T>(data: T) => ({ status: 0, code: 0, msg: 'ok', data });
export const fail = (code: number | string, msg = 'failed') => ({ status: code, code, msg, data: null });
