/**
 * Tiers of SPEC §3 and §6 derived from the user info's pay and ai flags. No zod here: the web
 * app's first page load uses these.
 */
import type { UserInfo } from './account.js';

/** userType of SPEC §3: 1 is the default. */
export const userTypes = { guest: 0, free: 1, pro: 2, AIpurchase: 3, AIandpro: 4 } as const;
export type UserTypeName = keyof typeof userTypes;

/** The derived tier of SPEC §3. */
export type Tier = 'guest' | 'nonMember' | 'toolMember' | 'aiMember' | 'Member';

export function tierOf(user: Pick<UserInfo, 'pay' | 'ai'> | null | undefined): Tier {
  if (!user) return 'guest';
  if (user.pay && user.ai) return 'Member';
  if (user.pay) return 'toolMember';
  if (user.ai) return 'aiMember';
  return 'nonMember';
}

export function userTypeOf(user: Pick<UserInfo, 'pay' | 'ai'> | null | undefined): number {
  if (!user) return userTypes.guest;
  if (user.pay && user.ai) return userTypes.AIandpro;
  if (user.ai) return userTypes.AIpurchase;
  if (user.pay) return userTypes.pro;
  return userTypes.free;
}

/** The plan label of SPEC §6: Premium for pay users, AI Upgraded for AI-only users, else Free. */
export function planLabel(user: Pick<UserInfo, 'pay' | 'ai'> | null | undefined): 'Premium' | 'AI Upgraded' | 'Free' {
  if (user?.pay) return 'Premium';
  if (user?.ai) return 'AI Upgraded';
  return 'Free';
}

/** Session-expiry codes of SPEC §6: the web app signs out on each; 1408 also opens login. */
export const sessionExpiryCodes = [1408, 3001, 1401, 3011] as const;
