/**
 * The account calls of SPEC §7 (sign up, sign in, sign out, password reset, user info, usage,
 * the occupation survey), each checked against its contracts schema.
 */
import {
  accountRoutes,
  type LoginRequest,
  type MailLanguage,
  type SignInResponse,
  type Usage,
  type UserInfo,
} from '@pagewright/contracts';
import type { z } from 'zod';
import { call } from '../api/http';

export function register(body: z.input<NonNullable<typeof accountRoutes.register.body>>): Promise<SignInResponse> {
  return call(accountRoutes.register, { body });
}

export function login(body: LoginRequest): Promise<SignInResponse> {
  return call(accountRoutes.login, { body });
}

export async function logout(): Promise<void> {
  await call(accountRoutes.logout, {});
}

/** Asks for a reset mail, written in the visitor's language (`lang`, one of the seven locales). */
export async function forgotPassword(email: string, lang?: MailLanguage): Promise<void> {
  await call(accountRoutes.passwordForgot, { body: { email, lang } });
}

export async function resetPassword(token: string, password: string): Promise<void> {
  await call(accountRoutes.passwordReset, { body: { token, password } });
}

/** The signed-in user (SPEC §7 account/refresh); a guest is refused with 1401. */
export function refreshAccount(): Promise<UserInfo> {
  return call(accountRoutes.refresh, {});
}

/** Tasks started today and this month, for the account centre. */
export function getUsage(): Promise<Usage> {
  return call(accountRoutes.usage, {});
}

/** Saves the survey answer; answers the career as stored. */
export async function collectOccupation(occupation: string): Promise<string> {
  const { career } = await call(accountRoutes.occupation, { body: { occupation } });
  return career;
}
