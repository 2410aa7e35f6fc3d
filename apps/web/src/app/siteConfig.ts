import { API_PREFIX, siteConfigPath, sisterSiteDomains, type SiteConfig } from '@pagewright/contracts';
import { create } from 'zustand';

/** Both redirects off: what the guard assumes when the configuration cannot be read. */
const redirectsOff: SiteConfig = { sister_sites: null, compress_redirect: false, ai_redirect: false, ocr_premium_only: false, share_permanent_premium_only: true };

/**
 * Checked by hand rather than with the contracts' zod schema: every page waits on this read,
 * and zod would make the home page's first load heavier by tens of kilobytes.
 */
export function parseSiteConfig(body: unknown): SiteConfig {
  const envelope = body as { code?: unknown; data?: Partial<SiteConfig> | null } | null;
  const data = envelope?.data;
  if (envelope?.code !== 0 || !data) return redirectsOff;
  const sites = data.sister_sites;
  const sitesValid = sites === null || (typeof sites === 'object' && sisterSiteDomains.every((d) => typeof sites?.[d] === 'string'));
  if (!sitesValid || typeof data.compress_redirect !== 'boolean' || typeof data.ai_redirect !== 'boolean') return redirectsOff;
  return {
    sister_sites: sites ?? null,
    compress_redirect: data.compress_redirect,
    ai_redirect: data.ai_redirect,
    // Only a marker in the page (the server refuses with OCR_PREMIUM_ONLY): absent reads as off.
    ocr_premium_only: data.ocr_premium_only === true,
    share_permanent_premium_only: data.share_permanent_premium_only !== false,
  };
}

interface SiteConfigState {
  /** Null until the one read at start answered. */
  config: SiteConfig | null;
  load(): void;
}

let loading = false;

/** The public site configuration (GET /api/site-config), read once per page load. */
export const useSiteConfigStore = create<SiteConfigState>((set) => ({
  config: null,
  load: () => {
    if (loading) return;
    loading = true;
    fetch(API_PREFIX + siteConfigPath, { headers: { Accept: 'application/json' }, credentials: 'same-origin' })
      .then((response) => response.json())
      .then(
        (body: unknown) => set({ config: parseSiteConfig(body) }),
        () => set({ config: redirectsOff }),
      );
  },
}));
