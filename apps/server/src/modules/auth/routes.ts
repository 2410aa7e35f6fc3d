import { accountRoutes, userTypeOf } from '@pagewright/contracts';
import { implement, type RouteImplementation } from '../../http/route.js';
import type { TasksService } from '../tasks/service.js';
import { requireUser, type AuthService } from './service.js';

export function authRoutes(auth: AuthService, tasks: TasksService): RouteImplementation[] {
  return [
    implement(accountRoutes.register, ({ body }, request, reply) => auth.register(request.identity, body, reply)),
    implement(accountRoutes.login, ({ body }, request, reply) => auth.login(request.identity, body, reply)),
    implement(accountRoutes.logout, async (_input, request, reply) => {
      await auth.logout(request, reply);
      return null;
    }),
    implement(accountRoutes.passwordForgot, async ({ body }) => {
      await auth.forgotPassword(body.email, body.lang);
      return null;
    }),
    implement(accountRoutes.passwordReset, async ({ body }) => {
      await auth.resetPassword(body.token, body.password);
      return null;
    }),
    implement(accountRoutes.refresh, async (_input, request) => auth.userInfo(requireUser(request.identity))),
    implement(accountRoutes.wsToken, async (_input, request) => ({ ws_token: auth.wsToken(requireUser(request.identity)) })),
    implement(accountRoutes.memberType, async (_input, request) => auth.memberType(request.identity.user)),
    implement(accountRoutes.memberTag, async ({ body }, request) => {
      const user = requireUser(request.identity);
      const career = body.occupation === undefined ? user.career : await auth.setCareer(user, body.occupation);
      return { ...auth.memberType(user), userType: userTypeOf({ pay: user.pay ? 1 : 0, ai: user.ai ? 1 : 0 }), career };
    }),
    implement(accountRoutes.occupation, async ({ body }, request) => ({ career: await auth.setCareer(requireUser(request.identity), body.occupation) })),
    implement(accountRoutes.usage, async (_input, request) => tasks.usage(request.identity.owner)),
    implement(accountRoutes.clientSign, async (_input, request) => ({ client_sign: auth.clientSign(request.identity) })),
  ];
}
