/**
 * Abuse of the account calls: guessing passwords is slowed per client and per account with
 * growing waits instead of locking the account, and sign-ups are limited per client. Clients
 * are told apart by the address the trusted proxy reports (X-Forwarded-For) and by their
 * client id cookie.
 */
import type { SignInResponse } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { newClient, queryDb, signUp, type Client, useServer } from './harness.js';

const server = useServer({ env: { REGISTER_PER_CLIENT_PER_HOUR: '5' } });

/** A new browser behind the given address. */
function clientAt(ip: string): Client {
  return newClient(server, { headers: { 'x-forwarded-for': ip } });
}

async function login(client: Client, email: string, password: string) {
  const res = await client.api<SignInResponse>('POST', '/api/v2/user/login', { email, password });
  return { code: res.env.code, http: res.http, msg: res.env.msg, retryAfter: res.raw.headers.get('retry-after') };
}

/** Moves every recorded failure of an email back in time, as if `ms` had passed. */
function letTimePass(email: string, ms: number): void {
  queryDb(server, 'update login_failures set failed_at = failed_at - ? where email = ?', ms, email);
}

describe('sign-in throttling', () => {
  it('lets the owner sign in with the right password while another client fails on the account', async () => {
    const { email, password } = await signUp(server);
    const attacker = clientAt('203.0.113.7');
    const codes: (string | number)[] = [];
    for (let i = 0; i < 12; i++) codes.push((await login(attacker, email, `wrong ${i}`)).code);
    expect((await login(clientAt('198.51.100.2'), email, password)).code).toBe(0);
    // The attacker was slowed after 5 failures, and waits even with the right password.
    expect(codes).toEqual([...Array<string>(5).fill('LOGIN_FAILED'), ...Array<string>(7).fill('LOGIN_THROTTLED')]);
    expect((await login(attacker, email, password)).code).toBe('LOGIN_THROTTLED');
  });

  it('makes a client that keeps failing on an account wait twice as long after each further failure', async () => {
    const { email } = await signUp(server);
    const attacker = clientAt('203.0.113.8');
    for (let i = 0; i < 5; i++) expect((await login(attacker, email, `wrong ${i}`)).code).toBe('LOGIN_FAILED');
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const refused = await login(attacker, email, 'still wrong');
      expect(refused).toMatchObject({ code: 'LOGIN_THROTTLED', http: 429 });
      expect(refused.msg).toBe(`Too many sign-in attempts. Please wait ${refused.retryAfter} seconds and try again.`);
      waits.push(Number(refused.retryAfter));
      letTimePass(email, waits.at(-1)! * 1000);
      expect((await login(attacker, email, `wrong after ${round}`)).code).toBe('LOGIN_FAILED');
    }
    expect(waits).toEqual([2, 4, 8]);
  });

  it('slows a client that fails on many addresses after 20 failures, whatever client id it sends', async () => {
    const codes: (string | number)[] = [];
    for (let i = 0; i < 50; i++) codes.push((await login(clientAt('203.0.113.9'), `nobody${i}@example.com`, 'guess')).code);
    expect(codes.filter((c) => c === 'LOGIN_FAILED')).toHaveLength(20);
    expect(codes.slice(20)).toEqual(Array<string>(30).fill('LOGIN_THROTTLED'));
    // Other clients are not slowed by it.
    expect((await login(clientAt('198.51.100.3'), 'nobody0@example.com', 'guess')).code).toBe('LOGIN_FAILED');
  });

  it('slows one client id that fails on many addresses from changing addresses', async () => {
    const browser = clientAt('203.0.113.10');
    const codes: (string | number)[] = [];
    for (let i = 0; i < 21; i++) {
      browser.headers['x-forwarded-for'] = `192.0.2.${i + 1}`;
      codes.push((await login(browser, `someone${i}@example.com`, 'guess')).code);
    }
    expect(codes.at(-1)).toBe('LOGIN_THROTTLED');
    expect(codes.slice(0, 20)).toEqual(Array<string>(20).fill('LOGIN_FAILED'));
  });
});

describe('sign-up throttling', () => {
  async function register(client: Client, email: string) {
    const res = await client.api('POST', '/api/v2/user/register', { email, password: 'correct horse battery', first_name: 'B', last_name: 'U' });
    return { code: res.env.code, http: res.http, retryAfter: Number(res.raw.headers.get('retry-after')) };
  }

  it('refuses sign-ups from one client after 5 in an hour, with the wait until one is allowed again', async () => {
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push(await register(clientAt('203.0.113.20'), `series${i}@example.com`));
    expect(answers.map((a) => a.code)).toEqual([...Array<number>(5).fill(0), ...Array<string>(15).fill('REGISTER_THROTTLED')]);
    for (const refused of answers.slice(5)) {
      expect(refused.http).toBe(429);
      expect(refused.retryAfter).toBeGreaterThan(3500);
      expect(refused.retryAfter).toBeLessThanOrEqual(3600);
    }
    expect((await register(clientAt('198.51.100.4'), 'elsewhere@example.com')).code).toBe(0);
  });

  it('lets no more than 5 of 20 simultaneous sign-ups from one client through', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => register(clientAt('203.0.113.21'), `burst${i}@example.com`)));
    const created = answers.filter((a) => a.code === 0).length;
    expect(created).toBeGreaterThan(0);
    expect(created).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.code === 'REGISTER_THROTTLED')).toHaveLength(20 - created);
  });
});
