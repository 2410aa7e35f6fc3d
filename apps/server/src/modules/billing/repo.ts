import { sql } from 'kysely';
import type { PricingGroup } from '@pagewright/contracts';
import { dialectOf, type Db } from '../../db/connection.js';
import type { PurchaseLogsTable, SubscriptionsTable } from '../../db/schema.js';

export type SubscriptionRow = SubscriptionsTable;

export interface BillingUser {
  user_id: string;
  email: string;
  pay: number;
  ai: number;
  pricing_group: PricingGroup;
}

/** How taking one use of the day went: taken, or refused by the daily or the batch cap. */
export type DailyUseOutcome = 'taken' | 'daily' | 'batch';

export class BillingRepo {
  constructor(private readonly db: Db) {}

  /** Size and pages of uploaded files, whoever owns them (the tools check ownership). */
  async fileFacts(fileIds: readonly string[]): Promise<{ file_id: string; filename: string; file_size: number; total_page: number | null }[]> {
    if (fileIds.length === 0) return [];
    return this.db.selectFrom('files').select(['file_id', 'filename', 'file_size', 'total_page']).where('file_id', 'in', [...fileIds]).execute();
  }

  async countDailyUses(owner: string, day: string): Promise<number> {
    const r = await this.db.selectFrom('daily_uses').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('owner', '=', owner).where('day', '=', day).executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /**
   * Counts a task of batch `useKey` against the owner's day. A new key takes a use only while
   * fewer than `allowance` were taken that day; a known key adds a task while the batch has
   * fewer than `batchMax`. Each step is one statement, so parallel requests cannot overspend;
   * on PostgreSQL, whose statements do not see each other's uncommitted rows, the owner's day is
   * also locked for the length of the transaction.
   */
  async takeDailyUse(owner: string, useKey: string, day: string, allowance: number | null, batchMax: number | null, now: number): Promise<DailyUseOutcome> {
    return this.db.transaction().execute(async (trx) => {
      if (dialectOf(this.db) === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`daily_uses:${owner}:${day}`}))`.execute(trx);
      const inserted = allowance === null
        ? await sql`insert into daily_uses (owner, use_key, day, tasks, created_at)
            values (${owner}, ${useKey}, ${day}, 1, ${now}) on conflict do nothing`.execute(trx)
        : await sql`insert into daily_uses (owner, use_key, day, tasks, created_at)
            select ${owner}, ${useKey}, ${day}, 1, ${now}
            where (select count(*) from daily_uses where owner = ${owner} and day = ${day}) < ${allowance}
            on conflict do nothing`.execute(trx);
      if (Number(inserted.numAffectedRows ?? 0n) === 1) return 'taken';
      let add = trx.updateTable('daily_uses').set({ tasks: sql`tasks + 1` }).where('owner', '=', owner).where('use_key', '=', useKey);
      if (batchMax !== null) add = add.where('tasks', '<', batchMax);
      if (Number((await add.executeTakeFirst()).numUpdatedRows) === 1) return 'taken';
      const known = await trx.selectFrom('daily_uses').select('use_key')
        .where('owner', '=', owner).where('use_key', '=', useKey).executeTakeFirst();
      return known ? 'batch' : 'daily';
    });
  }

  async equityUsed(owner: string, kind: string, period: string): Promise<number> {
    const row = await this.db.selectFrom('equity_uses').select('used')
      .where('owner', '=', owner).where('kind', '=', kind).where('period', '=', period).executeTakeFirst();
    return row?.used ?? 0;
  }

  /** Takes one use of `allowance` in one statement; false when none is left. */
  async consumeEquity(owner: string, kind: string, period: string, allowance: number): Promise<boolean> {
    const r = await sql`insert into equity_uses (owner, kind, period, used)
        select ${owner}, ${kind}, ${period}, 1 where ${allowance} > 0
        on conflict (owner, kind, period) do update set used = equity_uses.used + 1 where equity_uses.used < ${allowance}`.execute(this.db);
    return Number(r.numAffectedRows ?? 0n) === 1;
  }

  async userById(userId: string): Promise<BillingUser | undefined> {
    return this.db.selectFrom('users').select(['user_id', 'email', 'pay', 'ai', 'pricing_group'])
      .where('user_id', '=', userId).executeTakeFirst();
  }

  async userByEmail(email: string): Promise<BillingUser | undefined> {
    return this.db.selectFrom('users').select(['user_id', 'email', 'pay', 'ai', 'pricing_group'])
      .where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  }

  async setUserFlags(userId: string, flags: { pay: boolean; ai: boolean }): Promise<void> {
    await this.db.updateTable('users').set({ pay: flags.pay ? 1 : 0, ai: flags.ai ? 1 : 0 }).where('user_id', '=', userId).execute();
  }

  async setPricingGroup(userId: string, group: PricingGroup): Promise<void> {
    await this.db.updateTable('users').set({ pricing_group: group }).where('user_id', '=', userId).execute();
  }

  async insertSubscription(row: SubscriptionRow): Promise<void> {
    await this.db.insertInto('subscriptions').values(row).execute();
  }

  async subscription(subscriptionId: string): Promise<SubscriptionRow | undefined> {
    return this.db.selectFrom('subscriptions').selectAll().where('subscription_id', '=', subscriptionId).executeTakeFirst();
  }

  async subscriptionByProviderRef(provider: SubscriptionRow['provider'], ref: string): Promise<SubscriptionRow | undefined> {
    return this.db.selectFrom('subscriptions').selectAll()
      .where('provider', '=', provider).where('provider_ref', '=', ref).executeTakeFirst();
  }

  async subscriptionsOf(userId: string): Promise<SubscriptionRow[]> {
    return this.db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId)
      .orderBy('created_at', 'desc').execute();
  }

  async setProviderRef(subscriptionId: string, ref: string): Promise<void> {
    await this.db.updateTable('subscriptions').set({ provider_ref: ref }).where('subscription_id', '=', subscriptionId).execute();
  }

  /** Activates a pending subscription once; false when it was not pending. */
  async activate(subscriptionId: string, startedAt: number, expiresAt: number | null, providerRef: string | null): Promise<boolean> {
    const r = await this.db.updateTable('subscriptions')
      .set({ status: 'active', started_at: startedAt, expires_at: expiresAt, updated_at: startedAt, ...(providerRef ? { provider_ref: providerRef } : {}) })
      .where('subscription_id', '=', subscriptionId).where('status', '=', 'pending').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async setStatus(subscriptionId: string, status: SubscriptionRow['status'], expiresAt: number | null, now: number): Promise<void> {
    await this.db.updateTable('subscriptions').set({ status, expires_at: expiresAt, updated_at: now })
      .where('subscription_id', '=', subscriptionId).execute();
  }

  /** Cancels every active subscription of a user; returns how many. */
  async cancelAll(userId: string, now: number): Promise<number> {
    const r = await this.db.updateTable('subscriptions').set({ status: 'canceled', updated_at: now })
      .where('user_id', '=', userId).where('status', '=', 'active').executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  /** Marks active subscriptions past their end expired; returns the users concerned. */
  async expireDue(now: number): Promise<string[]> {
    const due = await this.db.selectFrom('subscriptions').select('user_id').distinct()
      .where('status', '=', 'active').where('expires_at', 'is not', null).where('expires_at', '<=', now).execute();
    if (due.length === 0) return [];
    await this.db.updateTable('subscriptions').set({ status: 'expired', updated_at: now })
      .where('status', '=', 'active').where('expires_at', 'is not', null).where('expires_at', '<=', now).execute();
    return due.map((d) => d.user_id);
  }

  async hasTrial(userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('subscriptions').select('subscription_id')
      .where('user_id', '=', userId).where('trial', '=', 1).where('status', '<>', 'pending').executeTakeFirst();
    return Boolean(row);
  }

  async insertPurchaseLog(row: Omit<PurchaseLogsTable, 'log_id'>): Promise<void> {
    await this.db.insertInto('purchase_logs').values(row).execute();
  }
}
