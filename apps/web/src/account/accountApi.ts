/**
 * The account calls of SPEC §7 (sign up, sign in, sign out, password reset, user info, usage,
 * the occupation survey), each checked against its contracts schema.
 */
import {
  accountPaths,
  loginRequest,
  occupationRequest,
  passwordForgotRequest,
  passwordResetRequest,
  registerRequest,
  signInResponse,
  usageResponse,
  userInfo,
  type LoginRequest,
  type SignInResponse,
  type Usage,
  type UserInfo,
} from '@pagewright/contracts';
import { z } from 'zod';
import { request } from '../api/http';

export function register(body: z.input<typeof registerRequest>): Promise<SignInResponse> {
  return request(signInResponse, accountPaths.register, { method: 'POST', json: registerRequest.parse(body) });
}

export function login(body: LoginRequest): Promise<SignInResponse> {
  return request(signInResponse, accountPaths.login, { method: 'POST', json: loginRequest.parse(body) });
}

export async function logout(): Promise<void> {
  await request(z.unknown(), accountPaths.logout, { method: 'POST', json: {} });
}

export async function forgotPassword(email: string): Promise<void> {
  await request(z.unknown(), accountPaths.passwordForgot, { method: 'POST', json: passwordForgotRequest.parse({ email }) });
}

export async function resetPassword(token: string, password: string): Promise<void> {
  await request(z.unknown(), accountPaths.passwordReset, { method: 'POST', json: passwordResetRequest.parse({ token, password }) });
}

/** The signed-in user (SPEC §7 account/refresh); a guest is refused with 1401. */
export function refreshAccount(): Promise<UserInfo> {
  return request(userInfo, accountPaths.refresh);
}

/** Tasks started today and this month, for the account centre. */
export function getUsage(): Promise<Usage> {
  return request(usageResponse, accountPaths.usage);
}

/** Saves the survey answer; answers the career as stored. */
export async function collectOccupation(occupation: string): Promise<string> {
  const { career } = await request(z.object({ career: z.string() }), accountPaths.occupation, {
    method: 'POST',
    json: occupationRequest.parse({ occupation }),
  });
  return career;
}
