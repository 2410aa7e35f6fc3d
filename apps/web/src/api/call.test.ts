import { route } from '@pagewright/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { call, routeUrl } from './http';
import { ok, stubFetch } from './testFetch';

afterEach(() => vi.unstubAllGlobals());

const upload = route({
  method: 'POST', path: '/thing/:file_id/part/:part', auth: 'visitor', summary: 'a test route',
  query: z.object({ t: z.coerce.number().int() }),
  body: z.object({ name: z.string().min(1), size: z.number().default(7) }),
  response: z.object({ id: z.string() }),
});
const download = route({
  method: 'GET', path: '/thing/download', auth: 'visitor', summary: 'a test route',
  query: z.object({ id: z.string(), passwd: z.string().optional() }), produces: 'application/pdf',
});

describe('call', () => {
  it('sends the declared method to the filled path with the parsed query and body', async () => {
    const calls = stubFetch(() => ok({ id: 'x1' }));
    const answer = await call(upload, { params: { file_id: 'a/b', part: '2' }, query: { t: 5 }, body: { name: 'n' } });
    expect(answer).toEqual({ id: 'x1' });
    expect(calls[0]!.method).toBe('POST');
    expect(calls[0]!.url).toBe('/api/thing/a%2Fb/part/2?t=5');
    expect(JSON.parse(calls[0]!.body as string)).toEqual({ name: 'n', size: 7 });
  });

  it('refuses a body its schema refuses before anything is sent', async () => {
    const calls = stubFetch(() => ok({ id: 'x1' }));
    await expect(call(upload, { params: { file_id: 'f', part: '1' }, query: { t: 1 }, body: { name: '' } })).rejects.toThrow();
    expect(calls).toHaveLength(0);
  });

  it('refuses an answer its response schema refuses', async () => {
    stubFetch(() => ok({ id: 3 }));
    await expect(call(upload, { params: { file_id: 'f', part: '1' }, query: { t: 1 }, body: { name: 'n' } }))
      .rejects.toMatchObject({ code: 'ERR_BAD_RESPONSE' });
  });
});

describe('routeUrl', () => {
  it('builds the link of a GET route, leaving out absent query values', () => {
    expect(routeUrl(download, { query: { id: 'a b' } })).toBe('/api/thing/download?id=a+b');
  });
});
