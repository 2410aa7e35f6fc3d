import { siteConfig, siteConfigPath, type SiteConfig } from '@pagewright/contracts';
import { defineRoute, type RouteSpec } from '../../http/route.js';

/** The public site configuration of SPEC §2's navigation guard; the web app reads it once at start. */
export function siteConfigRoutes(config: SiteConfig): RouteSpec[] {
  const answer = siteConfig.parse(config);
  return [
    defineRoute({
      method: 'GET',
      url: siteConfigPath,
      summary: 'Which routes the navigation guard sends to the sister site, and that site’s addresses.',
      response: siteConfig,
      handler: async (_input, _request, reply) => {
        void reply.header('Cache-Control', 'no-cache');
        return answer;
      },
    }),
  ];
}
