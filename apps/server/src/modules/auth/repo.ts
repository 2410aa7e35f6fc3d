import type { Db } from '../../db/connection.js';
import type { SessionsTable, SignUpsTable, UsersTable } from '../../db/schema.js';
import type { CallerClient, FailureCount } from './throttle.js';

export type UserRow = UsersTable;
export type SessionRow = SessionsTable;
export type SignUpRow = SignUpsTable;

/** A session with the account it belongs to, as one read per request. */
export type SessionWithUser = SessionRow & Omit<UserRow, 'created_at' | 'user_id'>;

export class AuthRepo {
  constructor(private readonly db: Db) {}

  async insertUser(row: UserRow): Promise<void> {
    await this.db.insertInto('users').values(row).execute();
  }

  async userById(userId: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async userByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: passwordHash }).where('user_id', '=', userId).execute();
  }

  async setCareer(userId: string, career: string): Promise<void> {
    await this.db.updateTable('users').set({ career }).where('user_id', '=', userId).execute();
  }

  async insertSession(row: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  async sessionWithUser(sessionId: string): Promise<SessionWithUser | undefined> {
    return this.db.selectFrom('sessions').innerJoin('users', 'users.user_id', 'sessions.user_id')
      .selectAll('sessions')
      .select([
        'users.ws_id', 'users.email', 'users.password_hash', 'users.first_name', 'users.last_name', 'users.avatar',
        'users.career', 'users.pay', 'users.ai', 'users.pricing_group', 'users.disabled_at',
      ])
      .where('sessions.session_id', '=', sessionId).executeTakeFirst();
  }

  async slideSession(sessionId: string, now: number, expiresAt: number): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: now, expires_at: expiresAt })
      .where('session_id', '=', sessionId).execute();
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('session_id', '=', sessionId).execute();
  }

  /** Ends every live session of a user; they answer 3011 from then on. */
  async revokeSessions(userId: string, now: number): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: now })
      .where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  }

  async insertReset(row: { token_hash: string; user_id: string; created_at: number; expires_at: number }): Promise<void> {
    await this.db.insertInto('password_resets').values({ ...row, used: 0 }).execute();
  }

  async countResetsSince(userId: string, since: number): Promise<number> {
    const r = await this.db.selectFrom('password_resets').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId).where('created_at', '>', since).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /**
   * Marks an unused, unexpired reset token used and returns its user; null when there is none.
   * The update is the check, so two requests with one token cannot both succeed.
   */
  async consumeReset(tokenHash: string, now: number): Promise<string | null> {
    const row = await this.db.updateTable('password_resets').set({ used: 1 })
      .where('token_hash', '=', tokenHash).where('used', '=', 0).where('expires_at', '>', now)
      .returning('user_id').executeTakeFirst();
    return row?.user_id ?? null;
  }

  async useAllResets(userId: string): Promise<void> {
    await this.db.updateTable('password_resets').set({ used: 1 }).where('user_id', '=', userId).execute();
  }

  async addLoginFailure(email: string, client: CallerClient, now: number): Promise<void> {
    await this.db.insertInto('login_failures').values({ email, failed_at: now, client_ip: client.ip, client_id: client.clientId }).execute();
  }

  /** Failed sign-ins since `since` for an email, for a client (by address or client id), or for both together. */
  async loginFailuresSince(of: { email?: string; client?: CallerClient }, since: number): Promise<FailureCount> {
    let query = this.db.selectFrom('login_failures')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('failed_at').as('last')])
      .where('failed_at', '>', since);
    if (of.email !== undefined) query = query.where('email', '=', of.email);
    const client = of.client;
    if (client) query = query.where((eb) => eb.or([eb('client_ip', '=', client.ip), eb('client_id', '=', client.clientId)]));
    const r = await query.executeTakeFirstOrThrow();
    return { count: Number(r.n), last: Number(r.last ?? 0) };
  }

  /** Forgets a client's failures for an email once it has signed in; other clients' stay. */
  async clearLoginFailures(email: string, client: CallerClient): Promise<void> {
    await this.db.deleteFrom('login_failures').where('email', '=', email)
      .where((eb) => eb.or([eb('client_ip', '=', client.ip), eb('client_id', '=', client.clientId)])).execute();
  }

  async insertSignUp(row: SignUpRow): Promise<void> {
    await this.db.insertInto('sign_ups').values(row).execute();
  }

  /** A client's sign-ups since `since` (by address or client id) and the time of the first. */
  async signUpsSince(client: CallerClient, since: number): Promise<{ count: number; first: number }> {
    const r = await this.db.selectFrom('sign_ups')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('first')])
      .where('created_at', '>', since)
      .where((eb) => eb.or([eb('client_ip', '=', client.ip), eb('client_id', '=', client.clientId)]))
      .executeTakeFirstOrThrow();
    return { count: Number(r.n), first: Number(r.first ?? 0) };
  }

  async deleteSignUp(signUpId: string): Promise<void> {
    await this.db.deleteFrom('sign_ups').where('sign_up_id', '=', signUpId).execute();
  }

  /** Drops what can no longer matter: long-dead sessions, old reset tokens, failures and sign-ups. */
  async sweep(before: { sessions: number; resets: number; failures: number; signUps: number }): Promise<number> {
    const sessions = await this.db.deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', before.sessions), eb('revoked_at', '<', before.sessions)])).executeTakeFirst();
    const resets = await this.db.deleteFrom('password_resets').where('expires_at', '<', before.resets).executeTakeFirst();
    const failures = await this.db.deleteFrom('login_failures').where('failed_at', '<', before.failures).executeTakeFirst();
    const signUps = await this.db.deleteFrom('sign_ups').where('created_at', '<', before.signUps).executeTakeFirst();
    return Number(sessions.numDeletedRows) + Number(resets.numDeletedRows) + Number(failures.numDeletedRows) + Number(signUps.numDeletedRows);
  }
}
