import type { Db } from '../../db/connection.js';
import type { SessionsTable, UsersTable } from '../../db/schema.js';

export type UserRow = UsersTable;
export type SessionRow = SessionsTable;

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

  async addLoginFailure(email: string, now: number): Promise<void> {
    await this.db.insertInto('login_failures').values({ email, failed_at: now }).execute();
  }

  async countLoginFailuresSince(email: string, since: number): Promise<number> {
    const r = await this.db.selectFrom('login_failures').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', '=', email).where('failed_at', '>', since).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  async clearLoginFailures(email: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('email', '=', email).execute();
  }

  /** Drops what can no longer matter: long-dead sessions, old reset tokens and failures. */
  async sweep(before: { sessions: number; resets: number; failures: number }): Promise<number> {
    const sessions = await this.db.deleteFrom('sessions')
      .where((eb) => eb.or([eb('expires_at', '<', before.sessions), eb('revoked_at', '<', before.sessions)])).executeTakeFirst();
    const resets = await this.db.deleteFrom('password_resets').where('expires_at', '<', before.resets).executeTakeFirst();
    const failures = await this.db.deleteFrom('login_failures').where('failed_at', '<', before.failures).executeTakeFirst();
    return Number(sessions.numDeletedRows) + Number(resets.numDeletedRows) + Number(failures.numDeletedRows);
  }
}
