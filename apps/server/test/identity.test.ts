/**
 * A page load's API calls share one client id: the page itself brings the cookie, so the
 * calls a page makes at once cannot each be given their own (and a client_sign made for one
 * then refused with another's cookie).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, startServer, type TestServer } from './harness.js';

let server: TestServer;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'pw-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Pagewright</title>');
  server = await startServer({ env: { WEB_DIST: webDist } });
});

afterAll(async () => {
  await server.stop();
  removeDir(server.dataDir);
  removeDir(webDist);
});

const clientCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith('pw_client='))?.split(';')[0];

describe('the client id cookie', () => {
  it('comes with the page, so the API calls the page makes at once all carry the same one', async () => {
    const page = await fetch(`${server.baseUrl}/app/merge-pdf`, { headers: { accept: 'text/html,application/xhtml+xml' } });
    const cookie = clientCookie(page);
    expect(cookie).toMatch(/^pw_client=[0-9a-f]{32}$/);
    const calls = await Promise.all(['/api/v2/user/client-sign', '/api/site-config', '/api/v2/location'].map((url) => fetch(server.baseUrl + url, { headers: { cookie: cookie! } })));
    expect(calls.map(clientCookie)).toEqual([undefined, undefined, undefined]);
    const sign = ((await calls[0]!.json()) as { data: { client_sign: string } }).data.client_sign;
    const unread = await fetch(`${server.baseUrl}/api/v1/prodweb/message/exist/unread?pid=4512&client_sign=${encodeURIComponent(sign)}`, { headers: { cookie: cookie! } });
    expect(unread.status).toBe(200);
  });

  it('is sent with page loads too (Path=/), so a reload or another page keeps the same id', async () => {
    const page = await fetch(`${server.baseUrl}/app/merge-pdf`, { headers: { accept: 'text/html' } });
    expect(page.headers.getSetCookie().find((c) => c.startsWith('pw_client='))).toMatch(/; Path=\/;/);
    const api = await fetch(`${server.baseUrl}/api/site-config`);
    expect(api.headers.getSetCookie().find((c) => c.startsWith('pw_client='))).toMatch(/; Path=\/;/);
  });

  it("keeps an earlier version's Path=/api cookie, which the browser sends first, as the guest's identity", async () => {
    const older = 'b'.repeat(32);
    const newer = 'c'.repeat(32);
    const signOf = async (cookie: string) => ((await (await fetch(`${server.baseUrl}/api/v2/user/client-sign`, { headers: { cookie } })).json()) as { data: { client_sign: string } }).data.client_sign;
    expect(await signOf(`pw_client=${older}; pw_client=${newer}`)).toBe(await signOf(`pw_client=${older}`));
    expect(await signOf(`pw_client=${older}`)).not.toBe(await signOf(`pw_client=${newer}`));
  });

  it('is not given again to a page load that has one, nor to a script or style request', async () => {
    const page = await fetch(`${server.baseUrl}/app/merge-pdf`, { headers: { accept: 'text/html', cookie: `pw_client=${'a'.repeat(32)}` } });
    expect(clientCookie(page)).toBeUndefined();
    const asset = await fetch(`${server.baseUrl}/assets/x.js`, { headers: { accept: '*/*' } });
    expect(clientCookie(asset)).toBeUndefined();
  });
});
