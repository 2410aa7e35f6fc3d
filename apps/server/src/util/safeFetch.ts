/**
 * Fetching a file from a URL a user typed (SPEC §5 "Upload from URL", cloud netdisk imports)
 * without letting that user reach the server's own network (SSRF): every host name is resolved
 * here, every answer is judged, and the connection goes to the judged address, never to a
 * second DNS answer. Redirects are followed by hand so each hop is judged again.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { open, rm, type FileHandle } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CatalogueError } from '@pagewright/contracts';

export interface SafeFetchOptions {
  /** Largest body accepted; more → CatalogueError(4012). */
  maxBytes: number;
  /** Deadline for the whole fetch, redirects and DNS included, in ms; exceeded → CatalogueError('LINK_FAILED'). */
  timeoutMs: number;
  /** Redirects followed at most; one more → CatalogueError('LINK_FAILED'). Default 5. */
  maxRedirects?: number;
  /**
   * Extra request headers (e.g. Authorization for a netdisk). Authorization, Cookie and
   * Proxy-Authorization are dropped once a redirect leaves the first URL's origin, so a token
   * never reaches a host it was not meant for. A Host header here is ignored.
   */
  headers?: Record<string, string>;
  /**
   * Tests only: lets through an address the policy refuses (e.g. 127.0.0.1 for a local fixture
   * server). Called with the address and the host name of the URL being fetched, so a test can
   * allow one host name and still see every other hop refused. Default: nothing is let through.
   */
  allowAddress?: (address: string, hostname: string) => boolean;
  /** Tests only: replaces DNS resolution (host name → addresses). Default: dns.promises.lookup(host, { all: true }). */
  resolve?: (hostname: string) => Promise<string[]>;
}

export interface FetchedFile {
  path: string;
  size: number;
  contentType: string | null;
  finalUrl: string;
}

const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that carry the caller's credentials; they must not follow a redirect to another origin. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);

/**
 * Validates the URL text of SPEC §5: http(s) only (else URL_SCHEME; text that is no URL at all
 * gets the same message, the most useful hint), a path ending in .pdf whatever the case, query
 * and fragment ignored (else URL_NOT_PDF), and no user:password@ part (URL_NOT_ALLOWED).
 * Returns the parsed URL. Where the host points is judged later, by fetchToFile.
 */
export function checkImportUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new CatalogueError('URL_SCHEME', 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CatalogueError('URL_SCHEME', `scheme ${url.protocol} refused`);
  if (!url.pathname.toLowerCase().endsWith('.pdf')) throw new CatalogueError('URL_NOT_PDF', 'the path does not end with .pdf');
  refuseCredentials(url);
  return url;
}

/**
 * Streams the body of `url` into `destPath`, which must not exist yet: it is created with mode
 * 0o600 (exclusively, so the mode is certainly ours) only once a 2xx answer has arrived, and
 * removed on any failure. Refusals: URL_NOT_ALLOWED (scheme, credentials in the URL, or an
 * address the server must not reach, on any hop), 4012 (body over maxBytes), LINK_FAILED
 * (DNS failure, connection failure, non-2xx answer, too many redirects, deadline passed).
 * A failure to create or write the file itself is rethrown as it is: that is the server's fault.
 */
export async function fetchToFile(url: string, destPath: string, options: SafeFetchOptions): Promise<FetchedFile> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
  let created = false;
  try {
    const { url: finalUrl, message } = await follow(url, options, deadline.signal);
    const declared = Number(message.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      message.destroy();
      throw new CatalogueError(4012, `Content-Length ${declared} is over the limit of ${options.maxBytes} bytes`);
    }
    let file: FileHandle;
    try {
      file = await open(destPath, 'wx', 0o600);
    } catch (error) {
      message.destroy();
      throw new FileError(error);
    }
    created = true;
    let size = 0;
    const out = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > options.maxBytes) return callback(new CatalogueError(4012, `the body is over the limit of ${options.maxBytes} bytes`));
        file.write(chunk).then(() => callback(), (error: unknown) => callback(new FileError(error)));
      },
    });
    try {
      await pipeline(message, out, { signal: deadline.signal });
    } finally {
      await file.close();
    }
    return { path: destPath, size, contentType: message.headers['content-type'] ?? null, finalUrl: finalUrl.href };
  } catch (error) {
    if (created) await rm(destPath, { force: true });
    if (error instanceof FileError) throw error.cause;
    if (error instanceof CatalogueError) throw error;
    if (deadline.signal.aborted) throw new CatalogueError('LINK_FAILED', `timed out after ${options.timeoutMs} ms`);
    throw new CatalogueError('LINK_FAILED', `fetch failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    clearTimeout(timer);
    // Whatever is still open for this fetch (a socket, a DNS wait) is let go.
    deadline.abort();
  }
}

/** Wraps an error from our own file so the catch above does not call it a failed link. */
class FileError extends Error {
  constructor(override readonly cause: unknown) {
    super('file error');
  }
}

/** Requests `text` and its redirects until a 2xx answer; judges every hop before connecting. */
async function follow(text: string, options: SafeFetchOptions, signal: AbortSignal): Promise<{ url: URL; message: IncomingMessage }> {
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const firstUrl = parseFetchUrl(text);
  let headers = requestHeaders(options.headers ?? {});
  let url = firstUrl;
  for (let redirects = 0; ; redirects++) {
    const addresses = await checkedAddresses(url, options, signal);
    const message = await request(url, addresses, headers, signal);
    const status = message.statusCode ?? 0;
    if (REDIRECT_STATUSES.has(status)) {
      const location = message.headers.location;
      // The body of a redirect is of no use; dropping it closes the connection (no keep-alive).
      message.destroy();
      if (!location) throw new CatalogueError('LINK_FAILED', `redirect ${status} without a Location`);
      if (redirects >= maxRedirects) throw new CatalogueError('LINK_FAILED', `more than ${maxRedirects} redirects`);
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new CatalogueError('LINK_FAILED', 'redirect to an invalid URL');
      }
      checkFetchUrl(next);
      if (next.origin !== firstUrl.origin) headers = withoutCredentials(headers);
      url = next;
      continue;
    }
    if (status < 200 || status > 299) {
      message.destroy();
      throw new CatalogueError('LINK_FAILED', `the server answered ${status}`);
    }
    return { url, message };
  }
}

function parseFetchUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CatalogueError('URL_NOT_ALLOWED', 'not a valid URL');
  }
  checkFetchUrl(url);
  return url;
}

/** What every hop must be: http(s) without credentials. The host is judged by checkedAddresses. */
function checkFetchUrl(url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new CatalogueError('URL_NOT_ALLOWED', `scheme ${url.protocol} refused`);
  refuseCredentials(url);
}

function refuseCredentials(url: URL): void {
  if (url.username !== '' || url.password !== '') throw new CatalogueError('URL_NOT_ALLOWED', 'credentials in the URL refused');
}

/** The URL host without IPv6 brackets. The WHATWG parser has already turned 0x7f.1 or 2130706433 into 127.0.0.1. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** The addresses `url` may be fetched from: all of them allowed, or a refusal. */
async function checkedAddresses(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<string[]> {
  const host = bareHost(url);
  let addresses: string[];
  if (isIP(host) !== 0) {
    addresses = [host];
  } else {
    const resolve = options.resolve ?? systemResolve;
    try {
      addresses = await untilAborted(resolve(host), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw new CatalogueError('LINK_FAILED', `could not resolve ${host}`);
    }
    if (addresses.length === 0) throw new CatalogueError('LINK_FAILED', `${host} has no address`);
  }
  // One forbidden answer is enough to refuse: which answer the connection would use is not ours to pick.
  for (const address of addresses) {
    if (isForbiddenAddress(address) && !options.allowAddress?.(address, host)) {
      throw new CatalogueError('URL_NOT_ALLOWED', `${host} resolves to ${address}`);
    }
  }
  return addresses;
}

async function systemResolve(hostname: string): Promise<string[]> {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => answer.address);
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A lookup that answers with the addresses already judged, so a DNS change between check and connect changes nothing. */
function pinnedLookup(addresses: string[]): LookupFunction {
  return (_hostname, options, callback) => {
    const answers = addresses.map((address) => ({ address, family: isIP(address) }));
    if (options.all) callback(null, answers);
    else callback(null, answers[0]!.address, answers[0]!.family);
  };
}

/** Starts the GET and waits for the answer's head. */
function request(url: URL, addresses: string[], headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage> {
  const host = bareHost(url);
  const secure = url.protocol === 'https:';
  const requestOptions: https.RequestOptions = {
    protocol: url.protocol,
    hostname: host,
    port: url.port || (secure ? 443 : 80),
    path: url.pathname + url.search,
    method: 'GET',
    // The Host header and the TLS name stay the URL's host name; only the socket goes to the judged address.
    headers: { ...headers, host: url.host },
    lookup: pinnedLookup(addresses),
    // A fresh connection each time: a pooled socket could have been opened for another answer.
    agent: false,
    signal,
  };
  // RFC 6066 forbids an IP address as TLS server name; Node then checks the certificate against the IP.
  if (secure && isIP(host) === 0) requestOptions.servername = host;
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(requestOptions, resolve);
    req.on('error', reject);
    req.end();
  });
}

function requestHeaders(extra: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { 'user-agent': 'Pagewright', accept: 'application/pdf, */*', 'accept-encoding': 'identity' };
  for (const [name, value] of Object.entries(extra)) {
    const key = name.toLowerCase();
    if (key !== 'host') headers[key] = value;
  }
  return headers;
}

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name)));
}

/** Ranges no fetch may reach: private, loopback, link-local, shared, documentation, benchmark, multicast, reserved. */
const forbiddenIpv4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) forbiddenIpv4.addSubnet(network, prefix, 'ipv4');
// 255.255.255.255 is inside 240/4 already; named for the reader.
forbiddenIpv4.addAddress('255.255.255.255', 'ipv4');

const forbiddenIpv6 = new BlockList();
for (const [network, prefix] of [
  // ::/96 holds :: and ::1 and the deprecated IPv4-compatible form ::a.b.c.d, which no public host uses.
  ['::', 96],
  // NAT64: the prefix reaches IPv4 hosts through a gateway inside the network.
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  // Site-local (deprecated) is as internal as fc00::/7 where it still routes.
  ['fec0::', 10],
  ['ff00::', 8],
] as const) forbiddenIpv6.addSubnet(network, prefix, 'ipv6');

/** True for addresses the server must never connect to, and for any text that is no IP address. */
export function isForbiddenAddress(address: string): boolean {
  // A zone (fe80::1%eth0) only means something on a local link.
  if (address.includes('%')) return true;
  const family = isIP(address);
  if (family === 4) return forbiddenIpv4.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = mappedIpv4(address);
  if (mapped !== null) return forbiddenIpv4.check(mapped, 'ipv4');
  return forbiddenIpv6.check(address, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:7f00:1), else null. */
function mappedIpv4(address: string): string | null {
  const groups = ipv6Groups(address);
  if (groups === null) return null;
  if (groups.slice(0, 5).some((group) => group !== 0) || groups[5] !== 0xffff) return null;
  const [high, low] = [groups[6]!, groups[7]!];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The eight 16-bit groups of a valid IPv6 address (isIP already said it is one). */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const left = parse(head);
  if (tail === undefined) return left.length === 8 ? left : null;
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}
