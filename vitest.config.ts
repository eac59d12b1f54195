import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/domain/src/**/*.test.ts', 'packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Pure modules: files share a worker's module cache instead of loading it again each.
          isolate: false,
          // As the api project's (Vitest runs projects of one worker count together).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'api',
          include: ['packages/server/src/**/*.test.ts'],
          environment: 'node',
          // Every suite opens its own database (testing/db.ts), so files may share a worker's
          // modules, and with them the migrated embedded-database image made once per worker.
          isolate: false,
          // Two files at once even on two cores: much of a database test's time is spent waiting
          // on PostgreSQL or on I/O, which the second worker fills (Vitest's default is one
          // worker fewer than the cores).
          maxWorkers: 2,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 180_000,
          globalSetup: ['e2e/global-setup.ts'],
          // One file at a time: two at once on two cores left a click racing a page's hydration.
          fileParallelism: false,
          // The files share one worker's modules (Playwright, the helpers) instead of loading them
          // again each: every file's state is its own server and browser, made in its hooks.
          isolate: false,
          // A browser test that fails once is run again, and fails CI only when it fails twice;
          // the first failure is still printed (connect.test.ts prints the server's log with it).
          retry: 1,
        },
      },
    ],
  },
});
