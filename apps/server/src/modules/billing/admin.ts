/** Administrator commands for plans and the pricing experiment (`npm run admin -- <command>`). */
import { planNames, pricingGroups, type PlanName, type PricingGroup } from '@pagewright/contracts';
import { AdminError, stringOption, type AdminCommand, type AdminContext, type AdminValues } from '../../cli/adminCommand.js';
import { PlansService } from './plans.js';
import { BillingRepo, type BillingUser } from './repo.js';

async function userOf(repo: BillingRepo, values: AdminValues): Promise<BillingUser> {
  const email = stringOption(values, 'email')!;
  const user = await repo.userByEmail(email);
  if (!user) throw new AdminError(`no user with email ${email}`);
  return user;
}

function services(ctx: AdminContext): { repo: BillingRepo; plans: PlansService } {
  const repo = new BillingRepo(ctx.db);
  return { repo, plans: new PlansService(repo) };
}

export const billingAdminCommands: AdminCommand[] = [
  {
    name: 'grant-plan',
    summary: 'Gives a user a plan at once, for --days or without end.',
    options: {
      email: { type: 'string', required: true, description: 'the account\'s email' },
      plan: { type: 'string', required: true, description: planNames.join(', ') },
      days: { type: 'string', description: 'how many days the plan lasts; no end when absent' },
    },
    async run(values, ctx) {
      const plan = stringOption(values, 'plan')!;
      if (!(planNames as readonly string[]).includes(plan)) throw new AdminError(`unknown plan ${plan}; one of ${planNames.join(', ')}`);
      const daysText = stringOption(values, 'days');
      const days = daysText === undefined ? null : Number(daysText);
      if (days !== null && !(Number.isInteger(days) && days > 0)) throw new AdminError('--days must be a positive whole number');
      const { repo, plans } = services(ctx);
      const user = await userOf(repo, values);
      const row = await plans.grant(user.user_id, plan as PlanName, days);
      const flags = await repo.userById(user.user_id);
      const until = row.expires_at === null ? 'without end' : `until ${new Date(row.expires_at).toISOString()}`;
      ctx.print(`granted ${plan} to ${user.email} ${until}; pay=${flags?.pay} ai=${flags?.ai}`);
    },
  },
  {
    name: 'revoke-plan',
    summary: 'Ends every active plan of a user at once.',
    options: { email: { type: 'string', required: true, description: 'the account\'s email' } },
    async run(values, ctx) {
      const { repo, plans } = services(ctx);
      const user = await userOf(repo, values);
      const count = await plans.revokeAll(user.user_id);
      ctx.print(`revoked ${count} plan(s) of ${user.email}; pay=0 ai=0`);
    },
  },
  {
    name: 'set-pricing-group',
    summary: 'Moves a user into the control or the experiment group of the pricing experiment.',
    options: {
      email: { type: 'string', required: true, description: 'the account\'s email' },
      group: { type: 'string', required: true, description: pricingGroups.join(' or ') },
    },
    async run(values, ctx) {
      const group = stringOption(values, 'group')!;
      if (!(pricingGroups as readonly string[]).includes(group)) throw new AdminError(`--group must be ${pricingGroups.join(' or ')}`);
      const { repo } = services(ctx);
      const user = await userOf(repo, values);
      await repo.setPricingGroup(user.user_id, group as PricingGroup);
      ctx.print(`${user.email} is in the ${group} group`);
    },
  },
];
