import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import { LongestFirst } from './test/e2e/longestFirst.ts'
import { sourceTransforms } from './tools/vite/sourceTransforms.ts'

/**
 * The test projects. Only what compiles the source (tools/vite/sourceTransforms.ts): none of the build's own plugins
 * (the worker, the catalogues, the manifests, the town list, the route tree), which one unit file never needs.
 * A project that needs the bundle builds it (test/e2e/global-setup.ts, test/server/clientBuild.test.ts) with vite.config.ts.
 */
export default defineConfig({
  plugins: sourceTransforms(),
  test: {
    // At least two files at a time. Vitest's default leaves one core to itself, which on CI's two cores means one file
    // at a time: the unit and server files spend part of their time waiting (PGlite's start, timers, the sandboxes'
    // answers), and in .ci/run the PostgreSQL projects' tail leaves the second core idle.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/{domain,machines,store,outbox,sw,pwa,api,i18n,ui,lib,features,docs,app}/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['test/setup.ts'],
          // A time limit catches a hang, not slowness (the bench measures speed): the model tests replay every path and
          // the translation scan reads every screen, which took 7-8 s on a busy 2-core machine, over the default 5 s.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // The forms in jsdom with Testing Library: what a customer types, reads and sends, in seconds.
          name: 'component',
          include: ['test/component/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['test/setup.ts', 'test/component/setup.ts'],
          // A form test takes well under a second; a machine shared by many runs may take ten times that.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          environment: 'node',
          // Files run in parallel, each on its own copy of one migrated database.
          globalSetup: ['test/server/helpers/databaseTemplate.ts'],
          testTimeout: 30_000,
          // Opening a file's copy of the database takes a second, or many on a machine busy with other runs.
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // Several processes of the compiled server on one PostgreSQL: run with DATABASE_URL set (.ci/run's PostgreSQL step).
          name: 'instances',
          include: ['test/instances/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // What only PostgreSQL has (the pool, locks held by another connection): run with DATABASE_URL set (.ci/run's PostgreSQL step).
          name: 'postgres',
          include: ['test/postgres/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['test/postgres/setup.ts'],
          fileParallelism: false,
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // `npm run check:prod-install` (.ci/run): the image's run stage, with an install from the registry.
          name: 'release',
          include: ['test/release/**/*.test.ts'],
          environment: 'node',
          testTimeout: 240_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          environment: 'node',
          // Three files at a time, each with its own Chromium: a file spends much of its time waiting on the page, and
          // with two, CI's two cores still stood idle 10% of the end-to-end time on average, up to 47% (vmstat every 10 s
          // through a fresh-clone .ci/run).
          // A file that changes what others read on the run's shared server (the demo customer's balances, the clock,
          // the settings) starts its own (ownServer.ts).
          maxWorkers: 3,
          // No retries: a test that fails once is fixed by waiting on what it looks at, never run again until it passes.
          retry: 0,
          // A poll waits as long as a locator does (test/e2e/browser.ts: 10 s), never expect.poll's default one second.
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 180_000,
          globalSetup: ['test/e2e/global-setup.ts'],
        },
      },
    ],
  },
})
