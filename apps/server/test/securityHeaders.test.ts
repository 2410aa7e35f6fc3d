import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, removeDir, startServer, type TestServer } from './harness.js';

const INLINE_SCRIPT = 'window.pagewrightBoot = 1;';
const INDEX_HTML = `<!doctype html><html><head><script>${INLINE_SCRIPT}</script><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>`;

let plain: TestServer;
let https: TestServer;
let webDist: string;

beforeAll(async () => {
  // A built web app whose index.html holds an inline script.
  webDist = mkdtempSync(path.join(tmpdir(), 'pw-web-'));
  writeFileSync(path.join(webDist, 'index.html'), INDEX_HTML);
  [plain, https] = await Promise.all([
    startServer({ env: { WEB_DIST: webDist } }),
    startServer({ env: { WEB_DIST: webDist, PUBLIC_URL: 'https://pdf.example.org' } }),
  ]);
});

afterAll(async () => {
  await Promise.all([plain.stop(), https.stop()]);
  removeDir(plain.dataDir);
  removeDir(https.dataDir);
  removeDir(webDist);
});

/** The Content-Security-Policy's directives by name. */
function directives(header: string | null): Map<string, string[]> {
  return new Map((header ?? '').split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...sources]) => [name!, sources]));
}

function expectPolicy(res: Response): void {
  const csp = directives(res.headers.get('content-security-policy'));
  const inlineHash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'", inlineHash]);
  expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  expect(csp.get('font-src')).toEqual(["'self'", 'data:']);
  expect(csp.get('connect-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'self'"]);
  expect(csp.get('form-action')).toEqual(["'self'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
  expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer-when-downgrade');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
}

describe('security headers', () => {
  it('an HTML page of the web app carries the content security policy, frame and referrer policies', async () => {
    const res = await fetch(`${plain.baseUrl}/app/merge-pdf`);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toBe(INDEX_HTML);
    expectPolicy(res);
  });

  it('an API answer carries the same policies', async () => {
    const res = await fetch(`${plain.baseUrl}/api/health`);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expectPolicy(res);
  });

  it('sends HSTS on a request that came over TLS (X-Forwarded-Proto from the proxy) and not over plain HTTP', async () => {
    const overTls = await fetch(`${plain.baseUrl}/app/merge-pdf`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(overTls.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const plainHttp = await fetch(`${plain.baseUrl}/app/merge-pdf`);
    expect(plainHttp.headers.get('strict-transport-security')).toBeNull();
    expect((await fetch(`${plain.baseUrl}/api/health`)).headers.get('strict-transport-security')).toBeNull();
  });

  it('believes forwarded headers only from the proxies TRUST_PROXY names', async () => {
    // This test's requests come from 127.0.0.1, which this server does not count as its proxy.
    const direct = await startServer({ env: { WEB_DIST: webDist, TRUST_PROXY: '203.0.113.7' } });
    try {
      const claimed = await fetch(`${direct.baseUrl}/app/merge-pdf`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(claimed.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await direct.stop();
      removeDir(direct.dataDir);
    }
  });

  it('sends HSTS on every answer when PUBLIC_URL is https', async () => {
    const res = await fetch(`${https.baseUrl}/api/health`);
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('makes the client id and session cookies Secure when PUBLIC_URL is https, and not over plain HTTP otherwise', async () => {
    const cookiesOf = async (server: TestServer) => {
      const res = await newClient(server).fetch('/api/v2/user/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `secure-${server.baseUrl.split(':').at(-1)}@example.com`, password: 'correct horse battery' }),
      });
      return new Map(res.headers.getSetCookie().map((c) => [c.split('=')[0]!, c.split(';').map((a) => a.trim())]));
    };
    const secure = await cookiesOf(https);
    expect(secure.get('pw_client')).toContain('Secure');
    expect(secure.get('pw_session')).toContain('Secure');
    const insecure = await cookiesOf(plain);
    expect(insecure.get('pw_client')).not.toContain('Secure');
    expect(insecure.get('pw_session')).not.toContain('Secure');
  });
});
