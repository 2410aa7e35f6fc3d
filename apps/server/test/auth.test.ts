import { createHash } from 'node:crypto';
import type { MemberType, SignInResponse, TaskCreated, TaskResult, Usage, UserInfo } from '@pagewright/contracts';
import { describe, expect, it } from 'vitest';
import { newClient, outbox, queryDb, signUp, upload, waitForTask, type Client, useServer } from './harness.js';
import { makePdf } from './pdfFixtures.js';

const server = useServer({ env: { PUBLIC_URL: 'https://pdf.example.org' } });

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const basic = (email: string, password: string) => `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

async function refresh(client: Client) {
  return client.api<UserInfo>('GET', '/api/account/refresh');
}

async function login(client: Client, email: string, password: string) {
  return client.api<SignInResponse>('POST', '/api/v2/user/login', { email, password });
}

/** Polls the outbox for a mail to `to`: the reset mail is sent after the answer. */
async function mailTo(to: string, count = 1): Promise<{ subject: string; text_body: string }[]> {
  for (let i = 0; i < 100; i++) {
    const mails = outbox(server).filter((m) => m.to_address === to);
    if (mails.length >= count) return mails;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to}`);
}

function resetTokenOf(mail: { text_body: string }): string {
  const match = /https:\/\/pdf\.example\.org\/app\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text_body);
  if (!match) throw new Error(`no reset link in ${mail.text_body}`);
  return match[1]!;
}

describe('sign up, sign in and sign out', () => {
  it('signs up with email and password, answers a token and sets it as an httpOnly cookie', async () => {
    const client = newClient(server);
    const res = await client.api<SignInResponse>('POST', '/api/v2/user/register', {
      email: '  Ada@Example.COM ', password: 'analytical engine', first_name: 'Ada', last_name: 'Lovelace',
    });
    expect(res.env.code).toBe(0);
    expect(res.env.data.user).toMatchObject({ email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', pay: 0, ai: 0, career: null, userType: 1 });
    expect(res.env.data.expires_at).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
    const cookie = res.raw.headers.getSetCookie().find((c) => c.startsWith('pw_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(client.cookies.get('pw_session')).toBe(res.env.data.token);
    expect((await refresh(client)).env.data).toMatchObject({ email: 'ada@example.com', user_id: res.env.data.user.user_id });
  });

  it('stores only a hash of the session token and an argon2id hash of the password', async () => {
    const { email, session, password } = await signUp(server);
    const sessions = queryDb<{ session_id: string }>(server, 'select session_id from sessions where user_id = ?', session.user.user_id);
    expect(sessions.map((s) => s.session_id)).toEqual([sha256(session.token)]);
    const [user] = queryDb<{ password_hash: string }>(server, 'select password_hash from users where email = ?', email);
    expect(user!.password_hash).toMatch(/^\$argon2id\$/);
    expect(user!.password_hash).not.toContain(password);
  });

  it('refuses a second account with the same email in any letter case with EMAIL_TAKEN', async () => {
    const { email } = await signUp(server);
    const again = await newClient(server).api('POST', '/api/v2/user/register', { email: email.toUpperCase(), password: 'another password' });
    expect(again.http).toBe(409);
    expect(again.env.code).toBe('EMAIL_TAKEN');
  });

  it('refuses a password under 8 characters and an address that is not an email', async () => {
    const short = await newClient(server).api('POST', '/api/v2/user/register', { email: 'short@example.com', password: '1234567' });
    expect(short.env).toMatchObject({ code: 'PASSWORD_TOO_SHORT', msg: 'The password must have at least 8 characters.' });
    const invalid = await newClient(server).api('POST', '/api/v2/user/register', { email: 'not-an-email', password: '12345678' });
    expect(invalid.env.code).toBe('EMAIL_INVALID');
  });

  it('signs in with the right password and refuses a wrong one with LOGIN_FAILED', async () => {
    const { email, password } = await signUp(server);
    const wrong = await login(newClient(server), email, 'not the password');
    expect(wrong.http).toBe(401);
    expect(wrong.env).toMatchObject({ code: 'LOGIN_FAILED', msg: 'Incorrect email or password.', data: null });
    const unknown = await login(newClient(server), 'nobody@example.com', password);
    expect(unknown.env.code).toBe('LOGIN_FAILED');
    const right = await login(newClient(server), email.toUpperCase(), password);
    expect(right.env.code).toBe(0);
    expect(right.env.data.user.email).toBe(email);
  });

  it('accepts the session token in the token header without any cookie', async () => {
    const { session } = await signUp(server);
    const app = newClient(server, { headers: { token: session.token }, cookies: false });
    expect((await refresh(app)).env.data.user_id).toBe(session.user.user_id);
  });

  it('accepts basic auth with email and password, and refuses a wrong password with LOGIN_FAILED', async () => {
    const { email, password, session } = await signUp(server);
    const apiClient = newClient(server, { headers: { authorization: basic(email, password) }, cookies: false });
    expect((await refresh(apiClient)).env.data.user_id).toBe(session.user.user_id);
    const wrong = newClient(server, { headers: { authorization: basic(email, 'wrong password') }, cookies: false });
    const res = await refresh(wrong);
    expect(res.http).toBe(401);
    expect(res.env.code).toBe('LOGIN_FAILED');
  });

  it('treats a basic-auth user name that is not an email as no sign-in at all', async () => {
    const client = newClient(server, { headers: { authorization: basic('pagewright-web', 'app-secret') } });
    expect((await refresh(client)).env.code).toBe(1401);
    expect((await client.api('GET', '/api/v2/user/usage')).env.code).toBe(0);
  });

  it('signs out: the token no longer works (3001) and the browser is a guest again (1401)', async () => {
    const { client, session } = await signUp(server);
    const out = await client.api('POST', '/api/v2/user/logout');
    expect(out.env.code).toBe(0);
    expect(client.cookies.has('pw_session')).toBe(false);
    expect((await refresh(client)).env.code).toBe(1401);
    const stale = newClient(server, { headers: { token: session.token }, cookies: false });
    const res = await refresh(stale);
    expect(res.http).toBe(401);
    expect(res.env.code).toBe(3001);
  });

  it('answers 1401 to a guest asking for account/refresh, and zero member flags', async () => {
    const guest = newClient(server);
    const res = await refresh(guest);
    expect(res.http).toBe(401);
    expect(res.env).toMatchObject({ code: 1401, msg: 'Please sign in to continue.' });
    expect((await guest.api<MemberType>('GET', '/api/v2/user/member-type')).env.data).toEqual({ tool_member: 0, ai_member: 0 });
  });

  it('answers an unknown token with 3001 rather than treating the caller as a guest', async () => {
    const res = await newClient(server, { headers: { token: 'made-up-token' } }).api('GET', '/api/v2/user/usage');
    expect(res.env.code).toBe(3001);
  });
});

describe('session expiry', () => {
  it('answers 1408 on any route once the session has expired, and clears the cookie', async () => {
    const { client, session } = await signUp(server);
    queryDb(server, 'update sessions set expires_at = ? where session_id = ?', Date.now() - 1000, sha256(session.token));
    const res = await refresh(client);
    expect(res.http).toBe(401);
    expect(res.env).toMatchObject({ code: 1408, msg: 'Your session has expired. Please sign in again.' });
    expect(client.cookies.has('pw_session')).toBe(false);
    const tool = await newClient(server, { headers: { token: session.token } }).api('POST', '/api/document/rotate', { file_id: 'x', angle: 90 });
    expect(tool.env.code).toBe(1408);
  });

  it('lets a browser with an expired session cookie sign in again', async () => {
    const { client, session, email, password } = await signUp(server);
    queryDb(server, 'update sessions set expires_at = ? where session_id = ?', Date.now() - 1000, sha256(session.token));
    client.cookies.set('pw_session', session.token);
    const again = await login(client, email, password);
    expect(again.env.code).toBe(0);
    expect((await refresh(client)).env.code).toBe(0);
  });

  it('slides the expiry forward when the session is used', async () => {
    const { client, session } = await signUp(server);
    const id = sha256(session.token);
    const soon = Date.now() + 60_000;
    queryDb(server, 'update sessions set expires_at = ?, last_seen_at = ? where session_id = ?', soon, Date.now() - 2 * 60 * 60 * 1000, id);
    expect((await refresh(client)).env.code).toBe(0);
    const [row] = queryDb<{ expires_at: number }>(server, 'select expires_at from sessions where session_id = ?', id);
    expect(row!.expires_at).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });

  it('answers 3011 to the sessions of a disabled account and refuses its sign-in', async () => {
    const { client, session, email, password } = await signUp(server);
    queryDb(server, 'update users set disabled_at = ? where user_id = ?', Date.now(), session.user.user_id);
    expect((await refresh(client)).env.code).toBe(3011);
    expect((await login(newClient(server), email, password)).env.code).toBe(3011);
  });
});

describe('password reset by mail', () => {
  it('answers success for an unknown email without sending any mail', async () => {
    const before = outbox(server).length;
    const res = await newClient(server).api('POST', '/api/v2/user/password/forgot', { email: 'nobody-here@example.com' });
    expect(res.env).toMatchObject({ code: 0, data: null });
    const known = await signUp(server);
    await newClient(server).api('POST', '/api/v2/user/password/forgot', { email: known.email });
    await mailTo(known.email);
    expect(outbox(server).filter((m) => m.to_address === 'nobody-here@example.com')).toEqual([]);
    expect(outbox(server).length).toBe(before + 1);
  });

  it('mails a link to /app/reset-password that sets a new password once, and signs out every session (3011)', async () => {
    const { client, email, password } = await signUp(server);
    await newClient(server).api('POST', '/api/v2/user/password/forgot', { email });
    const [mail] = await mailTo(email);
    expect(mail!.subject).toBe('Reset your Pagewright password');
    const token = resetTokenOf(mail!);
    const reset = await newClient(server).api('POST', '/api/v2/user/password/reset', { token, password: 'a brand new secret' });
    expect(reset.env.code).toBe(0);
    const again = await newClient(server).api('POST', '/api/v2/user/password/reset', { token, password: 'yet another secret' });
    expect(again.env.code).toBe('RESET_TOKEN_INVALID');
    expect((await refresh(client)).env.code).toBe(3011);
    expect((await login(newClient(server), email, password)).env.code).toBe('LOGIN_FAILED');
    expect((await login(newClient(server), email, 'a brand new secret')).env.code).toBe(0);
  });

  it('writes the reset mail in the language the request names, English when it names none', async () => {
    const { email } = await signUp(server);
    await newClient(server).api('POST', '/api/v2/user/password/forgot', { email, lang: 'de' });
    const [mail] = await mailTo(email);
    expect(mail!.subject).toBe('Pagewright-Passwort zurücksetzen');
    expect(mail!.text_body).toContain('innerhalb von 60 Minuten');
    expect(resetTokenOf(mail!)).toMatch(/^[A-Za-z0-9_-]+$/);
    const refused = await newClient(server).api('POST', '/api/v2/user/password/forgot', { email, lang: 'tlh' });
    expect(refused.env.code).toBe('INVALID_PARAMS');
  });

  it('refuses an expired reset token with RESET_TOKEN_INVALID', async () => {
    const { email, password } = await signUp(server);
    await newClient(server).api('POST', '/api/v2/user/password/forgot', { email });
    const token = resetTokenOf((await mailTo(email))[0]!);
    queryDb(server, 'update password_resets set expires_at = ? where token_hash = ?', Date.now() - 1, sha256(token));
    const res = await newClient(server).api('POST', '/api/v2/user/password/reset', { token, password: 'a brand new secret' });
    expect(res.env.code).toBe('RESET_TOKEN_INVALID');
    expect((await login(newClient(server), email, password)).env.code).toBe(0);
  });
});

describe('guest work moves to the account at sign-in', () => {
  it('gives the signed-in user the files and tasks the browser made as a guest, and takes them from the guest', async () => {
    const { email, password } = await signUp(server);
    const browser = newClient(server);
    const { file_id } = await upload(server, 'guest.pdf', makePdf(['one', 'two']), undefined, browser);
    const task = await browser.api<TaskCreated>('POST', '/api/document/rotate', { file_id, angle: 90 });
    expect(task.env.code).toBe(0);
    await waitForTask(server, task.env.data.task_id, undefined, browser);
    const guestCookie = browser.cookies.get('pw_client')!;

    const signedIn = await login(browser, email, password);
    const phone = newClient(server, { headers: { token: signedIn.env.data.token }, cookies: false });
    expect((await phone.api('GET', `/api/document/info?file_id=${file_id}`)).env.code).toBe(0);
    expect((await phone.api<TaskResult>('GET', `/api/get-task-result?task_id=${task.env.data.task_id}`)).env.data.items[0]!.is_done).toBe(true);

    const sameBrowserSignedOut = newClient(server);
    sameBrowserSignedOut.cookies.set('pw_client', guestCookie);
    expect((await sameBrowserSignedOut.api('GET', `/api/document/info?file_id=${file_id}`)).env.code).toBe(2405);
  });

  it('binds a guest task to the user with task/bind and counts it in the user’s usage', async () => {
    const browser = newClient(server);
    const { file_id } = await upload(server, 'bind.pdf', makePdf(['one']), undefined, browser);
    const { client: user } = await signUp(server);
    // Signed in elsewhere after the task started: the same browser cookie, then the session.
    const task = await browser.api<TaskCreated>('POST', '/api/document/rotate', { file_id, angle: 180 });
    user.cookies.set('pw_client', browser.cookies.get('pw_client')!);
    expect((await user.api('GET', `/api/get-task-result?task_id=${task.env.data.task_id}`)).env.code).toBe(2405);
    expect((await user.api('POST', '/api/task/bind', { task_id: task.env.data.task_id })).env.code).toBe(0);
    expect((await user.api('GET', `/api/get-task-result?task_id=${task.env.data.task_id}`)).env.code).toBe(0);
    expect((await user.api<Usage>('GET', '/api/v2/user/usage')).env.data).toEqual({ tasks_today: 1, tasks_month: 1 });
  });
});

describe('occupation survey and member calls', () => {
  it('stores a listed occupation as the career and shows it in the user info', async () => {
    const { client } = await signUp(server);
    const res = await client.api<{ career: string }>('POST', '/api/v2/user-ext-info/collect', { occupation: 'real estate' });
    expect(res.env.data.career).toBe('real estate');
    expect((await refresh(client)).env.data.career).toBe('real estate');
  });

  it('accepts an Other text of 48 characters and refuses 49, whitespace only and a bare "other"', async () => {
    const { client } = await signUp(server);
    const collect = (occupation: string) => client.api<{ career: string }>('POST', '/api/v2/user-ext-info/collect', { occupation });
    expect((await collect('x'.repeat(49))).env.code).toBe('INVALID_PARAMS');
    expect((await collect('   ')).env.code).toBe('INVALID_PARAMS');
    expect((await collect('other')).env.code).toBe('INVALID_PARAMS');
    const ok = await collect(`Lighthouse keeper ${'x'.repeat(30)}`);
    expect(ok.env.code).toBe(0);
    expect(ok.env.data.career).toHaveLength(48);
  });

  it('refuses the survey to a guest with 1401', async () => {
    expect((await newClient(server).api('POST', '/api/v2/user-ext-info/collect', { occupation: 'student' })).env.code).toBe(1401);
  });

  it('answers member tags with the career set through member-tag, and a fresh ws_token', async () => {
    const { client, session } = await signUp(server);
    const tag = await client.api('POST', '/api/v2/user/login/member-tag', { occupation: 'IT' });
    expect(tag.env.data).toEqual({ tool_member: 0, ai_member: 0, userType: 1, career: 'IT' });
    const ws = await client.api<{ ws_token: string }>('GET', '/api/v2/wstoken/latest');
    expect(ws.env.data.ws_token.startsWith(`${session.user.ws_id}.`)).toBe(true);
  });

  it('gives a guest a client_sign made from its own client id', async () => {
    const guest = newClient(server);
    const res = await guest.api<{ client_sign: string }>('GET', '/api/v2/user/client-sign');
    expect(res.env.data.client_sign.split('.')[0]).toBe(guest.cookies.get('pw_client'));
    const other = await newClient(server).api<{ client_sign: string }>('GET', '/api/v2/user/client-sign');
    expect(other.env.data.client_sign).not.toBe(res.env.data.client_sign);
  });
});
