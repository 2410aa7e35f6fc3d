import { readFileSync } from 'node:fs';
import {
  adInfo, messageBarResource, shellConfig, siteConfig, storeLinks, type AdInfo, type ShellConfig, type SiteConfig,
} from '@pagewright/contracts';
import { z } from 'zod';

/** Everything is optional in the operator's file; what is missing stays empty. */
const operatorFile = z.object({
  ad: adInfo.optional(),
  downloads: shellConfig.shape.downloads.partial().optional(),
  mobile_store: z.object({
    default: storeLinks.partial(),
    es: storeLinks.partial(),
    br: storeLinks.partial(),
  }).partial().optional(),
  feedback_url: z.string().optional(),
  support_url: z.string().optional(),
  message_bar: z.array(messageBarResource).optional(),
}).strict();
type OperatorFile = z.infer<typeof operatorFile>;

/** The message-bar key of the traffic banner. */
export const trafficBannerKey = 'traffic_banner';

const noAd: AdInfo = { adv_popshow: 0, adv_url: '', adv_img: '' };

/**
 * The shell's site data (SPEC §3 ad info and message bar, §7 get-ad-list and /v2/location):
 * read once from the operator's JSON file, empty without one; and the public site
 * configuration of SPEC §2's navigation guard, which the web app reads once at start.
 */
export class SiteService {
  private readonly content: OperatorFile;
  private readonly publicConfig: SiteConfig;

  constructor(private readonly options: { file?: string; countryHeader?: string }, config: SiteConfig) {
    this.content = options.file ? readOperatorFile(options.file) : {};
    this.publicConfig = siteConfig.parse(config);
  }

  /** Which routes the navigation guard sends to the sister site, and that site's addresses. */
  siteConfig(): SiteConfig {
    return this.publicConfig;
  }

  adInfo(): AdInfo {
    return this.content.ad ?? noAd;
  }

  /** The links and the message-bar entries whose display window contains `nowS` (Unix seconds). */
  shell(nowS: number): ShellConfig {
    const c = this.content;
    const store = (variant: 'default' | 'es' | 'br') => ({
      android: c.mobile_store?.[variant]?.android ?? '',
      ios: c.mobile_store?.[variant]?.ios ?? '',
    });
    return {
      downloads: {
        windows: c.downloads?.windows ?? '',
        mac: c.downloads?.mac ?? '',
        android: c.downloads?.android ?? '',
        ios: c.downloads?.ios ?? '',
      },
      mobile_store: { default: store('default'), es: store('es'), br: store('br') },
      feedback_url: c.feedback_url ?? '',
      support_url: c.support_url ?? '',
      message_bar: {
        key: trafficBannerKey,
        resource_list: (c.message_bar ?? []).filter((r) => r.display_start_time <= nowS && nowS < r.display_end_time),
      },
    };
  }

  /**
   * The visitor's country: the trusted proxy's header when one is configured and set, else
   * the region of the first Accept-Language tag that has one, else ''.
   */
  country(headers: Record<string, string | string[] | undefined>): string {
    if (this.options.countryHeader) {
      const fromProxy = first(headers[this.options.countryHeader])?.trim().toUpperCase() ?? '';
      // Cloudflare sends XX for unknown and T1 for Tor; neither is a country.
      if (/^[A-Z]{2}$/.test(fromProxy) && fromProxy !== 'XX' && fromProxy !== 'T1') return fromProxy;
    }
    return regionOf(first(headers['accept-language']) ?? '');
  }
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The first two-letter region subtag in an Accept-Language list ("pt-BR,pt;q=0.9" gives BR). */
export function regionOf(acceptLanguage: string): string {
  for (const part of acceptLanguage.split(',')) {
    const tag = part.split(';')[0]?.trim() ?? '';
    const region = tag.split(/[-_]/).slice(1).find((sub) => /^[A-Za-z]{2}$/.test(sub));
    if (region) return region.toUpperCase();
  }
  return '';
}

function readOperatorFile(file: string): OperatorFile {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`SITE_SHELL_FILE ${file} is not readable JSON: ${(error as Error).message}`, { cause: error });
  }
  const parsed = operatorFile.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`SITE_SHELL_FILE ${file} is invalid: ${issues}`);
  }
  return parsed.data;
}
