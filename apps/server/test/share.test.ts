/**
 * Sharing through the real server: links, QR codes and mail; opening a share as another
 * account; expiry, revocation and unknown codes alike; the email rules, the daily limit and
 * permanent links for Premium only.
 */
import type { DownloadUrl, SharedFile, ShareItem, ShareResponse } from '@pagewright/contracts';
import { shareLimits } from '@pagewright/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5, newClient, outbox, queryDb, removeDir, signUp, startServer, upload, type Client, type TestServer } from './harness.js';
import { makePdf } from './pdfFixtures.js';

let server: TestServer;
let paywalled: TestServer;
let alice: Client;
let aliceEmail: string;
let bob: Client;
let fileId: string;
const pdf = makePdf(['A shared report']);

beforeAll(async () => {
  [server, paywalled] = await Promise.all([startServer(), startServer({ env: { PAYWALLS: 'on' } })]);
  const a = await signUp(server);
  alice = a.client;
  aliceEmail = a.email;
  bob = (await signUp(server)).client;
  fileId = (await upload(server, 'shared report.pdf', pdf, undefined, alice)).file_id;
});

afterAll(async () => {
  await Promise.all([server.stop(), paywalled.stop()]);
  removeDir(server.dataDir);
  removeDir(paywalled.dataDir);
});

async function share(client: Client, body: Record<string, unknown>, url = '/api/share/share-file') {
  return client.api<ShareResponse>('POST', url, { share_key: fileId, share_type: 2, share_days: 1, ...body });
}

async function shared(client: Client, code: string) {
  return client.api<SharedFile>('GET', `/api/share/get-share-file?share_code=${encodeURIComponent(code)}&t=${Date.now()}`);
}

describe('share links', () => {
  it('makes a link with an unguessable code that opens the editor page, kept for the days asked', async () => {
    const before = Date.now();
    const r = await share(alice, { share_days: 1 });
    expect(r.env.code).toBe(0);
    const { share_url, share_code, expires_at } = r.env.data;
    // 128 random bits in base64url.
    expect(share_code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(share_url).toMatch(new RegExp(`/app/pdf-editor\\?share_id=${share_code}$`));
    expect(expires_at).toBeGreaterThanOrEqual(before + 24 * 3600 * 1000);
    expect(expires_at).toBeLessThan(before + 24 * 3600 * 1000 + 60_000);
  });

  it("lets another signed-in account see the file's name and owner and download it", async () => {
    const { share_code } = (await share(alice, {})).env.data;
    const info = await shared(bob, share_code);
    expect(info.env.data).toMatchObject({ file_name: 'shared report.pdf', file_size: pdf.length, owner_name: 'Test User' });
    const link = await bob.api<DownloadUrl>('GET', `/api/share/download-share-file?share_code=${share_code}`);
    const res = await fetch(new URL(link.env.data.download_url, server.baseUrl));
    expect(md5(Buffer.from(await res.arrayBuffer()))).toBe(md5(pdf));
  });

  it('asks a visitor who is not signed in to sign in (1401) before showing anything', async () => {
    const { share_code } = (await share(alice, {})).env.data;
    const r = await shared(newClient(server), share_code);
    expect([r.http, r.env.code]).toEqual([401, 1401]);
  });

  it('answers an expired, a revoked and an unknown code the same way: 11016', async () => {
    const expired = (await share(alice, {})).env.data.share_code;
    queryDb(server, 'update shares set expires_at = ? where share_code = ?', Date.now() - 1, expired);
    const revoked = (await share(alice, {})).env.data.share_code;
    expect((await alice.api('POST', '/api/share/revoke', { share_code: revoked })).env.code).toBe(0);
    const answers = [];
    for (const code of [expired, revoked, 'AAAAAAAAAAAAAAAAAAAAAA']) {
      const info = await shared(bob, code);
      const download = await bob.api('GET', `/api/share/download-share-file?share_code=${code}`);
      answers.push([info.http, info.env.code, info.env.msg, download.env.code]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]!.slice(1, 2)).toEqual([11016]);
  });

  it('lists the owner its open shares and lets nobody else revoke them', async () => {
    const { share_code } = (await share(alice, {})).env.data;
    expect((await bob.api('POST', '/api/share/revoke', { share_code })).env.code).toBe(2405);
    const list = await alice.api<{ shares: ShareItem[] }>('GET', '/api/share/list');
    expect(list.env.data.shares.map((s) => s.share_code)).toContain(share_code);
    expect((await bob.api<{ shares: ShareItem[] }>('GET', '/api/share/list')).env.data.shares).toEqual([]);
    expect((await shared(bob, share_code)).env.code).toBe(0);
  });

  it('keeps a shared tool upload in the owner\'s cloud so the link outlives the upload\'s hour', async () => {
    const { client } = await signUp(server);
    const own = (await upload(server, 'temporary.pdf', pdf, undefined, client)).file_id;
    expect((await client.api<ShareResponse>('POST', '/api/share/share-file', { share_key: own, share_type: 2, share_days: 3 })).env.code).toBe(0);
    const [row] = queryDb<{ expires_at: number }>(server, 'select expires_at from files where file_id = ?', own);
    expect(row!.expires_at).toBeGreaterThan(Date.now() + 365 * 24 * 3600 * 1000);
    expect(queryDb(server, 'select file_id from cloud_documents where file_id = ?', own)).toHaveLength(1);
  });

  it("refuses to share another account's file as if it did not exist", async () => {
    const r = await bob.api('POST', '/api/share/share-file', { share_key: fileId, share_type: 2, share_days: 1 });
    expect([r.http, r.env.code]).toEqual([404, 2405]);
  });

  it('answers the QR code of the link as a PNG', async () => {
    const r = await share(alice, {}, '/api/share/share-file-qrcode');
    const png = Buffer.from(r.env.data.qr_images!.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.length).toBeGreaterThan(200);
  });
});

describe('share by email', () => {
  it('mails each recipient the link and the message, in the language asked', async () => {
    const r = await share(alice, {
      share_type: 1, source_email: aliceEmail, target_email: 'one@example.com,Two@Example.com', message: 'Please read <b>this</b>', language: 'de',
    });
    expect(r.env.code).toBe(0);
    const mails = outbox(server).filter((m) => m.text_body.includes(r.env.data.share_url));
    expect(mails.map((m) => m.to_address).sort()).toEqual(['Two@Example.com', 'one@example.com']);
    expect(mails[0]!.subject).toContain('shared report.pdf');
    expect(mails[0]!.text_body).toContain('> Please read <b>this</b>');
    expect(mails[0]!.text_body).toContain('hat die Datei');
  });

  it('applies the email rules: own address required, at most 5 recipients, no duplicates, valid addresses', async () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((n) => `${n}@example.com`);
    const send = (body: Record<string, unknown>) => share(alice, { share_type: 1, source_email: aliceEmail, ...body });
    expect((await send({ source_email: '', target_email: 'a@example.com' })).env.code).toBe('EMAIL_INVALID');
    expect((await send({ source_email: 'someone@mobile', target_email: 'a@example.com' })).env.code).toBe('EMAIL_INVALID');
    expect((await send({ target_email: [...five, 'f@example.com'].join(',') })).env.code).toBe('TOO_MANY_RECIPIENTS');
    expect((await send({ target_email: 'a@example.com,A@EXAMPLE.com' })).env.code).toBe('EMAIL_IN_USE');
    expect((await send({ target_email: 'not-an-address' })).env.code).toBe('EMAIL_INVALID');
    expect((await send({ target_email: '' })).env.code).toBe('EMAIL_INVALID');
    expect((await send({ target_email: five.join(',') })).env.code).toBe(0);
  });
});

describe('limits', () => {
  it('refuses shares past the daily limit with 3023', async () => {
    const { client } = await signUp(server);
    const own = (await upload(server, 'limit.pdf', pdf, undefined, client)).file_id;
    const codes = [];
    for (let i = 0; i <= shareLimits.dailyLimit.free; i += 1) {
      codes.push((await client.api('POST', '/api/share/share-file', { share_key: own, share_type: 2, share_days: 1 })).env.code);
    }
    expect(codes.slice(0, -1).every((c) => c === 0)).toBe(true);
    expect(codes.at(-1)).toBe(3023);
  });

  it('lets only Premium make a permanent link where paywalls are on', async () => {
    const { client } = await signUp(paywalled);
    const own = (await upload(paywalled, 'forever.pdf', pdf, undefined, client)).file_id;
    const permanent = { share_key: own, share_type: 2, share_days: shareLimits.permanentDays };
    expect((await client.api('POST', '/api/share/share-file', permanent)).env.code).toBe('SHARE_PREMIUM_ONLY');
    const [row] = queryDb<{ user_id: string }>(paywalled, 'select user_id from users order by created_at desc limit 1');
    queryDb(paywalled, 'update users set pay = 1 where user_id = ?', row!.user_id);
    expect((await client.api('POST', '/api/share/share-file', permanent)).env.code).toBe(0);
  });

  it('refuses share days other than 1, 3, 7 and 3650', async () => {
    expect((await share(alice, { share_days: 2 })).env.code).toBe('INVALID_PARAMS');
  });
});
