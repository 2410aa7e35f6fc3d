import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/engine', 'packages/ai', 'apps/server', 'apps/web'],
    // Server tests start their own server processes and engine tests run MuPDF: two at a time fits two cores.
    maxWorkers: 2,
  },
});
