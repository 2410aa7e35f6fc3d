import type { Message, MessageList, OperationDetail, UnreadCounts } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { admin, browser, signUp, type Browser } from './browser.js';
import { useServer } from './harness.js';

const server = useServer();

const unreadUrl = (q: string) => `/api/v1/prodweb/message/exist/unread?pid=4512&${q}`;
const listUrl = (q: string) => `/api/v1/prodweb/message/list?pid=4512&current=1&page_size=999&${q}`;

async function guest(): Promise<{ b: Browser; sign: string }> {
  const b = browser(server);
  const r = await b<{ client_sign: string }>('GET', '/api/v2/user/client-sign');
  expect(r.env.code).toBe(0);
  return { b, sign: encodeURIComponent(r.env.data.client_sign) };
}

async function user(name: string): Promise<{ b: Browser; wsid: string; email: string }> {
  const b = browser(server);
  const email = `${name}-${Math.random().toString(36).slice(2)}@example.com`;
  const { ws_id } = await signUp(b, email);
  return { b, wsid: ws_id, email };
}

async function send(args: string[]): Promise<void> {
  const r = await admin(server, ['send-message', ...args]);
  expect(r.output).toMatch(/sent message/);
  expect(r.code).toBe(0);
}

describe('message centre (message service of SPEC §7)', () => {
  it('sends a message to one user that only that user lists and counts', async () => {
    const alice = await user('alice');
    const bob = await user('bob');
    await send(['--to', alice.email, '--title', 'For Alice', '--remark', 'Only yours', '--url', 'https://example.com/notes']);

    const aliceList = await alice.b<MessageList>('GET', listUrl(`wsid=${alice.wsid}&template_type=1&read_status=0`));
    const mine = aliceList.env.data.list.find((m) => m.title === 'For Alice');
    expect(mine).toMatchObject({ remark: 'Only yours', is_read: 0, template_type: 1, site_url: 'https://example.com/notes' });
    expect(mine!.create_time).toBeGreaterThan(Date.now() / 1000 - 120);
    const counts = await alice.b<UnreadCounts>('GET', unreadUrl(`wsid=${alice.wsid}`));
    expect(counts.env.data.unread_msg_count).toBeGreaterThanOrEqual(1);

    const bobList = await bob.b<MessageList>('GET', listUrl(`wsid=${bob.wsid}&template_type=0&read_status=0`));
    expect(bobList.env.data.list.map((m) => m.title)).not.toContain('For Alice');
  });

  it("refuses a wsid that is not the caller's, and never marks another user's message read", async () => {
    const alice = await user('alice');
    const bob = await user('bob');
    await send(['--to', alice.email, '--title', 'Private', '--remark', 'Hands off']);
    const aliceMsg = (await alice.b<MessageList>('GET', listUrl(`wsid=${alice.wsid}`))).env.data.list.find((m) => m.title === 'Private')!;

    const peek = await bob.b<MessageList>('GET', listUrl(`wsid=${alice.wsid}`));
    expect(peek.env).toMatchObject({ code: 'MESSAGE_CALLER_MISMATCH', data: null });
    const peekCounts = await bob.b('GET', unreadUrl(`wsid=${alice.wsid}`));
    expect(peekCounts.env.code).toBe('MESSAGE_CALLER_MISMATCH');
    const markAsAlice = await bob.b('POST', '/api/v1/prodweb/message/update/unread', {
      pid: 4512, template_type: 0, is_all: 1, user_msg_ids: [], wsid: alice.wsid,
    });
    expect(markAsAlice.env.code).toBe('MESSAGE_CALLER_MISMATCH');

    const markById = await bob.b<{ updated: number }>('POST', '/api/v1/prodweb/message/update/unread', {
      pid: 4512, template_type: 0, is_all: 0, user_msg_ids: [aliceMsg.user_msg_id], wsid: bob.wsid,
    });
    expect(markById.env).toMatchObject({ code: 0, data: { updated: 0 } });
    const after = (await alice.b<MessageList>('GET', listUrl(`wsid=${alice.wsid}`))).env.data.list.find((m) => m.title === 'Private');
    expect(after?.is_read).toBe(0);
  });

  it('shows a message sent to all to users and guests, each with their own read state', async () => {
    const carol = await user('carol');
    const g = await guest();
    const title = `Maintenance ${Date.now()}`;
    await send(['--all', '--type', '2', '--title', title, '--remark', 'Tonight at 22:00']);

    const before = await carol.b<UnreadCounts>('GET', unreadUrl(`wsid=${carol.wsid}`));
    expect(before.env.data.unread_system_count).toBeGreaterThanOrEqual(1);
    const guestList = await g.b<MessageList>('GET', listUrl(`client_sign=${g.sign}&template_type=2&read_status=2`));
    expect(guestList.env.data.list.map((m) => m.title)).toContain(title);

    const marked = await carol.b<{ updated: number }>('POST', '/api/v1/prodweb/message/update/unread', {
      pid: 4512, template_type: 2, is_all: 1, wsid: carol.wsid,
    });
    expect(marked.env.data.updated).toBeGreaterThanOrEqual(1);
    const carolAfter = await carol.b<UnreadCounts>('GET', unreadUrl(`wsid=${carol.wsid}`));
    expect(carolAfter.env.data.unread_system_count).toBe(0);
    const guestAfter = await g.b<MessageList>('GET', listUrl(`client_sign=${g.sign}&template_type=2&read_status=2`));
    expect(guestAfter.env.data.list.map((m) => m.title)).toContain(title);
  });

  it('counts messages and system info apart, filters by template_type and read_status, and marks by id or all of a type', async () => {
    const dave = await user('dave');
    await send(['--to', dave.email, '--title', 'M1', '--remark', 'one']);
    await send(['--to', dave.email, '--title', 'M2', '--remark', 'two']);
    await send(['--to', dave.email, '--type', '2', '--title', 'S1', '--remark', 'system']);
    // Broadcasts of other tests are marked first so that only this test's messages count.
    const list = async (q: string) => (await dave.b<MessageList>('GET', listUrl(`wsid=${dave.wsid}&${q}`))).env.data.list;
    const own = (messages: Message[]) => messages.filter((m) => ['M1', 'M2', 'S1'].includes(m.title));
    const broadcastIds = (await list('read_status=2')).filter((m) => !['M1', 'M2', 'S1'].includes(m.title)).map((m) => m.user_msg_id);
    await dave.b('POST', '/api/v1/prodweb/message/update/unread', { pid: 4512, template_type: 0, is_all: 0, user_msg_ids: broadcastIds.join(','), wsid: dave.wsid });

    expect((await dave.b<UnreadCounts>('GET', unreadUrl(`wsid=${dave.wsid}`))).env.data)
      .toEqual({ total_unread_count: 3, unread_msg_count: 2, unread_system_count: 1 });
    expect(own(await list('template_type=1')).map((m) => m.title)).toEqual(['M2', 'M1']);
    expect(own(await list('template_type=2')).map((m) => m.title)).toEqual(['S1']);

    const m1 = own(await list('template_type=1')).find((m) => m.title === 'M1')!;
    const byId = await dave.b<{ updated: number }>('POST', '/api/v1/prodweb/message/update/unread', {
      pid: 4512, template_type: 1, is_all: 0, user_msg_ids: [m1.user_msg_id], wsid: dave.wsid,
    });
    expect(byId.env.data.updated).toBe(1);
    expect(own(await list('template_type=1&read_status=2')).map((m) => m.title)).toEqual(['M2']);
    expect(own(await list('template_type=1&read_status=0')).map((m) => [m.title, m.is_read])).toEqual([['M2', 0], ['M1', 1]]);

    await dave.b('POST', '/api/v1/prodweb/message/update/unread', { pid: 4512, template_type: 1, is_all: 1, wsid: dave.wsid });
    expect((await dave.b<UnreadCounts>('GET', unreadUrl(`wsid=${dave.wsid}`))).env.data)
      .toEqual({ total_unread_count: 1, unread_msg_count: 0, unread_system_count: 1 });
  });

  it('accepts a guest only with a valid client_sign of the same browser', async () => {
    const a = await guest();
    const b = await guest();
    expect((await a.b<UnreadCounts>('GET', unreadUrl(`client_sign=${a.sign}`))).env.code).toBe(0);
    expect((await a.b('GET', unreadUrl(''))).env.code).toBe('CLIENT_SIGN_INVALID');
    const forged = encodeURIComponent(`${decodeURIComponent(a.sign).split('.')[0]}.AAAA`);
    expect((await a.b('GET', unreadUrl(`client_sign=${forged}`))).env.code).toBe('CLIENT_SIGN_INVALID');
    expect((await a.b('GET', unreadUrl(`client_sign=${b.sign}`))).env.code).toBe('MESSAGE_CALLER_MISMATCH');
    expect((await a.b('GET', unreadUrl('wsid=someone-else'))).env.code).toBe('MESSAGE_CALLER_MISMATCH');
  });

  it('refuses a product id other than 4512', async () => {
    const g = await guest();
    const r = await g.b('GET', `/api/v1/prodweb/message/exist/unread?pid=1&client_sign=${g.sign}`);
    expect(r.http).toBe(400);
    expect(r.env.code).toBe('INVALID_PARAMS');
  });

  it('answers operation/detail with the resources of the key showing now', async () => {
    const g = await guest();
    expect((await admin(server, ['add-operation-resource', '--key', 'top_bar', '--title', 'Spring sale', '--url', 'https://example.com/sale'])).code).toBe(0);
    expect((await admin(server, ['add-operation-resource', '--key', 'top_bar', '--title', 'Old news', '--start', '2020-01-01', '--end', '2020-02-01'])).code).toBe(0);
    expect((await admin(server, ['add-operation-resource', '--key', 'other', '--title', 'Elsewhere'])).code).toBe(0);
    const r = await g.b<OperationDetail>('GET', `/api/v1/prodweb/operation/detail?pid=4512&key=top_bar&client_sign=${g.sign}`);
    expect(r.env.code).toBe(0);
    expect(r.env.data.operation_list).toHaveLength(1);
    expect(r.env.data.operation_list[0]!.key).toBe('top_bar');
    expect(r.env.data.operation_list[0]!.resource_list.map((x) => [x.title, x.jump_url])).toEqual([['Spring sale', 'https://example.com/sale']]);
    const none = await g.b<OperationDetail>('GET', `/api/v1/prodweb/operation/detail?pid=4512&key=nothing&client_sign=${g.sign}`);
    expect(none.env.data.operation_list).toEqual([]);
  });

  it('send-message refuses an unknown email and a missing recipient', async () => {
    const unknown = await admin(server, ['send-message', '--to', 'nobody@example.com', '--title', 't', '--remark', 'r']);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toMatch(/no user has the email/);
    const neither = await admin(server, ['send-message', '--title', 't', '--remark', 'r']);
    expect(neither.code).toBe(1);
  });
});
