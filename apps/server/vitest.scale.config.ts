import { defineConfig } from 'vitest/config';

/**
 * npm run test:scale: the server integration tests again on the scale-out parts (started by
 * test/scaleSetup.ts): PostgreSQL (scripts/scale-up.sh), BullMQ on a Redis and S3 storage on an
 * emulator, each test server with a database, a Redis database and a bucket of its own and two
 * worker processes running its tasks (harness.startServer; a few files keep the embedded parts
 * they test); and the migration tests, whose PostgreSQL part runs only here. Unit tests of src/
 * do not touch the adapters and are not repeated.
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
