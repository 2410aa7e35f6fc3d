/**
 * Users and tiers of SPEC §1, §3 and §6: the user info the server returns and the tier the
 * web app and the server derive from it. Written once; the accounts and billing modules and
 * the web app's account store use these.
 */
import { z } from 'zod';
import { occupationMaxLength } from './limits.js';

// Tiers live apart from the schemas so a page that needs only them loads no zod.
export * from './tiers.js';

export const userInfo = z.object({
  user_id: z.string(),
  ws_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  avatar: z.string(),
  /** Premium (tool member): 1 or 0. */
  pay: z.number().int().min(0).max(1),
  /** AI member: 1 or 0. */
  ai: z.number().int().min(0).max(1),
  career: z.string().nullable(),
  ws_token: z.string(),
  userType: z.number().int().default(1),
});
export type UserInfo = z.infer<typeof userInfo>;

/**
 * The accounts API (SPEC §4, §7), relative to API_PREFIX. Sign-in answers carry the session
 * token, which the server also sets as the httpOnly `pw_session` cookie; the web app sends it
 * back in the `token` header. API clients may send `Authorization: Basic base64(email:password)`.
 */
export const accountPaths = {
  register: '/v2/user/register',
  login: '/v2/user/login',
  logout: '/v2/user/logout',
  passwordForgot: '/v2/user/password/forgot',
  passwordReset: '/v2/user/password/reset',
  refresh: '/account/refresh',
  wsToken: '/v2/wstoken/latest',
  memberType: '/v2/user/member-type',
  memberTag: '/v2/user/login/member-tag',
  occupation: '/v2/user-ext-info/collect',
  usage: '/v2/user/usage',
  clientSign: '/v2/user/client-sign',
  taskBind: '/task/bind',
} as const;

export const SESSION_COOKIE = 'pw_session';
export const SESSION_HEADER = 'token';
/** The web page a password-reset mail links to, with `?token=`. */
export const RESET_PASSWORD_PAGE = '/app/reset-password';

export const passwordMinLength = 8;
export const passwordMaxLength = 256;

/** Length rules are checked by the server so that they answer with their own catalogue codes. */
const credentials = {
  email: z.string().trim().max(254),
  password: z.string().max(passwordMaxLength),
};

export const registerRequest = z.object({
  ...credentials,
  first_name: z.string().trim().max(64).default(''),
  last_name: z.string().trim().max(64).default(''),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const loginRequest = z.object(credentials);
export type LoginRequest = z.infer<typeof loginRequest>;

/** What sign-up and sign-in answer: the session token, its expiry (epoch ms) and the user. */
export const signInResponse = z.object({
  token: z.string(),
  expires_at: z.number().int(),
  user: userInfo,
});
export type SignInResponse = z.infer<typeof signInResponse>;

export const passwordForgotRequest = z.object({ email: z.string().trim().max(254) });
export const passwordResetRequest = z.object({
  token: z.string().min(1).max(200),
  password: z.string().max(passwordMaxLength),
});

export const wsTokenResponse = z.object({ ws_token: z.string() });

/** GET /v2/user/member-type: 1 or 0 each. */
export const memberType = z.object({
  tool_member: z.number().int().min(0).max(1),
  ai_member: z.number().int().min(0).max(1),
});
export type MemberType = z.infer<typeof memberType>;

/** Occupation options of SPEC §9; 'other' is answered with the user's own words. */
export const occupationOptions = [
  'student', 'education', 'IT', 'construction', 'design', 'healthcare', 'manufacture', 'finance', 'legal',
  'government', 'marketing', 'real estate', 'other',
] as const;
export type OccupationOption = (typeof occupationOptions)[number];

/**
 * True for a listed option other than 'other', or for the 'Other' text: at most 48 characters
 * with something besides whitespace (SPEC §5).
 */
export function isValidOccupation(value: string): boolean {
  if (value === 'other') return false;
  if ((occupationOptions as readonly string[]).includes(value)) return true;
  return value.length <= occupationMaxLength && value.trim().length > 0;
}

/** POST /v2/user-ext-info/collect: `occupation` is an option id or the 'Other' text. */
export const occupationRequest = z.object({
  occupation: z.string().refine(isValidOccupation, 'choose an occupation, or write one of at most 48 characters'),
});

export const memberTagRequest = z.object({
  occupation: occupationRequest.shape.occupation.optional(),
});
export const memberTag = memberType.extend({ userType: z.number().int(), career: z.string().nullable() });

/** Tasks this user (or guest) started, for the account centre; days and months in UTC. */
export const usageResponse = z.object({ tasks_today: z.number().int(), tasks_month: z.number().int() });
export type Usage = z.infer<typeof usageResponse>;

/** The guest's signed client identity, sent as `client_sign` where SPEC §6 asks for it. */
export const clientSignResponse = z.object({ client_sign: z.string() });

/** POST task/bind: gives the signed-in user a task this browser started as a guest. */
export const taskBindRequest = z
  .object({ task_id: z.string().min(1).optional(), multi_id: z.string().min(1).optional() })
  .refine((q) => Boolean(q.task_id) !== Boolean(q.multi_id), 'give task_id or multi_id');
