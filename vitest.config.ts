import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import LongestFirstSequencer from './tests/setup/longest-first-sequencer.ts';
import { scaled } from './tests/support/time-scale.ts';

/**
 * One run, six projects. The global setup starts the embedded services once for the whole run
 * (or uses the URLs already in the environment) and hands their addresses to every test file.
 *
 * The unit projects run two files at a time: their files spend most of their time waiting on
 * MongoDB, Redis, HTTP and child processes, and every file has a database, queue prefix and
 * mailbox addresses of its own (tests/support/test-env.ts), so they do not see each other.
 */
const UNIT_WORKERS = 2;

/**
 * Browser files at a time: two, a core each; `npm run test:slow` sets one, since its slow
 * machine is a single core already shared with a busy process.
 */
const BROWSER_WORKERS = Number(process.env.TEST_BROWSER_WORKERS ?? '2') || 2;

/** `npm run test:failover` alone; in `npm test` beside the browser files. */
const FAILOVER = 'tests/faults/failover.test.ts';

export default defineConfig({
  test: {
    globalSetup: ['tests/setup/global-stack.ts'],
    reporters: ['default', './tests/setup/summary-reporter.ts'],
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: scaled(30_000),
    hookTimeout: scaled(120_000),
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          maxWorkers: UNIT_WORKERS,
          include: ['api/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'workers',
          maxWorkers: UNIT_WORKERS,
          include: ['workers/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        plugins: [react()],
        test: {
          name: 'web',
          maxWorkers: UNIT_WORKERS,
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // jsdom lacks <dialog>'s methods, which every modal opens with.
          setupFiles: [
            'web/src/test-support/dialog-polyfill.ts',
            'web/src/test-support/wait-longer.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          maxWorkers: UNIT_WORKERS,
          include: ['tests/infra/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        // Faults, hostile input and security: real processes, real services, things going wrong.
        test: {
          name: 'faults',
          // After the unit projects and before the browser: stopping services and flooding the
          // API needs the machine's cores to itself for its timings to mean anything.
          sequence: { groupOrder: 1 },
          maxWorkers: 1,
          include: ['tests/faults/**/*.test.ts'],
          exclude: [...configDefaults.exclude, FAILOVER],
          environment: 'node',
          testTimeout: scaled(300_000),
        },
      },
      {
        extends: true,
        // MongoDB and Redis failing over under traffic, on a topology of its own: it measures no
        // timing of the machine's, so it takes a browser slot beside the browser files rather
        // than five minutes of the run alone (a group's projects share one worker count), first
        // of them, as the longest (tests/setup/longest-first-sequencer.ts).
        test: {
          name: 'failover',
          sequence: { groupOrder: 2 },
          maxWorkers: BROWSER_WORKERS,
          include: [FAILOVER],
          environment: 'node',
          testTimeout: scaled(600_000),
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          // Last, after the fault tests' timings. Every file has its own product, Chromium and
          // database, and `npm run test:slow` proves they hold up on far less than a core.
          sequence: { groupOrder: 2 },
          maxWorkers: BROWSER_WORKERS,
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: scaled(60_000),
        },
      },
    ],
  },
});
