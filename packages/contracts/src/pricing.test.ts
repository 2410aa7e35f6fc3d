import { describe, expect, it } from 'vitest';
import {
  checkoutPrice, currencyOfLanguage, equityRequest, minorUnits, plans, pricesFor, pricingLanguages, purchaseLogRequest,
} from './pricing.js';

describe('prices of SPEC §9', () => {
  it('the English table: pro 6 and 48, plus 5.99 and 39.99, upgrade 2 and 14, virtual 72 and 96', () => {
    expect(pricesFor('en', 'control').table).toEqual({
      monthly: 6, annually: 48, monthlyPlus: 5.99, annuallyPlus: 39.99, monthlyUpgrade: 2, annuallyUpgrade: 14,
      currency: 'USD', proYVirtual: 72, plusYVirtual: 96,
    });
  });

  it('euro plus is 8 and 62; each pricing language has its currency', () => {
    expect(pricesFor('de', 'control').table).toMatchObject({ monthlyPlus: 8, annuallyPlus: 62, currency: 'EUR' });
    expect(pricingLanguages.map((l) => currencyOfLanguage[l])).toEqual(['USD', 'EUR', 'JPY', 'EUR', 'EUR', 'BRL']);
    for (const lang of pricingLanguages) expect(pricesFor(lang, 'experiment').table.currency).toBe(currencyOfLanguage[lang]);
  });

  it('the experiment group sees the other variant: 5.95 and 39.95, trial 0.95/1.95 USD and 0.99/1.99 EUR', () => {
    expect(pricesFor('en', 'experiment').table).toMatchObject({ monthly: 5.95, annually: 39.95 });
    expect(pricesFor('en', 'experiment').trial).toEqual({ basic: 0.95, advanced: 1.95, basicRenewal: 39.95, advancedRenewal: 69.95 });
    expect(pricesFor('fr', 'experiment').trial).toMatchObject({ basic: 0.99, advanced: 1.99, basicRenewal: 49.95, advancedRenewal: 79.95 });
  });

  it('the trial: 7 days at 0.99 basic or 1.99 advanced, then 39.99 or 69.99 a year', () => {
    expect(checkoutPrice('basic_plan', 'year', 'en', 'control', { pay: false })).toEqual({ amount: 0.99, currency: 'USD', renewal: 39.99, cycle: 'year', trialDays: 7 });
    expect(checkoutPrice('advanced_plan', 'year', 'en', 'control', { pay: false })).toMatchObject({ amount: 1.99, renewal: 69.99, trialDays: 7 });
    expect(plans.advanced_plan.grants).toEqual({ pay: true, ai: true });
  });

  it('AI_Upgrade costs a pay user the upgrade price and others the AI plan of 9.9 a month', () => {
    expect(checkoutPrice('AI_Upgrade', 'month', 'en', 'control', { pay: true }).amount).toBe(2);
    expect(checkoutPrice('AI_Upgrade', 'year', 'en', 'control', { pay: true }).amount).toBe(14);
    expect(checkoutPrice('AI_Upgrade', 'month', 'en', 'control', { pay: false }).amount).toBe(9.9);
  });

  it('amounts go to card processors in minor units, the yen having none', () => {
    expect(minorUnits(39.99, 'USD')).toBe(3999);
    expect(minorUnits(900, 'JPY')).toBe(900);
  });
});

describe('billing requests', () => {
  it('use_check defaults to checking and reads true, false, 1 and 0', () => {
    expect(equityRequest.parse({})).toEqual({ use_check: true });
    expect(equityRequest.parse({ use_check: false }).use_check).toBe(false);
    expect(equityRequest.parse({ use_check: 'false' }).use_check).toBe(false);
    expect(equityRequest.parse({ use_check: 0 }).use_check).toBe(false);
    expect(equityRequest.parse({ use_check: 1 }).use_check).toBe(true);
  });

  it('the purchase tracking payload takes pid 4512 and ids only', () => {
    const payload = { tid: 't', uid: 'u', pid: 4512, pver: '1', device_id: 'd', qt_abtest: 'price_test.control' };
    expect(purchaseLogRequest.parse(payload)).toEqual(payload);
    expect(purchaseLogRequest.safeParse({ ...payload, pid: 4513 }).success).toBe(false);
    expect(purchaseLogRequest.safeParse({ ...payload, email: 'a@b.c' }).success).toBe(false);
  });
});
