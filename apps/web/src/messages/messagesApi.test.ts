import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, stubFetch, type RecordedCall } from '../api/testFetch';
import { getUnreadCounts, listMessages, markAllRead, markRead, resetClientSign } from './messagesApi';

const counts = { total_unread_count: 3, unread_msg_count: 2, unread_system_count: 1 };

beforeEach(() => resetClientSign());
afterEach(() => vi.unstubAllGlobals());

const query = (call: RecordedCall | undefined) => Object.fromEntries(new URL(call!.url, 'http://x').searchParams);

describe('message service client', () => {
  it('names a signed-in reader by wsid and never asks for a client_sign', async () => {
    const calls = stubFetch(() => ok(counts));
    await expect(getUnreadCounts({ wsid: 'ws-1' })).resolves.toEqual(counts);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url.startsWith('/api/v1/prodweb/message/exist/unread?')).toBe(true);
    expect(query(calls[0])).toEqual({ pid: '4512', wsid: 'ws-1' });
  });

  it('fetches a guest’s client_sign once and sends it with every call', async () => {
    const calls = stubFetch((call) => (call.url.startsWith('/api/v2/user/client-sign') ? ok({ client_sign: 'abc.sig' }) : ok(counts)));
    await getUnreadCounts({ guest: true });
    await getUnreadCounts({ guest: true });
    expect(calls.map((c) => c.url.split('?')[0])).toEqual([
      '/api/v2/user/client-sign', '/api/v1/prodweb/message/exist/unread', '/api/v1/prodweb/message/exist/unread',
    ]);
    expect(query(calls[2])).toEqual({ pid: '4512', client_sign: 'abc.sig' });
  });

  it('fetches a new client_sign once when the server refuses the old one', async () => {
    let signs = 0;
    let refused = false;
    const calls = stubFetch((call) => {
      if (call.url.startsWith('/api/v2/user/client-sign')) return ok({ client_sign: `sign-${++signs}` });
      if (!refused) {
        refused = true;
        return fail('CLIENT_SIGN_INVALID');
      }
      return ok(counts);
    });
    await expect(getUnreadCounts({ guest: true })).resolves.toEqual(counts);
    expect(query(calls.at(-1))).toMatchObject({ client_sign: 'sign-2' });
    expect(signs).toBe(2);
  });

  it('lists one tab with current 1, page_size 999 and read_status 2 for unread', async () => {
    const calls = stubFetch(() => ok({ list: [], total: 0, current: 1, page_size: 999 }));
    await listMessages({ wsid: 'w' }, 2, true);
    expect(query(calls[0])).toEqual({ pid: '4512', wsid: 'w', template_type: '2', current: '1', page_size: '999', read_status: '2' });
    await listMessages({ wsid: 'w' }, 1, false);
    expect(query(calls[1])).toMatchObject({ template_type: '1', read_status: '0' });
  });

  it('marks all of a tab read with is_all 1, and single messages by user_msg_ids', async () => {
    const calls = stubFetch(() => ok({ updated: 2 }));
    await expect(markAllRead({ wsid: 'w' }, 1)).resolves.toBe(2);
    expect(calls[0]!.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.body))).toEqual({ pid: 4512, wsid: 'w', template_type: 1, is_all: 1, user_msg_ids: [] });
    await markRead({ wsid: 'w' }, 2, ['m1']);
    expect(JSON.parse(String(calls[1]!.body))).toEqual({ pid: 4512, wsid: 'w', template_type: 2, is_all: 0, user_msg_ids: ['m1'] });
  });

  it('passes a refusal of the wsid on as its catalogue code', async () => {
    stubFetch(() => fail('MESSAGE_CALLER_MISMATCH'));
    await expect(getUnreadCounts({ wsid: 'not-mine' })).rejects.toMatchObject({ code: 'MESSAGE_CALLER_MISMATCH' });
  });
});
