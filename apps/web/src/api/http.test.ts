import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './ApiError';
import { apiUrl, request } from './http';
import { fail, ok, stubFetch } from './testFetch';

afterEach(() => vi.unstubAllGlobals());

describe('request', () => {
  it('returns the data of a code-0 envelope parsed by the schema', async () => {
    stubFetch(() => ok({ n: 3 }));
    await expect(request(z.object({ n: z.number() }), '/x')).resolves.toEqual({ n: 3 });
  });

  it('throws the envelope code as a number when the server sends it as a numeric string', async () => {
    stubFetch(() => fail('3122'));
    await expect(request(z.unknown(), '/x')).rejects.toMatchObject({ code: 3122 });
  });

  it('keeps named catalogue codes as strings', async () => {
    stubFetch(() => fail('INCORRECT_PASSWORD'));
    await expect(request(z.unknown(), '/x')).rejects.toMatchObject({ code: 'INCORRECT_PASSWORD' });
  });

  it('keeps the wait of a refusal that asks to retry later (Retry-After)', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(fail('LOGIN_THROTTLED')), {
      status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '8' },
    }));
    await expect(request(z.unknown(), '/x')).rejects.toMatchObject({ code: 'LOGIN_THROTTLED', retryAfterS: 8 });
  });

  it('reports a transport failure as ERR_NETWORK', async () => {
    stubFetch(() => new TypeError('Failed to fetch'));
    await expect(request(z.unknown(), '/x')).rejects.toMatchObject({ code: 'ERR_NETWORK' });
  });

  it('reports data that does not match the schema as ERR_BAD_RESPONSE', async () => {
    stubFetch(() => ok({ n: 'three' }));
    const error = await request(z.object({ n: z.number() }), '/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('ERR_BAD_RESPONSE');
  });

  it('reports a cancelled call as ERR_CANCELED', async () => {
    const controller = new AbortController();
    controller.abort();
    stubFetch(() => ok({}));
    await expect(request(z.unknown(), '/x', { signal: controller.signal })).rejects.toMatchObject({ code: 'ERR_CANCELED' });
  });

  it('reports a call slower than its time-out as ECONNABORTED', async () => {
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    }));
    await expect(request(z.unknown(), '/x', { timeoutMs: 10 })).rejects.toMatchObject({ code: 'ECONNABORTED' });
  });
});

describe('apiUrl', () => {
  it('puts API paths under /api and leaves server-issued URLs alone', () => {
    expect(apiUrl('/merge')).toBe('/api/merge');
    expect(apiUrl('/api/storage/object/1?token=t')).toBe('/api/storage/object/1?token=t');
    expect(apiUrl('/document/info', { file_id: 'a b', passwd: undefined })).toBe('/api/document/info?file_id=a+b');
  });
});
