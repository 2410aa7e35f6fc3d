/** The sister site of SPEC §2 the compress and AI redirects go to. */
export const siteConfigPath = '/site-config';

/** The sister site's domain endings of SPEC §2. */
export const sisterSiteDomains = ['com', 'com.br', 'com.ru'] as const;
export type SisterSiteDomain = (typeof sisterSiteDomains)[number];

/** The `source` value appended to every sister-site redirect. */
export const sisterSiteSource = 'pagewright';
