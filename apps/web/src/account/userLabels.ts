import { planLabel, type UserInfo } from '@pagewright/contracts';

const planKeys = { Premium: 'account.plans.premium', 'AI Upgraded': 'account.plans.aiUpgraded', Free: 'account.plans.free' } as const;

/** The i18n key of the plan label of SPEC §6 (Premium, AI Upgraded, Free). */
export function planLabelKey(user: Pick<UserInfo, 'pay' | 'ai'> | null): (typeof planKeys)[keyof typeof planKeys] {
  return planKeys[planLabel(user)];
}

/** The name a user gave, or their email when they gave none. */
export function displayName(user: Pick<UserInfo, 'first_name' | 'last_name' | 'email'>): string {
  const name = `${user.first_name} ${user.last_name}`.trim();
  return name === '' ? user.email : name;
}
