/**
 * Plans and payments over real HTTP: the demo checkout, the trial once per user, the
 * administrator's grant and revoke, the Stripe webhook's signature check, prices per language
 * and pricing group, the experiment calls and the purchase tracking payload.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type {
  CheckoutResponse, DemoCheckoutInfo, ExperimentParams, MemberType, PricesResponse, SubscriptionResponse, TaskCreated,
} from '@pagewright/contracts';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseEnv, newClient, queryDb, removeDir, signUp, startServer, upload, type Client, type TestServer, useServer } from './harness.js';
import { makePdf } from './pdfFixtures.js';

const adminMain = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/cli/admin.js');
const MB = 1024 * 1024;

const server = useServer({ env: { PAYWALLS: 'on' } });

async function user(group: 'control' | 'experiment', on = server): Promise<{ client: Client; email: string; userId: string }> {
  const { client, email } = await signUp(on);
  queryDb(on, 'update users set pricing_group = ? where email = ?', group, email);
  const [row] = queryDb<{ user_id: string }>(on, 'select user_id from users where email = ?', email);
  return { client, email, userId: row!.user_id };
}

async function admin(...args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [adminMain, ...args], { env: { ...process.env, ...databaseEnv(server), LOG_LEVEL: 'silent' } });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, out: e.stdout };
  }
}

async function memberType(client: Client): Promise<MemberType> {
  return (await client.api<MemberType>('GET', '/api/v2/user/member-type')).env.data;
}

describe('the demo checkout', () => {
  it('turns a free user into premium and lifts the size limit', async () => {
    const buyer = await user('control');
    const upload30 = await upload(server, 'big.pdf', makePdf(['big'], { padding: 30 * MB }), undefined, buyer.client);
    const rotate = () => buyer.client.api<TaskCreated>('POST', '/api/document/rotate', { file_id: upload30.file_id, angle: 90, pages: '1' });
    expect((await rotate()).env.code).toBe(41003);

    const checkout = await buyer.client.api<CheckoutResponse>('POST', '/api/v2/billing/checkout', { plan: 'Monthly_Plan', lang: 'en' });
    expect(checkout.env.data).toMatchObject({ provider: 'local', plan: 'Monthly_Plan', amount: 6, currency: 'USD', cycle: 'month', trial_days: 0 });
    const checkoutId = checkout.env.data.checkout_id;
    expect(checkout.env.data.checkout_url).toBe(`/app/checkout/demo?checkout_id=${checkoutId}`);
    const order = await buyer.client.api<DemoCheckoutInfo>('GET', `/api/v2/billing/demo/checkout?checkout_id=${checkoutId}`);
    expect(order.env.data).toMatchObject({ status: 'pending', plan: 'Monthly_Plan', amount: 6, currency: 'USD' });
    expect(await memberType(buyer.client)).toMatchObject({ tool_member: 0 });

    const confirmed = await buyer.client.api<SubscriptionResponse>('POST', '/api/v2/billing/demo/confirm', { checkout_id: checkoutId });
    expect(confirmed.env.data).toMatchObject({ pay: true, ai: false });
    expect(confirmed.env.data.subscriptions[0]).toMatchObject({ plan: 'Monthly_Plan', status: 'active', provider: 'local' });
    expect(await memberType(buyer.client)).toMatchObject({ tool_member: 1 });
    expect((await rotate()).env.code).toBe(0);
  });

  it("refuses another user's checkout id as not found", async () => {
    const owner = await user('experiment');
    const other = await user('experiment');
    const checkout = await owner.client.api<CheckoutResponse>('POST', '/api/v2/billing/checkout', { plan: 'Yearly_Plan', lang: 'de' });
    const checkoutId = checkout.env.data.checkout_id;
    expect((await other.client.api('GET', `/api/v2/billing/demo/checkout?checkout_id=${checkoutId}`)).env.code).toBe(2405);
    expect((await other.client.api('POST', '/api/v2/billing/demo/confirm', { checkout_id: checkoutId })).env.code).toBe(2405);
    expect(await memberType(other.client)).toMatchObject({ tool_member: 0 });
    expect(await memberType(owner.client)).toMatchObject({ tool_member: 0 });
  });

  it('asks a guest to sign in before buying', async () => {
    const guest = newClient(server);
    expect((await guest.api('POST', '/api/v2/billing/checkout', { plan: 'Monthly_Plan' })).env.code).toBe(1401);
  });

  it('gives the trial once per user', async () => {
    const buyer = await user('control');
    const trial = await buyer.client.api<CheckoutResponse>('POST', '/api/v2/billing/checkout', { plan: 'basic_plan', lang: 'en' });
    expect(trial.env.data).toMatchObject({ amount: 0.99, renewal: 39.99, trial_days: 7, cycle: 'year' });
    const confirmed = await buyer.client.api<SubscriptionResponse>('POST', '/api/v2/billing/demo/confirm', { checkout_id: trial.env.data.checkout_id });
    expect(confirmed.env.data).toMatchObject({ pay: true, trial_available: false });
    const ends = confirmed.env.data.subscriptions[0]!;
    expect(ends.expires_at! - ends.started_at!).toBe(7 * 24 * 60 * 60 * 1000);
    const again = await buyer.client.api('POST', '/api/v2/billing/checkout', { plan: 'advanced_plan', lang: 'en' });
    expect(again.env.code).toBe('TRIAL_USED');
    const prices = await buyer.client.api<PricesResponse>('GET', '/api/v2/pricing/prices?lang=en');
    expect(prices.env.data.trial.available).toBe(false);
  });

  it('charges a premium user the upgrade price for AI_Upgrade and grants ai', async () => {
    const buyer = await user('control');
    queryDb(server, 'update users set pay = 1 where email = ?', buyer.email);
    const checkout = await buyer.client.api<CheckoutResponse>('POST', '/api/v2/billing/checkout', { plan: 'AI_Upgrade', cycle: 'year', lang: 'en' });
    expect(checkout.env.data).toMatchObject({ amount: 14, cycle: 'year' });
    const confirmed = await buyer.client.api<SubscriptionResponse>('POST', '/api/v2/billing/demo/confirm', { checkout_id: checkout.env.data.checkout_id });
    expect(confirmed.env.data.ai).toBe(true);
    expect(await memberType(buyer.client)).toMatchObject({ ai_member: 1 });
  });
});

describe('the administrator commands', () => {
  it('grant-plan makes a user premium and revoke-plan ends it', async () => {
    const member = await user('control');
    const granted = await admin('grant-plan', '--email', member.email, '--plan', 'Yearly_Plan', '--days', '30');
    expect(granted.code).toBe(0);
    expect(granted.out).toContain(`granted Yearly_Plan to ${member.email}`);
    expect(await memberType(member.client)).toMatchObject({ tool_member: 1 });
    const [row] = queryDb<{ provider: string; expires_at: number; started_at: number }>(server, 'select provider, expires_at, started_at from subscriptions where user_id = ?', member.userId);
    expect(row).toMatchObject({ provider: 'admin' });
    expect(row!.expires_at - row!.started_at).toBe(30 * 24 * 60 * 60 * 1000);

    const revoked = await admin('revoke-plan', '--email', member.email);
    expect(revoked.code).toBe(0);
    expect(await memberType(member.client)).toMatchObject({ tool_member: 0 });
  });

  it('refuses an unknown user, an unknown plan and a missing option', async () => {
    expect(await admin('grant-plan', '--email', 'nobody@example.com', '--plan', 'Yearly_Plan')).toMatchObject({ code: 1 });
    const member = await user('control');
    const badPlan = await admin('grant-plan', '--email', member.email, '--plan', 'Gold');
    expect(badPlan.code).toBe(1);
    expect(badPlan.out).toContain('unknown plan Gold');
    expect((await admin('grant-plan', '--plan', 'Yearly_Plan')).code).toBe(2);
    expect(await memberType(member.client)).toMatchObject({ tool_member: 0 });
  });

  it('set-pricing-group moves a user between groups', async () => {
    const member = await user('experiment');
    expect((await admin('set-pricing-group', '--email', member.email, '--group', 'control')).code).toBe(0);
    const params = await member.client.api<ExperimentParams>('GET', '/api/v2/experiment/params?param_name=Cloud_Pricing_Test2');
    expect(params.env.data.is_control_group).toBe(true);
  });
});

describe('prices and the experiment', () => {
  it('answers euro prices in German and the group prices in English', async () => {
    const control = await user('control');
    const de = await control.client.api<PricesResponse>('GET', '/api/v2/pricing/prices?lang=de');
    expect(de.env.data).toMatchObject({ currency: 'EUR', group: 'control', table: { monthlyPlus: 8, annuallyPlus: 62, currency: 'EUR' } });
    const en = await control.client.api<PricesResponse>('GET', '/api/v2/pricing/prices?lang=en');
    expect(en.env.data.table).toMatchObject({ monthly: 6, annually: 48, monthlyPlus: 5.99, annuallyPlus: 39.99, monthlyUpgrade: 2, annuallyUpgrade: 14 });
    expect(en.env.data.trial).toMatchObject({ days: 7, basic: 0.99, advanced: 1.99, basicRenewal: 39.99, advancedRenewal: 69.99, available: true });
    const experiment = await user('experiment');
    const variant = await experiment.client.api<PricesResponse>('GET', '/api/v2/pricing/prices?lang=en');
    expect(variant.env.data).toMatchObject({ group: 'experiment', table: { monthly: 5.95, annually: 39.95 }, trial: { basic: 0.95, advanced: 1.95 } });
    const jp = await experiment.client.api<PricesResponse>('GET', '/api/v2/pricing/prices?lang=jp');
    expect(jp.env.data.currency).toBe('JPY');
    const pt = await experiment.client.api<PricesResponse>('GET', '/api/v2/pricing/prices?lang=pt');
    expect(pt.env.data.currency).toBe('BRL');
  });

  it("answers the caller's own group whatever puid is sent", async () => {
    const control = await user('control');
    const experiment = await user('experiment');
    const url = `/api/v2/experiment/params?puid=${control.userId}&gp.plang=en&param_name=Cloud_Pricing_Test2`;
    const mine = await experiment.client.api<ExperimentParams>('GET', url);
    expect(mine.env.data).toMatchObject({ is_control_group: false, experiment_id: 'price_test', experiment_group_id: 'price_test.experiment', policy_name: 'experiment' });
    const theirs = await control.client.api<ExperimentParams>('GET', url);
    expect(theirs.env.data).toMatchObject({ is_control_group: true, experiment_group_id: 'price_test.control' });
    expect((await control.client.api('GET', '/api/v2/experiment/params?param_name=Other')).env.code).toBe(2405);
    const policy = await control.client.api<{ policy_name: string }>('GET', '/api/v2/experiment/ai-policy');
    expect(policy.env.data.policy_name).toBe('control');
  });

  it('knows the price_test experiment and saves a signed-in caller only', async () => {
    const member = await user('control');
    const exists = await member.client.api('GET', '/api/v2/experiment/exist?experiment_name=price_test&is_save=1');
    expect(exists.env.data).toEqual({ experiment_name: 'price_test', exist: true, is_save: true });
    const other = await member.client.api('GET', '/api/v2/experiment/exist?experiment_name=colour_test&is_save=1');
    expect(other.env.data).toMatchObject({ exist: false });
    const guest = await newClient(server).api('GET', '/api/v2/experiment/exist?experiment_name=price_test&is_save=1');
    expect(guest.env.data).toMatchObject({ exist: true, is_save: false });
  });

  it('stores the purchase tracking payload and refuses other fields or products', async () => {
    const guest = newClient(server);
    const payload = { tid: 'buy-click', uid: '', pid: 4512, pver: '1.0', device_id: 'dev-1', qt_abtest: 'price_test.control' };
    expect((await guest.api('POST', '/api/v1/common/common/log/', payload)).env.code).toBe(0);
    const rows = queryDb<{ tid: string; pid: number; owner: string }>(server, "select tid, pid, owner from purchase_logs where device_id = 'dev-1'");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tid: 'buy-click', pid: 4512 });
    expect(rows[0]!.owner).toMatch(/^c:[0-9a-f]{32}$/);
    expect((await guest.api('POST', '/api/v1/common/common/log/', { ...payload, pid: 1 })).env.code).toBe('INVALID_PARAMS');
    expect((await guest.api('POST', '/api/v1/common/common/log/', { ...payload, email: 'a@b.c' })).env.code).toBe('INVALID_PARAMS');
  });
});

describe('the Stripe webhook', () => {
  const secret = 'whsec_test_0123456789';
  const stripe = new Stripe('sk_test_0123456789');
  let stripeServer: TestServer;

  beforeAll(async () => {
    stripeServer = await startServer({
      env: { PAYWALLS: 'on', PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_0123456789', STRIPE_WEBHOOK_SECRET: secret },
    });
  });

  afterAll(async () => {
    await stripeServer.stop();
    removeDir(stripeServer.dataDir);
  });

  function pendingCheckout(userId: string, checkoutId: string): void {
    const now = Date.now();
    queryDb(stripeServer, `insert into subscriptions (subscription_id, user_id, plan, status, provider, provider_ref, cycle, amount, currency, trial, created_at, updated_at)
      values (?, ?, 'Monthly_Plan', 'pending', 'stripe', 'cs_test_1', 'month', 6, 'USD', 0, ?, ?)`, checkoutId, userId, now, now);
  }

  function event(type: string, object: Record<string, unknown>): string {
    return JSON.stringify({ id: `evt_${type}`, object: 'event', type, data: { object } });
  }

  async function deliver(payload: string, signature: string): Promise<{ status: number; code: unknown }> {
    const res = await fetch(`${stripeServer.baseUrl}/api/v2/billing/stripe/webhook`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload,
    });
    return { status: res.status, code: ((await res.json()) as { code: unknown }).code };
  }

  it('grants the plan for a correctly signed checkout.session.completed and refuses a tampered one', async () => {
    const buyer = await user('control', stripeServer);
    const tamperedBuyer = await user('control', stripeServer);
    const checkoutId = 'a'.repeat(32);
    const otherCheckout = 'b'.repeat(32);
    pendingCheckout(buyer.userId, checkoutId);
    pendingCheckout(tamperedBuyer.userId, otherCheckout);

    const completed = (id: string) => event('checkout.session.completed', { id: 'cs_test_1', object: 'checkout.session', client_reference_id: id, metadata: { checkout_id: id }, subscription: 'sub_test_1' });
    const good = completed(checkoutId);
    const header = stripe.webhooks.generateTestHeaderString({ payload: good, secret });
    const tampered = await deliver(completed(otherCheckout), header);
    expect(tampered).toEqual({ status: 400, code: 'WEBHOOK_SIGNATURE_INVALID' });
    expect(queryDb<{ status: string }>(stripeServer, 'select status from subscriptions where subscription_id = ?', otherCheckout)[0]!.status).toBe('pending');
    expect(await memberType(tamperedBuyer.client)).toMatchObject({ tool_member: 0 });
    const wrongSecret = await deliver(good, stripe.webhooks.generateTestHeaderString({ payload: good, secret: 'whsec_someone_else' }));
    expect(wrongSecret.status).toBe(400);

    expect(await deliver(good, header)).toEqual({ status: 200, code: 0 });
    expect(await memberType(buyer.client)).toMatchObject({ tool_member: 1 });
    const [row] = queryDb<{ status: string; provider_ref: string }>(stripeServer, 'select status, provider_ref from subscriptions where subscription_id = ?', checkoutId);
    expect(row).toEqual({ status: 'active', provider_ref: 'sub_test_1' });

    const deleted = event('customer.subscription.deleted', { id: 'sub_test_1', object: 'subscription', status: 'canceled', items: { data: [] } });
    expect(await deliver(deleted, stripe.webhooks.generateTestHeaderString({ payload: deleted, secret }))).toEqual({ status: 200, code: 0 });
    expect(await memberType(buyer.client)).toMatchObject({ tool_member: 0 });
  });

  it('has no demo checkout when Stripe takes the payments', async () => {
    const buyer = await user('control', stripeServer);
    const r = await buyer.client.api('POST', '/api/v2/billing/demo/confirm', { checkout_id: 'c'.repeat(32) });
    expect(r.env.code).toBe('CHECKOUT_UNAVAILABLE');
  });
});
