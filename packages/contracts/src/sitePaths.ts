/** Paths and names of the site shell calls (SPEC §2, §7); the schemas are in site.ts. */
export const sitePaths = {
  adList: '/get-ad-list',
  location: '/v2/location',
  shellConfig: '/site/shell',
} as const;

export const desktopOperatingSystems = ['windows', 'mac', 'android', 'ios'] as const;
export type DesktopOperatingSystem = (typeof desktopOperatingSystems)[number];

export const storeVariants = ['default', 'es', 'br'] as const;
export type StoreVariant = (typeof storeVariants)[number];
