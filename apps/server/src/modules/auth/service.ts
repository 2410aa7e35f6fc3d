import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  API_PREFIX, accountRoutes, CatalogueError, passwordResetMail, type MailLanguage, passwordMinLength, RESET_PASSWORD_PAGE, SESSION_COOKIE, SESSION_HEADER,
  userTypeOf, type MemberType, type PricingGroup, type SignInResponse, type UserInfo,
} from '@pagewright/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Mailer } from '../../adapters/mail/mailer.js';
import { TooManyAttempts } from '../../http/envelope.js';
import { cookieValue, type Identity, type SessionUser } from '../../http/identity.js';
import { overTls } from '../../http/securityHeaders.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { AuthRepo, UserRow } from './repo.js';
import type { IdentitySigner } from './signedIds.js';
import {
  ACCOUNT_FREE_FAILURES, callerClient, CLIENT_FREE_FAILURES, LOGIN_WINDOW_MS, SIGN_UP_WINDOW_MS, waitAfter, waitSeconds, type CallerClient,
} from './throttle.js';

/** Moves what a guest made (files, tasks, signatures) to the account they sign in to. */
export type OwnerTransfer = (fromOwner: string, toOwner: string) => Promise<void>;

export interface AuthOptions {
  sessionTtlMs: number;
  /** Origin of the site, for links in mails; https makes the session cookie Secure. */
  publicUrl: string;
  /** Sign-ups one client may make per hour (REGISTER_PER_CLIENT_PER_HOUR). */
  registerPerClientPerHour: number;
}

const RESET_TTL_MS = 60 * 60_000;
/** Reset mails per account per hour: more are silently dropped, so nobody can flood an inbox. */
const RESET_MAX_PER_HOUR = 3;
/** Dead sessions are kept a while so that their token still answers 1408 or 3011, not 3001. */
const DEAD_SESSION_KEEP_MS = 30 * 24 * 60 * 60_000;

/**
 * Routes where a token that no longer works is ignored (the caller is a guest) instead of
 * refused: signing in, out and up must work with a stale cookie still in the browser.
 */
const SESSION_OPTIONAL_URLS: ReadonlySet<string> = new Set(
  [accountRoutes.register, accountRoutes.login, accountRoutes.logout, accountRoutes.passwordForgot, accountRoutes.passwordReset]
    .map((r) => API_PREFIX + r.path),
);

const emailFormat = z.email();

/**
 * Accounts of SPEC §4 and §7: sign up, sign in (email and password, argon2id), sessions kept on
 * the server with a sliding expiry, sign out, password reset by mail, and the user resolver
 * that turns a request's token, cookie or basic-auth header into its user.
 */
/** What other modules may know of an account. */
export interface OwnerAccount {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  pay: boolean;
}

export class AuthService {
  private readonly pendingMail = new Set<Promise<void>>();

  constructor(
    private readonly repo: AuthRepo,
    private readonly mailer: Mailer,
    private readonly signer: IdentitySigner,
    private readonly transfers: OwnerTransfer[],
    private readonly options: AuthOptions,
    private readonly log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
  ) {}

  /**
   * The account behind an owner id (`u:<user_id>`), as other modules need it: Premium, names
   * and email. Null for a guest owner or an account that no longer exists.
   */
  async accountOf(owner: string): Promise<OwnerAccount | null> {
    if (!owner.startsWith('u:')) return null;
    const user = await this.repo.userById(owner.slice(2));
    if (!user || user.disabled_at !== null) return null;
    return { user_id: user.user_id, email: user.email, first_name: user.first_name, last_name: user.last_name, pay: user.pay === 1 };
  }

  async register(
    identity: Identity, input: { email: string; password: string; first_name: string; last_name: string }, reply: FastifyReply,
  ): Promise<SignInResponse> {
    const email = normalizeEmail(input.email);
    checkPassword(input.password);
    await this.admitSignUp(callerClient(reply.request));
    if (await this.repo.userByEmail(email)) throw new CatalogueError('EMAIL_TAKEN');
    const now = Date.now();
    const user: UserRow = {
      user_id: newId(),
      ws_id: newId(),
      email,
      password_hash: await hashPassword(input.password),
      first_name: input.first_name,
      last_name: input.last_name,
      avatar: '',
      career: null,
      pay: 0,
      ai: 0,
      // A guest keeps the pricing group they were shown before signing up.
      pricing_group: identity.group,
      disabled_at: null,
      created_at: now,
    };
    try {
      await this.repo.insertUser(user);
    } catch (err) {
      // Two sign-ups with one email at once: the unique index decides.
      if (/UNIQUE/i.test(String(err))) throw new CatalogueError('EMAIL_TAKEN');
      throw err;
    }
    this.log.info({ user_id: user.user_id }, 'account created');
    return this.startSession(identity, user, reply);
  }

  async login(identity: Identity, input: { email: string; password: string }, reply: FastifyReply): Promise<SignInResponse> {
    const user = await this.checkCredentials(input.email, input.password, callerClient(reply.request));
    return this.startSession(identity, user, reply);
  }

  async logout(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = sessionToken(request);
    if (token) await this.repo.deleteSession(sha256(token));
    this.clearCookie(request, reply);
  }

  /** Mails a reset link when the account exists; answers the same either way (no enumeration). */
  async forgotPassword(emailInput: string, language: MailLanguage = 'en'): Promise<void> {
    const email = normalizeEmail(emailInput);
    const user = await this.repo.userByEmail(email);
    if (!user || user.disabled_at !== null) return;
    const now = Date.now();
    if ((await this.repo.countResetsSince(user.user_id, now - 60 * 60_000)) >= RESET_MAX_PER_HOUR) {
      this.log.info({ user_id: user.user_id }, 'password reset mail not sent: hourly limit');
      return;
    }
    const token = randomBytes(32).toString('base64url');
    await this.repo.insertReset({ token_hash: sha256(token), user_id: user.user_id, created_at: now, expires_at: now + RESET_TTL_MS });
    const link = `${this.options.publicUrl}${RESET_PASSWORD_PAGE}?token=${token}`;
    // Sent after the answer, so the answer's timing does not tell whether the account exists.
    const sending = this.mailer.send({
      to: user.email,
      ...passwordResetMail(language, user.first_name, link),
    }).catch((err: unknown) => this.log.error({ err, user_id: user.user_id }, 'password reset mail failed'));
    this.pendingMail.add(sending);
    void sending.finally(() => this.pendingMail.delete(sending));
  }

  /** Sets a new password with a mailed token (once, within the hour) and ends every session. */
  async resetPassword(token: string, password: string): Promise<void> {
    checkPassword(password);
    const now = Date.now();
    const userId = await this.repo.consumeReset(sha256(token), now);
    if (!userId) throw new CatalogueError('RESET_TOKEN_INVALID');
    await this.repo.setPasswordHash(userId, await hashPassword(password));
    await this.repo.useAllResets(userId);
    await this.repo.revokeSessions(userId, now);
    this.log.info({ user_id: userId }, 'password reset; sessions ended');
  }

  /** The user of a request from its token header, session cookie or basic-auth header. */
  async resolveUser(request: FastifyRequest, reply: FastifyReply): Promise<SessionUser | null> {
    const optional = SESSION_OPTIONAL_URLS.has(request.routeOptions.url ?? '');
    const token = sessionToken(request);
    if (token) return this.userOfToken(token, request, reply, optional);
    const basic = basicCredentials(request.headers.authorization);
    if (basic && !optional) {
      const user = await this.checkCredentials(basic.email, basic.password, callerClient(request));
      return sessionUser(user, '');
    }
    return null;
  }

  userInfo(user: SessionUser): UserInfo {
    const flags = { pay: user.pay ? 1 : 0, ai: user.ai ? 1 : 0 };
    return {
      user_id: user.user_id,
      ws_id: user.ws_id,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      avatar: user.avatar,
      ...flags,
      career: user.career,
      ws_token: this.signer.wsToken(user.ws_id),
      userType: userTypeOf(flags),
    };
  }

  memberType(user: SessionUser | null): MemberType {
    return { tool_member: user?.pay ? 1 : 0, ai_member: user?.ai ? 1 : 0 };
  }

  wsToken(user: SessionUser): string {
    return this.signer.wsToken(user.ws_id);
  }

  clientSign(identity: Identity): string {
    return this.signer.clientSign(identity.clientId);
  }

  /** Stores the occupation survey's answer (already validated by the request schema). */
  async setCareer(user: SessionUser, occupation: string): Promise<string> {
    const career = occupation.trim();
    await this.repo.setCareer(user.user_id, career);
    return career;
  }

  async sweepExpired(now = Date.now()): Promise<number> {
    return this.repo.sweep({
      sessions: now - DEAD_SESSION_KEEP_MS, resets: now - RESET_TTL_MS, failures: now - LOGIN_WINDOW_MS, signUps: now - SIGN_UP_WINDOW_MS,
    });
  }

  /** Waits for mail still being sent. */
  async close(): Promise<void> {
    await Promise.all([...this.pendingMail]);
  }

  /** The account for an email and password; a client that keeps failing waits first (LOGIN_THROTTLED). */
  private async checkCredentials(emailInput: string, password: string, client: CallerClient): Promise<UserRow> {
    const email = emailInput.trim().toLowerCase();
    const now = Date.now();
    const wait = await this.loginWait(email, client, now);
    if (wait > 0) throw new TooManyAttempts('LOGIN_THROTTLED', waitSeconds(wait));
    const user = await this.repo.userByEmail(email);
    if (!(await verifyPassword(user?.password_hash, password)) || !user) {
      await this.repo.addLoginFailure(email, client, now);
      throw new CatalogueError('LOGIN_FAILED');
    }
    if (user.disabled_at !== null) throw new CatalogueError(3011, 'the account is disabled');
    await this.repo.clearLoginFailures(email, client);
    return user;
  }

  /**
   * How long a client must wait before its next try at an email: its own failures over every
   * email count, and so do the email's failures, but these only for a client that has itself
   * failed on the email. The owner signing in from elsewhere is not made to wait for an
   * attacker, so nobody can lock an account by failing on it.
   */
  private async loginWait(email: string, client: CallerClient, now: number): Promise<number> {
    const since = now - LOGIN_WINDOW_MS;
    const ofClient = waitAfter(await this.repo.loginFailuresSince({ client }, since), CLIENT_FREE_FAILURES, now);
    if (ofClient > 0) return ofClient;
    const ofAccount = waitAfter(await this.repo.loginFailuresSince({ email }, since), ACCOUNT_FREE_FAILURES, now);
    if (ofAccount === 0) return 0;
    return (await this.repo.loginFailuresSince({ email, client }, since)).count > 0 ? ofAccount : 0;
  }

  /**
   * Counts a sign-up against its client's hourly limit, or refuses it (REGISTER_THROTTLED).
   * Recorded before counted, so a burst of simultaneous sign-ups cannot pass the limit together.
   */
  private async admitSignUp(client: CallerClient): Promise<void> {
    const now = Date.now();
    const signUpId = newId();
    await this.repo.insertSignUp({ sign_up_id: signUpId, client_ip: client.ip, client_id: client.clientId, created_at: now });
    const { count, first } = await this.repo.signUpsSince(client, now - SIGN_UP_WINDOW_MS);
    if (count <= this.options.registerPerClientPerHour) return;
    await this.repo.deleteSignUp(signUpId);
    throw new TooManyAttempts('REGISTER_THROTTLED', waitSeconds(first + SIGN_UP_WINDOW_MS - now));
  }

  private async startSession(identity: Identity, user: UserRow, reply: FastifyReply): Promise<SignInResponse> {
    const now = Date.now();
    // Signing in over another session replaces it.
    if (identity.user?.session_id) await this.repo.deleteSession(identity.user.session_id);
    const token = randomBytes(32).toString('base64url');
    const sessionId = sha256(token);
    const expiresAt = now + this.options.sessionTtlMs;
    await this.repo.insertSession({ session_id: sessionId, user_id: user.user_id, created_at: now, expires_at: expiresAt, last_seen_at: now, revoked_at: null });
    const guest = `c:${identity.clientId}`;
    for (const transfer of this.transfers) await transfer(guest, `u:${user.user_id}`);
    this.setCookie(reply, token, this.options.sessionTtlMs);
    return { token, expires_at: expiresAt, user: this.userInfo(sessionUser(user, sessionId)) };
  }

  private async userOfToken(token: string, request: FastifyRequest, reply: FastifyReply, optional: boolean): Promise<SessionUser | null> {
    const now = Date.now();
    const sessionId = sha256(token);
    const row = await this.repo.sessionWithUser(sessionId);
    let refused: 1408 | 3001 | 3011 | null = null;
    if (!row) refused = 3001;
    else if (row.revoked_at !== null || row.disabled_at !== null) refused = 3011;
    else if (row.expires_at <= now) refused = 1408;
    if (refused !== null || !row) {
      this.clearCookie(request, reply);
      if (optional) return null;
      throw new CatalogueError(refused ?? 3001);
    }
    const ttl = this.options.sessionTtlMs;
    // The expiry slides with use; written at most every tenth of the lifetime (an hour at most).
    if (now - row.last_seen_at >= Math.min(ttl / 10, 60 * 60_000)) {
      await this.repo.slideSession(sessionId, now, now + ttl);
      if (cookieValue(request.headers.cookie, SESSION_COOKIE) === token) this.setCookie(reply, token, ttl);
    }
    return sessionUser({ ...row }, sessionId);
  }

  private setCookie(reply: FastifyReply, token: string, maxAgeMs: number): void {
    const secure = overTls(reply.request, this.options.publicUrl) ? '; Secure' : '';
    void reply.header('Set-Cookie', `${SESSION_COOKIE}=${token}; Path=/api; HttpOnly; SameSite=Lax; Max-Age=${Math.floor(maxAgeMs / 1000)}${secure}`);
  }

  private clearCookie(request: FastifyRequest, reply: FastifyReply): void {
    if (cookieValue(request.headers.cookie, SESSION_COOKIE) === undefined) return;
    const secure = overTls(request, this.options.publicUrl) ? '; Secure' : '';
    void reply.header('Set-Cookie', `${SESSION_COOKIE}=; Path=/api; HttpOnly; SameSite=Lax; Max-Age=0${secure}`);
  }
}

/** The session token of a request: the token header first (the web app), then the cookie. */
function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers[SESSION_HEADER];
  if (typeof header === 'string' && header !== '') return header;
  const cookie = cookieValue(request.headers.cookie, SESSION_COOKIE);
  return cookie || undefined;
}

/**
 * An account's email and password from `Authorization: Basic`. A user name that is not an
 * email is some client's own credential (SPEC §7 has every request carry a basic-auth header),
 * not a sign-in, and is left alone.
 */
function basicCredentials(header: string | undefined): { email: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const email = decoded.slice(0, Math.max(colon, 0));
  if (!email.includes('@')) return null;
  return { email, password: decoded.slice(colon + 1) };
}

function sessionUser(
  row: Pick<UserRow, 'user_id' | 'ws_id' | 'email' | 'first_name' | 'last_name' | 'avatar' | 'pay' | 'ai' | 'career'> & { pricing_group: PricingGroup },
  sessionId: string,
): SessionUser {
  return {
    user_id: row.user_id,
    ws_id: row.ws_id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    avatar: row.avatar,
    pay: row.pay === 1,
    ai: row.ai === 1,
    career: row.career,
    pricing_group: row.pricing_group,
    session_id: sessionId,
  };
}

function normalizeEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (!emailFormat.safeParse(normalized).success) throw new CatalogueError('EMAIL_INVALID');
  return normalized;
}

function checkPassword(password: string): void {
  if (password.length < passwordMinLength) throw new CatalogueError('PASSWORD_TOO_SHORT');
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function newId(): string {
  return randomUUID().replace(/-/g, '');
}

/** For routes that need a signed-in user: the user, or 1401. */
export function requireUser(identity: Identity): SessionUser {
  if (!identity.user) throw new CatalogueError(1401);
  return identity.user;
}
