/**
 * The site calls around the tools (SPEC §3 "Ad info" and "Message-bar resource", §7 get-ad-list
 * and /v2/location) and the operator's links the shell shows: desktop downloads by operating
 * system, mobile stores by language and country, feedback and support.
 */
import { z } from 'zod';
import { sitePaths } from './sitePaths.js';
import { route } from './route.js';

// Paths and names live in a zod-free module: the home page's shell uses them on first load.
export { sitePaths, desktopOperatingSystems, storeVariants, type DesktopOperatingSystem, type StoreVariant } from './sitePaths.js';

/** The event popup's advertisement; adv_popshow 1 pops it up (SPEC §4). */
export const adInfo = z.object({
  adv_popshow: z.union([z.literal(0), z.literal(1)]),
  adv_url: z.string(),
  adv_img: z.string(),
});
export type AdInfo = z.infer<typeof adInfo>;

/** The visitor's country as an upper-case ISO 3166 code, or '' when unknown. */
export const locationInfo = z.object({ country: z.string() });
export type LocationInfo = z.infer<typeof locationInfo>;

/** One message-bar entry; display times are Unix seconds. */
export const messageBarResource = z.object({
  resource_id: z.string(),
  title: z.string(),
  jump_url: z.string(),
  display_start_time: z.number().int(),
  display_end_time: z.number().int(),
});
export type MessageBarResource = z.infer<typeof messageBarResource>;

export const messageBar = z.object({
  key: z.string(),
  resource_list: z.array(messageBarResource),
});
export type MessageBar = z.infer<typeof messageBar>;

const link = z.string();


export const storeLinks = z.object({ android: link, ios: link });
export type StoreLinks = z.infer<typeof storeLinks>;

/** Mobile-store link variants of SPEC §9: one default, one for Spanish, one for Brazil. */

/**
 * What the shell links to. Every link is '' unless the operator configures it; the shell
 * leaves out an entry without a link rather than pointing somewhere that does not exist.
 */
export const shellConfig = z.object({
  downloads: z.object({ windows: link, mac: link, android: link, ios: link }),
  mobile_store: z.object({ default: storeLinks, es: storeLinks, br: storeLinks }),
  feedback_url: link,
  support_url: link,
  /** The traffic banner's entries (SPEC §3 message-bar resource), those showing now. */
  message_bar: messageBar,
});
export type ShellConfig = z.infer<typeof shellConfig>;

/**
 * The site shell's calls. Their paths come from the zod-free `sitePaths`, because the home
 * page's shell fetches them on first load without loading zod; the declarations here are what
 * the server implements and the OpenAPI document lists.
 */
export const siteRoutes = {
  adList: route({
    method: 'GET', path: sitePaths.adList, auth: 'public',
    summary: 'The event popup advertisement; adv_popshow 1 pops it up.',
    response: adInfo,
  }),
  location: route({
    method: 'GET', path: sitePaths.location, auth: 'public',
    summary: "The visitor's country (ISO 3166 alpha-2, upper case), or '' when unknown.",
    response: locationInfo,
  }),
  shellConfig: route({
    method: 'GET', path: sitePaths.shellConfig, auth: 'public',
    summary: 'Desktop and mobile-store links, feedback and support addresses, and the traffic banner entries showing now.',
    response: shellConfig,
  }),
};
