import { siteConfigRoutes, siteRoutes as declarations } from '@pagewright/contracts';
import { implement, type RouteImplementation } from '../../http/route.js';
import type { SiteService } from './service.js';

export function siteRoutes(site: SiteService): RouteImplementation[] {
  return [
    implement(declarations.adList, async () => site.adInfo()),
    implement(declarations.location, async (_input, request) => ({ country: site.country(request.headers) })),
    implement(declarations.shellConfig, async () => site.shell(Math.floor(Date.now() / 1000))),
    implement(siteConfigRoutes.siteConfig, async (_input, _request, reply) => {
      void reply.header('Cache-Control', 'no-cache');
      return site.siteConfig();
    }),
  ];
}
