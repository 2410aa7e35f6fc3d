/**
 * Plans a user holds: subscriptions are granted by a provider's checkout or the administrator,
 * and the active ones decide users.pay and users.ai (SPEC §1, §6). The trial is once per user.
 */
import { randomUUID } from 'node:crypto';
import {
  CatalogueError, defaultCycle, plans, TRIAL_DAYS, type BillingCycle, type CheckoutPrice, type PlanName, type SubscriptionResponse,
} from '@pagewright/contracts';
import type { BillingRepo, SubscriptionRow } from './repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export const newId = (): string => randomUUID().replace(/-/g, '');

export class PlansService {
  constructor(private readonly repo: BillingRepo) {}

  /** Sets pay and ai from the user's active, unexpired subscriptions. */
  async refreshFlags(userId: string, now = Date.now()): Promise<{ pay: boolean; ai: boolean }> {
    const flags = { pay: false, ai: false };
    for (const row of await this.repo.subscriptionsOf(userId)) {
      if (row.status !== 'active' || (row.expires_at !== null && row.expires_at <= now)) continue;
      const grants = plans[row.plan as PlanName]?.grants;
      flags.pay ||= Boolean(grants?.pay);
      flags.ai ||= Boolean(grants?.ai);
    }
    await this.repo.setUserFlags(userId, flags);
    return flags;
  }

  async trialAvailable(userId: string): Promise<boolean> {
    return !(await this.repo.hasTrial(userId));
  }

  /** A checkout waiting for payment; the trial plans are refused to a user who had the trial. */
  async startCheckout(
    userId: string, plan: PlanName, price: CheckoutPrice, provider: 'local' | 'stripe', now = Date.now(),
  ): Promise<SubscriptionRow> {
    const trial = plans[plan].trialDays !== undefined;
    if (trial && !(await this.trialAvailable(userId))) throw new CatalogueError('TRIAL_USED');
    const row: SubscriptionRow = {
      subscription_id: newId(),
      user_id: userId,
      plan,
      status: 'pending',
      provider,
      provider_ref: null,
      cycle: price.cycle,
      amount: price.amount,
      currency: price.currency,
      trial: trial ? 1 : 0,
      started_at: null,
      expires_at: null,
      created_at: now,
      updated_at: now,
    };
    await this.repo.insertSubscription(row);
    return row;
  }

  /**
   * Turns a paid checkout into an active plan: the trial plans for their 7 days (the provider
   * renews them at the annual price), the others for one period of their cycle.
   */
  async activate(subscriptionId: string, providerRef: string | null, now = Date.now()): Promise<SubscriptionRow> {
    const row = await this.repo.subscription(subscriptionId);
    if (!row) throw new CatalogueError(2405, `no checkout ${subscriptionId}`);
    const expiresAt = now + periodDays(row) * DAY_MS;
    try {
      await this.repo.activate(subscriptionId, now, expiresAt, providerRef);
    } catch (err) {
      // The one-trial index: another trial of this user became active first.
      if (/UNIQUE constraint failed/.test(String(err))) throw new CatalogueError('TRIAL_USED');
      throw err;
    }
    await this.refreshFlags(row.user_id, now);
    const updated = await this.repo.subscription(subscriptionId);
    return updated!;
  }

  /** The administrator's grant: active at once, for `days` or without end. */
  async grant(userId: string, plan: PlanName, days: number | null, now = Date.now()): Promise<SubscriptionRow> {
    const cycle = defaultCycle(plan);
    const row: SubscriptionRow = {
      subscription_id: newId(),
      user_id: userId,
      plan,
      status: 'active',
      provider: 'admin',
      provider_ref: null,
      cycle,
      amount: 0,
      currency: '',
      trial: 0,
      started_at: now,
      expires_at: days === null ? null : now + days * DAY_MS,
      created_at: now,
      updated_at: now,
    };
    await this.repo.insertSubscription(row);
    await this.refreshFlags(userId, now);
    return row;
  }

  /** Ends every active plan of the user at once. */
  async revokeAll(userId: string, now = Date.now()): Promise<number> {
    const count = await this.repo.cancelAll(userId, now);
    await this.refreshFlags(userId, now);
    return count;
  }

  /** A provider's news about one of its subscriptions: renewed until `expiresAt`, or ended. */
  async providerUpdate(row: SubscriptionRow, update: { active: boolean; expiresAt: number | null }, now = Date.now()): Promise<void> {
    await this.repo.setStatus(row.subscription_id, update.active ? 'active' : 'canceled', update.expiresAt ?? row.expires_at, now);
    await this.refreshFlags(row.user_id, now);
  }

  /** Ends plans whose period is over; run by the server's sweeper. */
  async sweepExpired(now = Date.now()): Promise<number> {
    const users = await this.repo.expireDue(now);
    for (const userId of users) await this.refreshFlags(userId, now);
    return users.length;
  }

  async summary(userId: string, now = Date.now()): Promise<SubscriptionResponse> {
    const rows = await this.repo.subscriptionsOf(userId);
    const live = rows.filter((r) => r.status !== 'pending');
    const active = live.filter((r) => r.status === 'active' && (r.expires_at === null || r.expires_at > now));
    return {
      pay: active.some((r) => plans[r.plan as PlanName]?.grants.pay),
      ai: active.some((r) => plans[r.plan as PlanName]?.grants.ai),
      trial_available: !live.some((r) => r.trial === 1),
      subscriptions: live.map((r) => ({
        plan: r.plan as PlanName,
        status: r.status,
        provider: r.provider,
        trial: r.trial === 1,
        started_at: r.started_at,
        expires_at: r.expires_at,
      })),
    };
  }
}

function periodDays(row: SubscriptionRow): number {
  if (row.trial === 1) return TRIAL_DAYS;
  const cycles = plans[row.plan as PlanName].cycles;
  return cycles[row.cycle as BillingCycle] ?? Object.values(cycles)[0] ?? 31;
}
