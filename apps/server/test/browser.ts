/**
 * A browser for server tests: keeps every cookie the server sets (the client identity, the
 * session) and may carry a session token header, as the web app does.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Envelope } from '@pagewright/contracts';
import { databaseEnv, type TestServer } from './harness.js';

export interface Browser {
  <T>(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<{ http: number; env: Envelope<T>; raw: Response }>;
  /** The session token header sent with every request once signed in. */
  token?: string;
}

export function browser(server: TestServer): Browser {
  const cookies = new Map<string, string>();
  const call = (async <T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
    const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(server.baseUrl + url, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(call.token ? { token: call.token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const at = pair.indexOf('=');
      if (at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const type = res.headers.get('content-type') ?? '';
    return { http: res.status, env: (type.includes('json') ? await res.json() : null) as Envelope<T>, raw: res };
  }) as Browser;
  return call;
}

/** Signs a browser up (and so in) as a new user; returns their ws_id. */
export async function signUp(b: Browser, email: string): Promise<{ ws_id: string; user_id: string }> {
  const r = await b<{ token: string; user: { ws_id: string; user_id: string } }>('POST', '/api/v2/user/register', {
    email, password: 'correct horse battery', first_name: 'Test', last_name: 'User',
  });
  if (r.env.code !== 0) throw new Error(`sign-up failed: ${JSON.stringify(r.env)}`);
  b.token = r.env.data.token;
  return r.env.data.user;
}

const adminMain = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/cli/admin.js');

/** Runs the administrator command line against a test server's data directory. */
export async function admin(server: TestServer, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [adminMain, ...args], {
      env: { ...process.env, ...databaseEnv(server), LOG_LEVEL: 'silent' },
    });
    return { code: 0, output: stdout + stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}
