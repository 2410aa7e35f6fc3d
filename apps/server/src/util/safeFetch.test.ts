import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkImportUrl, fetchToFile, isForbiddenAddress, type SafeFetchOptions } from './safeFetch.js';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 7), Buffer.from('\n%%EOF\n')]);

/** What the fixture server saw: path, Host header and Authorization of each request. */
let seen: { path: string; host: string | undefined; authorization: string | undefined }[] = [];
let server: Server;
let port: number;
let dir: string;

/** The fixture: a file, redirects, a 404, and answers that are too big or never end. */
function handle(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://fixture');
  seen.push({ path: url.pathname, host: request.headers.host, authorization: request.headers.authorization });
  switch (url.pathname) {
    case '/file.pdf':
      response.writeHead(200, { 'content-type': 'application/pdf', 'content-length': PDF.length });
      response.end(PDF);
      return;
    case '/redirect':
      response.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('to') ?? '/' });
      response.end();
      return;
    case '/hops': {
      // /hops?n=3 redirects three times before the file.
      const n = Number(url.searchParams.get('n'));
      response.writeHead(302, { location: n > 0 ? `/hops?n=${n - 1}` : '/file.pdf' });
      response.end();
      return;
    }
    case '/loop':
      response.writeHead(301, { location: '/loop' });
      response.end();
      return;
    case '/big-declared':
      // Declares 10 MB, sends 1 KB and never finishes: only an early refusal answers before the deadline.
      response.writeHead(200, { 'content-length': 10 * 1024 * 1024 });
      response.write(Buffer.alloc(1024));
      return;
    case '/big-chunked': {
      // No length: chunks keep coming until the client hangs up.
      response.writeHead(200, { 'content-type': 'application/pdf' });
      const chunk = Buffer.alloc(16 * 1024, 1);
      const pump = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', pump);
      };
      pump();
      return;
    }
    case '/stall-head':
      return;
    case '/stall-body':
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.write(PDF.subarray(0, 100));
      return;
    default:
      response.writeHead(404);
      response.end('not found');
  }
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  dir = await mkdtemp(join(tmpdir(), 'pagewright-safefetch-'));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  seen = [];
  // Each test starts with an empty directory, so "no file left" means no file of this test.
  for (const name of await readdir(dir)) await rm(join(dir, name));
});

const dest = () => join(dir, `${randomUUID()}.pdf`);
const base = { maxBytes: 1_000_000, timeoutMs: 5_000 } satisfies SafeFetchOptions;

/** Test names that resolve to the fixture server; everything else fails like an unknown name. */
function fixtureResolver(names: string[]): SafeFetchOptions['resolve'] {
  return async (hostname) => {
    if (names.includes(hostname)) return ['127.0.0.1'];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  };
}

/** Lets 127.0.0.1 through only while fetching one of `names`: any other hop meets the real policy. */
function allowFor(names: string[]): SafeFetchOptions['allowAddress'] {
  return (address, hostname) => address === '127.0.0.1' && names.includes(hostname);
}

/** Options that reach the fixture through the name public.test only. */
const viaPublicTest = (extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
  ...base, resolve: fixtureResolver(['public.test']), allowAddress: allowFor(['public.test']), ...extra,
});

const publicUrl = (path: string) => `http://public.test:${port}${path}`;
const redirectTo = (target: string, status = 302) => publicUrl(`/redirect?status=${status}&to=${encodeURIComponent(target)}`);

describe('fetchToFile address policy', () => {
  it('refuses a URL to the loopback server with URL_NOT_ALLOWED by default and never connects', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/file.pdf`,
      `http://[::1]:${port}/file.pdf`,
      `http://[::ffff:127.0.0.1]:${port}/file.pdf`,
      `http://localhost:${port}/file.pdf`,
    ]) {
      await expect(fetchToFile(url, dest(), base), url).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
    }
    expect(seen).toEqual([]);
    expect(await readdir(dir)).toEqual([]);
  });

  it('judges the host the URL parser normalised: 2130706433 and 0x7f.1 are 127.0.0.1 and refused', async () => {
    for (const url of [`http://2130706433:${port}/file.pdf`, `http://0x7f.1:${port}/file.pdf`, `http://0177.0.0.1:${port}/file.pdf`]) {
      await expect(fetchToFile(url, dest(), base), url).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
    }
    expect(seen).toEqual([]);
  });

  it('refuses a public-looking host name whose DNS answer is 127.0.0.1', async () => {
    const options = { ...base, resolve: fixtureResolver(['files.example.com']) };
    await expect(fetchToFile(`http://files.example.com:${port}/file.pdf`, dest(), options)).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
    expect(seen).toEqual([]);
  });

  it('refuses a host name when any one of its DNS answers is forbidden, even after a public one', async () => {
    const options = { ...base, resolve: async () => ['93.184.216.34', '10.1.2.3'] };
    await expect(fetchToFile('http://mixed.example.com/file.pdf', dest(), options)).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
  });

  it('refuses credentials in the URL (user:pass@ and user@) with URL_NOT_ALLOWED', async () => {
    for (const url of [`http://user:pass@public.test:${port}/file.pdf`, `http://user@public.test:${port}/file.pdf`]) {
      await expect(fetchToFile(url, dest(), viaPublicTest()), url).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
    }
    expect(seen).toEqual([]);
  });

  it('refuses schemes other than http and https with URL_NOT_ALLOWED', async () => {
    await expect(fetchToFile('ftp://public.test/file.pdf', dest(), viaPublicTest())).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
    await expect(fetchToFile('file:///etc/passwd', dest(), viaPublicTest())).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
  });

  it('connects to the address it checked, not a second DNS answer, keeping the host name in the Host header', async () => {
    // public.test is a reserved name no real resolver answers: the fetch only works if the
    // connection uses the address the injected resolver gave, asked once.
    let asked = 0;
    const resolve = async (hostname: string) => {
      asked++;
      return fixtureResolver(['public.test'])!(hostname);
    };
    const result = await fetchToFile(publicUrl('/file.pdf'), dest(), viaPublicTest({ resolve }));
    expect(result.size).toBe(PDF.length);
    expect(asked).toBe(1);
    expect(seen).toEqual([{ path: '/file.pdf', host: `public.test:${port}`, authorization: undefined }]);
  });
});

describe('fetchToFile redirects', () => {
  it('follows a redirect to an allowed host (the control for the refusals below)', async () => {
    const result = await fetchToFile(redirectTo(publicUrl('/file.pdf')), dest(), viaPublicTest());
    expect(result.finalUrl).toBe(publicUrl('/file.pdf'));
    expect(seen.map((request) => request.path)).toEqual(['/redirect', '/file.pdf']);
  });

  it('re-checks every redirect target: loopback, ::1, metadata and private-DNS targets are refused and never requested', async () => {
    const options = viaPublicTest({ resolve: async (hostname) => (hostname === 'internal.test' ? ['10.0.0.5'] : ['127.0.0.1']) });
    for (const target of [
      `http://127.0.0.1:${port}/x.pdf`,
      `http://[::1]:${port}/x.pdf`,
      'http://169.254.169.254/latest.pdf',
      `http://internal.test:${port}/x.pdf`,
    ]) {
      for (const status of [301, 302, 303, 307, 308]) {
        seen = [];
        await expect(fetchToFile(redirectTo(target, status), dest(), options), `${status} → ${target}`).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
        expect(seen.map((request) => request.path)).toEqual(['/redirect']);
      }
    }
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses a redirect to another scheme or to a URL with credentials', async () => {
    for (const target of ['file:///etc/passwd', 'ftp://public.test/a.pdf', `http://u:p@public.test:${port}/file.pdf`]) {
      await expect(fetchToFile(redirectTo(target), dest(), viaPublicTest()), target).rejects.toMatchObject({ code: 'URL_NOT_ALLOWED' });
    }
  });

  it('follows exactly maxRedirects redirects and answers LINK_FAILED for one more', async () => {
    await expect(fetchToFile(publicUrl('/hops?n=1'), dest(), viaPublicTest({ maxRedirects: 2 }))).resolves.toMatchObject({ size: PDF.length });
    await expect(fetchToFile(publicUrl('/hops?n=2'), dest(), viaPublicTest({ maxRedirects: 2 }))).rejects.toMatchObject({ code: 'LINK_FAILED' });
  });

  it('answers LINK_FAILED for a redirect loop after the default 5 redirects', async () => {
    await expect(fetchToFile(publicUrl('/loop'), dest(), viaPublicTest())).rejects.toMatchObject({ code: 'LINK_FAILED' });
    expect(seen).toHaveLength(6);
  });

  it('keeps Authorization on a same-origin redirect and drops it when the redirect leaves the origin', async () => {
    const names = ['public.test', 'other.test'];
    const options = viaPublicTest({ resolve: fixtureResolver(names), allowAddress: allowFor(names), headers: { Authorization: 'Bearer secret' } });
    await fetchToFile(redirectTo('/file.pdf'), dest(), options);
    expect(seen.map((request) => request.authorization)).toEqual(['Bearer secret', 'Bearer secret']);
    seen = [];
    await fetchToFile(redirectTo(`http://other.test:${port}/file.pdf`), dest(), options);
    expect(seen.map((request) => [request.host, request.authorization])).toEqual([
      [`public.test:${port}`, 'Bearer secret'],
      [`other.test:${port}`, undefined],
    ]);
  });
});

describe('fetchToFile download', () => {
  it('writes the body to a new file with mode 0600 and reports size, type and final URL', async () => {
    const path = dest();
    const result = await fetchToFile(publicUrl('/file.pdf'), path, viaPublicTest());
    expect(result).toEqual({ path, size: PDF.length, contentType: 'application/pdf', finalUrl: publicUrl('/file.pdf') });
    expect(await readFile(path)).toEqual(PDF);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    await rm(path);
  });

  it('refuses to write over an existing file and leaves it as it was', async () => {
    const path = dest();
    await writeFile(path, 'keep me');
    await expect(fetchToFile(publicUrl('/file.pdf'), path, viaPublicTest())).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await readFile(path, 'utf8')).toBe('keep me');
    await rm(path);
  });

  it('answers 4012 at once when Content-Length is over maxBytes, leaving no file', async () => {
    const path = dest();
    const started = Date.now();
    // The answer never ends, so anything but the early refusal would run into the deadline.
    await expect(fetchToFile(publicUrl('/big-declared'), path, viaPublicTest({ maxBytes: 1000, timeoutMs: 20_000 }))).rejects.toMatchObject({ code: 4012 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(existsSync(path)).toBe(false);
  });

  it('answers 4012 when a body without length streams past maxBytes, removing the partial file', async () => {
    const path = dest();
    await expect(fetchToFile(publicUrl('/big-chunked'), path, viaPublicTest({ maxBytes: 100_000, timeoutMs: 20_000 }))).rejects.toMatchObject({ code: 4012 });
    expect(existsSync(path)).toBe(false);
    expect(await readdir(dir)).toEqual([]);
  });

  it('answers LINK_FAILED when the deadline passes before the answer head, leaving no file', async () => {
    const path = dest();
    const started = Date.now();
    await expect(fetchToFile(publicUrl('/stall-head'), path, viaPublicTest({ timeoutMs: 300 }))).rejects.toMatchObject({ code: 'LINK_FAILED' });
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(existsSync(path)).toBe(false);
  });

  it('answers LINK_FAILED when the deadline passes mid-body, removing the partial file', async () => {
    const path = dest();
    await expect(fetchToFile(publicUrl('/stall-body'), path, viaPublicTest({ timeoutMs: 300 }))).rejects.toMatchObject({ code: 'LINK_FAILED' });
    expect(existsSync(path)).toBe(false);
  });

  it('answers LINK_FAILED when the deadline passes while DNS is still answering', async () => {
    const resolve = () => new Promise<string[]>(() => {});
    await expect(fetchToFile(publicUrl('/file.pdf'), dest(), viaPublicTest({ resolve, timeoutMs: 200 }))).rejects.toMatchObject({ code: 'LINK_FAILED' });
  });

  it('answers LINK_FAILED for a non-2xx answer and for a name that does not resolve, leaving no file', async () => {
    const path = dest();
    await expect(fetchToFile(publicUrl('/missing.pdf'), path, viaPublicTest())).rejects.toMatchObject({ code: 'LINK_FAILED' });
    await expect(fetchToFile(`http://nowhere.test:${port}/file.pdf`, path, viaPublicTest())).rejects.toMatchObject({ code: 'LINK_FAILED' });
    expect(existsSync(path)).toBe(false);
  });
});

describe('checkImportUrl (SPEC §5 Upload from URL)', () => {
  it('refuses schemes other than http and https, and text that is no URL, with URL_SCHEME', () => {
    for (const text of ['ftp://x/a.pdf', 'file:///a.pdf', 'javascript:alert(1)//a.pdf', 'x/a.pdf', '']) {
      expect(() => checkImportUrl(text), text).toThrow(expect.objectContaining({ code: 'URL_SCHEME' }));
    }
  });

  it('refuses a path not ending in .pdf with URL_NOT_PDF, even when the query string does', () => {
    for (const text of ['https://x/a.txt', 'https://x/', 'https://x/a?file=b.pdf', 'https://x/a#b.pdf']) {
      expect(() => checkImportUrl(text), text).toThrow(expect.objectContaining({ code: 'URL_NOT_PDF' }));
    }
  });

  it('accepts .pdf in any case with a query string and returns the parsed URL', () => {
    const url = checkImportUrl('https://x/a.PDF?x=1');
    expect(url.href).toBe('https://x/a.PDF?x=1');
    expect(checkImportUrl('  http://example.com/docs/report.pdf  ').hostname).toBe('example.com');
  });

  it('refuses credentials in the URL with URL_NOT_ALLOWED', () => {
    expect(() => checkImportUrl('https://user:pass@x/a.pdf')).toThrow(expect.objectContaining({ code: 'URL_NOT_ALLOWED' }));
  });
});

describe('isForbiddenAddress', () => {
  const forbidden = [
    '0.0.0.0', '0.255.255.255', '10.0.0.1', '10.255.255.255', '100.64.0.0', '100.127.255.255', '127.0.0.1', '127.255.255.254',
    '169.254.169.254', '172.16.0.0', '172.31.255.255', '192.0.0.8', '192.0.2.1', '192.168.1.1', '198.18.0.0', '198.19.255.255',
    '198.51.100.7', '203.0.113.9', '224.0.0.1', '239.255.255.255', '240.0.0.1', '255.255.255.255',
    '::', '::1', 'fc00::1', 'fdff:ffff::1', 'fe80::1', 'FE80::1', 'febf::1', 'ff02::1', 'ff00::', '64:ff9b::7f00:1', '64:ff9b::8.8.8.8',
    '2001:db8::1', '2001:db8:ffff::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:7f00:1', '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe', '::127.0.0.1', 'fe80::1%eth0',
    // Not an IP address at all: nothing to judge, so nothing to connect to.
    'localhost', '', '127.1', 'example.com',
  ];
  const allowed = [
    '1.1.1.1', '8.8.8.8', '93.184.216.34', '9.255.255.255', '11.0.0.0', '100.63.255.255', '100.128.0.0', '126.255.255.255',
    '128.0.0.0', '169.253.255.255', '169.255.0.0', '172.15.255.255', '172.32.0.0', '192.0.1.0', '192.167.255.255', '192.169.0.0',
    '198.17.255.255', '198.20.0.0', '198.51.101.0', '203.0.114.0', '223.255.255.255',
    '2606:4700:4700::1111', '2001:4860:4860::8888', '2001:db9::1', '::ffff:8.8.8.8', '::ffff:808:808', '64:ff9c::1', 'fbff::1',
  ];

  it.each(forbidden)('forbids %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(allowed)('allows %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});
