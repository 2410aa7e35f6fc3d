import {
  accountPaths, clientSignResponse, loginRequest, memberTag, memberTagRequest, memberType, occupationRequest,
  passwordForgotRequest, passwordResetRequest, registerRequest, signInResponse, usageResponse, userInfo, userTypeOf,
  wsTokenResponse,
} from '@pagewright/contracts';
import { z } from 'zod';
import { defineRoute, type RouteSpec } from '../../http/route.js';
import type { TasksService } from '../tasks/service.js';
import { requireUser, type AuthService } from './service.js';

export function authRoutes(auth: AuthService, tasks: TasksService): RouteSpec[] {
  return [
    defineRoute({
      method: 'POST',
      url: accountPaths.register,
      summary: 'Signs up with email and password (at least 8 characters) and signs in; the guest’s files and tasks move to the account.',
      body: registerRequest,
      response: signInResponse,
      handler: ({ body }, request, reply) => auth.register(request.identity, body, reply),
    }),
    defineRoute({
      method: 'POST',
      url: accountPaths.login,
      summary: 'Signs in: answers the session token (also set as the pw_session cookie) and the user info; '
        + 'the guest’s files and tasks move to the account. 10 failures in 15 minutes lock the email (LOGIN_LOCKED).',
      body: loginRequest,
      response: signInResponse,
      handler: ({ body }, request, reply) => auth.login(request.identity, body, reply),
    }),
    defineRoute({
      method: 'POST',
      url: accountPaths.logout,
      summary: 'Ends the session of the token header or cookie and clears the cookie; succeeds without a session too.',
      response: z.null(),
      handler: async (_input, request, reply) => {
        await auth.logout(request, reply);
        return null;
      },
    }),
    defineRoute({
      method: 'POST',
      url: accountPaths.passwordForgot,
      summary: 'Mails a password-reset link valid for 60 minutes; answers success whether or not the account exists.',
      body: passwordForgotRequest,
      response: z.null(),
      handler: async ({ body }) => {
        await auth.forgotPassword(body.email);
        return null;
      },
    }),
    defineRoute({
      method: 'POST',
      url: accountPaths.passwordReset,
      summary: 'Sets a new password with the mailed token (single use) and signs the account out everywhere.',
      body: passwordResetRequest,
      response: z.null(),
      handler: async ({ body }) => {
        await auth.resetPassword(body.token, body.password);
        return null;
      },
    }),
    defineRoute({
      method: 'GET',
      url: accountPaths.refresh,
      summary: 'The signed-in user’s info (SPEC §3); 1401 for a guest.',
      response: userInfo,
      handler: async (_input, request) => auth.userInfo(requireUser(request.identity)),
    }),
    defineRoute({
      method: 'GET',
      url: accountPaths.wsToken,
      summary: 'A fresh ws_token for the signed-in user (valid a day); 1401 for a guest.',
      response: wsTokenResponse,
      handler: async (_input, request) => ({ ws_token: auth.wsToken(requireUser(request.identity)) }),
    }),
    defineRoute({
      method: 'GET',
      url: accountPaths.memberType,
      summary: 'tool_member and ai_member (1 or 0) of the caller; both 0 for a guest.',
      response: memberType,
      handler: async (_input, request) => auth.memberType(request.identity.user),
    }),
    defineRoute({
      method: 'POST',
      url: accountPaths.memberTag,
      summary: 'The signed-in user’s member tags and career, storing the occupation when one is given; 1401 for a guest.',
      body: memberTagRequest,
      response: memberTag,
      handler: async ({ body }, request) => {
        const user = requireUser(request.identity);
        const career = body.occupation === undefined ? user.career : await auth.setCareer(user, body.occupation);
        return { ...auth.memberType(user), userType: userTypeOf({ pay: user.pay ? 1 : 0, ai: user.ai ? 1 : 0 }), career };
      },
    }),
    defineRoute({
      method: 'POST',
      url: accountPaths.occupation,
      summary: 'The occupation survey: one of the listed options, or the “Other” text (at most 48 characters); 1401 for a guest.',
      body: occupationRequest,
      response: z.object({ career: z.string() }),
      handler: async ({ body }, request) => ({ career: await auth.setCareer(requireUser(request.identity), body.occupation) }),
    }),
    defineRoute({
      method: 'GET',
      url: accountPaths.usage,
      summary: 'Tasks the caller started today and this month (UTC), for the account centre.',
      response: usageResponse,
      handler: async (_input, request) => tasks.usage(request.identity.owner),
    }),
    defineRoute({
      method: 'GET',
      url: accountPaths.clientSign,
      summary: 'The caller’s signed client identity (client_sign), sent by guests where SPEC §6 asks for it.',
      response: clientSignResponse,
      handler: async (_input, request) => ({ client_sign: auth.clientSign(request.identity) }),
    }),
  ];
}
