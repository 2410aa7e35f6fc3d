import { defineConfig } from 'vitest/config';

// npm run test:campaign: the hostile-input campaign, apart from the unit and integration suites.
export default defineConfig({
  test: {
    name: 'campaign',
    root: new URL('.', import.meta.url).pathname,
    include: ['campaign/**/*.test.ts'],
    testTimeout: 20 * 60_000,
    hookTimeout: 20 * 60_000,
  },
});
