import { adInfo, locationInfo, shellConfig, sitePaths } from '@pagewright/contracts';
import { defineRoute, type RouteSpec } from '../../http/route.js';
import type { SiteService } from './service.js';

export function siteRoutes(site: SiteService): RouteSpec[] {
  return [
    defineRoute({
      method: 'GET',
      url: sitePaths.adList,
      summary: 'The event popup advertisement; adv_popshow 1 pops it up.',
      response: adInfo,
      handler: async () => site.adInfo(),
    }),
    defineRoute({
      method: 'GET',
      url: sitePaths.location,
      summary: "The visitor's country (ISO 3166 alpha-2, upper case), or '' when unknown.",
      response: locationInfo,
      handler: async (_input, request) => ({ country: site.country(request.headers) }),
    }),
    defineRoute({
      method: 'GET',
      url: sitePaths.shellConfig,
      summary: 'Desktop and mobile-store links, feedback and support addresses, and the traffic banner entries showing now.',
      response: shellConfig,
      handler: async () => site.shell(Math.floor(Date.now() / 1000)),
    }),
  ];
}
