/**
 * Users and tiers of SPEC §1, §3 and §6: the user info the server returns and the tier the
 * web app and the server derive from it. Written once; the accounts and billing modules and
 * the web app's account store use these.
 */
import { z } from 'zod';
import { occupationMaxLength } from './limits.js';
import { mailLanguage } from './mails.js';
import { route } from './route.js';

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

/** `lang`: the visitor's language, which the reset mail is written in (English when absent). */
export const passwordForgotRequest = z.object({ email: z.string().trim().max(254), lang: mailLanguage.optional() });
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

/**
 * The accounts API (SPEC §4, §7). Sign-in answers carry the session token, which the server
 * also sets as the httpOnly `pw_session` cookie; the web app sends it back in the `token`
 * header. API clients may send `Authorization: Basic base64(email:password)`.
 */
export const accountRoutes = {
  register: route({
    method: 'POST', path: '/v2/user/register', auth: 'visitor',
    summary: 'Signs up with email and password (at least 8 characters) and signs in; the guest’s files and tasks move to the account. '
      + 'Sign-ups per client and hour are limited (REGISTER_THROTTLED, 429 with Retry-After).',
    body: registerRequest, response: signInResponse,
  }),
  login: route({
    method: 'POST', path: '/v2/user/login', auth: 'visitor',
    summary: 'Signs in: answers the session token (also set as the pw_session cookie) and the user info; '
      + 'the guest’s files and tasks move to the account. After 5 failures for an email in 15 minutes the clients that failed on it, '
      + 'and after 20 failures any client, wait a time that doubles with each failure (LOGIN_THROTTLED, 429 with Retry-After); '
      + 'another client with the right password is let in.',
    body: loginRequest, response: signInResponse,
  }),
  logout: route({
    method: 'POST', path: '/v2/user/logout', auth: 'visitor',
    summary: 'Ends the session of the token header or cookie and clears the cookie; succeeds without a session too.',
    response: z.null(),
  }),
  passwordForgot: route({
    method: 'POST', path: '/v2/user/password/forgot', auth: 'public',
    summary: 'Mails a password-reset link valid for 60 minutes; answers success whether or not the account exists.',
    body: passwordForgotRequest, response: z.null(),
  }),
  passwordReset: route({
    method: 'POST', path: '/v2/user/password/reset', auth: 'public',
    summary: 'Sets a new password with the mailed token (single use) and signs the account out everywhere.',
    body: passwordResetRequest, response: z.null(),
  }),
  refresh: route({
    method: 'GET', path: '/account/refresh', auth: 'user',
    summary: 'The signed-in user’s info (SPEC §3); 1401 for a guest.',
    response: userInfo,
  }),
  wsToken: route({
    method: 'GET', path: '/v2/wstoken/latest', auth: 'user',
    summary: 'A fresh ws_token for the signed-in user (valid a day); 1401 for a guest.',
    response: wsTokenResponse,
  }),
  memberType: route({
    method: 'GET', path: '/v2/user/member-type', auth: 'visitor',
    summary: 'tool_member and ai_member (1 or 0) of the caller; both 0 for a guest.',
    response: memberType,
  }),
  memberTag: route({
    method: 'POST', path: '/v2/user/login/member-tag', auth: 'user',
    summary: 'The signed-in user’s member tags and career, storing the occupation when one is given; 1401 for a guest.',
    body: memberTagRequest, response: memberTag,
  }),
  occupation: route({
    method: 'POST', path: '/v2/user-ext-info/collect', auth: 'user',
    summary: 'The occupation survey: one of the listed options, or the “Other” text (at most 48 characters); 1401 for a guest.',
    body: occupationRequest, response: z.object({ career: z.string() }),
  }),
  usage: route({
    method: 'GET', path: '/v2/user/usage', auth: 'visitor',
    summary: 'Tasks the caller started today and this month (UTC), for the account centre.',
    response: usageResponse,
  }),
  clientSign: route({
    method: 'GET', path: '/v2/user/client-sign', auth: 'visitor',
    summary: 'The caller’s signed client identity (client_sign), sent by guests where SPEC §6 asks for it.',
    response: clientSignResponse,
  }),
  taskBind: route({
    method: 'POST', path: '/task/bind', auth: 'user',
    summary: 'Gives the signed-in user a task (task_id) or a multi_id’s tasks that this browser started as a guest.',
    body: taskBindRequest, response: z.null(),
  }),
};
