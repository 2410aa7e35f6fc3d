/**
 * The routes of SPEC §2 the web app serves, without a language prefix: the language spec
 * opens each one in every language. When router.tsx gains a route of §2, add it here.
 */
import { appPageNames, toolPageNames } from '@pagewright/contracts';

export const sectionTwoRoutes: readonly string[] = [
  '/',
  '/preview',
  '/template',
  '/message',
  '/pricing',
  '/pricing',
  '/app',
  '/app/home-test',
  '/app/login-callback.html',
  ...appPageNames.map((name) => `/app/${name}`),
  '/app/pdf-editor?t=annotate',
  '/app/pdf-editor?t=edit',
  ...toolPageNames.map((name) => `/app/${name}`),
];

/** Path prefix and the locale (html lang) it shows; English has no prefix. */
export const languages = [
  { prefix: '', locale: 'en' },
  { prefix: '/de', locale: 'de' },
  { prefix: '/es', locale: 'es' },
  { prefix: '/fr', locale: 'fr' },
  { prefix: '/jp', locale: 'ja' },
  { prefix: '/pt', locale: 'pt-br' },
] as const;
