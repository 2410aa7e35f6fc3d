import { defineConfig } from 'vitest/config';

/**
 * npm run test:scale: the server integration tests again, against PostgreSQL (scripts/scale-up.sh,
 * started by test/scaleSetup.ts), each test server on a database of its own; and the migration
 * tests, whose PostgreSQL part runs only here. Unit tests of src/ do not touch the database
 * adapter and are not repeated.
 */
export default defineConfig({
  test: {
    name: 'scale',
    root: new URL('.', import.meta.url).pathname,
    include: ['test/**/*.test.ts', 'src/db/migrations.test.ts'],
    globalSetup: ['test/scaleSetup.ts'],
    // Each test file starts its own server processes: two files at a time fit two cores.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
