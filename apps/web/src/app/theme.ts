import { createTheme, type MantineColorsTuple } from '@mantine/core';

const brand: MantineColorsTuple = [
  '#fff0f0', '#ffdfe0', '#fdbdbf', '#f99598', '#f46f73',
  '#ee5a5e', '#e5484d', '#cc3a3f', '#b32f34', '#9a2328',
];

/** Breakpoints of SPEC §2: desktop above 768 px (sm), wide navigation from 1280 px (lg). */
export const theme = createTheme({
  primaryColor: 'brand',
  // Shade 7 keeps white text on filled buttons at 4.9:1 (WCAG AA); shade 6 gave 3.9:1.
  primaryShade: 7,
  colors: { brand },
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  defaultRadius: 'md',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '80em', xl: '90em' },
  cursorType: 'pointer',
});
