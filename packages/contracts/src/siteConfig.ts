/**
 * The public site configuration the web app reads once at start (SPEC §2 navigation guard):
 * whether compress routes and, for non-members in English, the AI routes move to the external
 * sister site, and that site's address per domain ending. Both redirects are off by default.
 */
import { z } from 'zod';
import { route } from './route.js';
import { siteConfigPath } from './sisterSite.js';

// The constants live in a zod-free module: the navigation guard runs on the first page load.
export { siteConfigPath, sisterSiteDomains, sisterSiteSource, type SisterSiteDomain } from './sisterSite.js';

export const siteConfig = z.object({
  /** Base URLs (scheme and host) of the sister site by domain ending; null when none is configured. */
  sister_sites: z.object({ com: z.string(), 'com.br': z.string(), 'com.ru': z.string() }).nullable(),
  /** compress-pdf and image-compressor go to the sister site. */
  compress_redirect: z.boolean(),
  /** Non-members opening ai-translator, ai-detector or chat-pdf in English go to the sister site. */
  ai_redirect: z.boolean(),
  /** OCR needs Premium on this server (SPEC §6): pages mark it before a free user or guest clicks. */
  ocr_premium_only: z.boolean(),
  /** Permanent share links (3650 days) need Premium on this server (SPEC §5, §6); off with the paywalls. */
  share_permanent_premium_only: z.boolean().default(true),
});
export type SiteConfig = z.infer<typeof siteConfig>;


/** Its path comes from the zod-free sisterSite.ts: the navigation guard fetches it on first load. */
export const siteConfigRoutes = {
  siteConfig: route({
    method: 'GET', path: siteConfigPath, auth: 'public',
    summary: 'Which routes the navigation guard sends to the sister site, and that site’s addresses.',
    response: siteConfig,
  }),
};
