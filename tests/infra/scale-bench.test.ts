import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../infra/local/launcher';

const run = promisify(execFile);

interface Sample {
  samples: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
}

/**
 * `npm run bench -- --scale` in miniature (a thousandth of the seed, three requests a read): the
 * whole run goes through, both databases answer every read, and the report holds what
 * docs/performance.md's table is made from. The targets are the bench's business, not this
 * test's: the exit code may say one was missed.
 */
describe('npm run bench -- --scale', () => {
  it('measures every read on both databases and the newsletter, into results-quick.json', async () => {
    const bench = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'infra/bench/run-bench.ts',
        '--scale',
        '--seed-scale',
        '0.001',
        '--samples',
        '3',
      ],
      { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024, timeout: 170_000 },
    ).catch((error: unknown) => {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      // Exit code 1 is a missed target; anything else is the run failing.
      if (failed.code !== 1) throw new Error(`${String(failed.stderr)}\n${String(failed.stdout)}`);
      return { stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
    });
    expect(bench.stdout).toContain('| read (one request at a time)');
    const report = JSON.parse(
      readFileSync(path.join(repoRoot, 'bench', 'results-quick.json'), 'utf8'),
    ) as {
      seedScale: number;
      reads: { read: string; empty: Sample; seeded: Sample; p95Ratio: number }[];
      newsletter: { measured: { count: number; send: { exactlyOnce: boolean } } };
    };
    expect(report.seedScale).toBe(0.001);
    const names = report.reads.map((read) => read.read);
    for (const expected of [
      'bookings list, first page',
      'bookings list, page 50',
      'bookings search by email',
      'bookings search by reference',
      'schedule board, this week',
      'plans tab',
      'reviews tab (pending)',
      'customer dashboard (200 bookings)',
      'manage page of a booking',
      'availability for a month',
    ]) {
      expect(names).toContain(expected);
    }
    for (const read of report.reads) {
      expect(read.empty.samples, read.read).toBe(3);
      expect(read.seeded.samples, read.read).toBe(3);
      expect(read.seeded.p95Ms).toBeGreaterThan(0);
    }
    expect(report.newsletter.measured.count).toBe(500);
    expect(report.newsletter.measured.send.exactlyOnce).toBe(true);
  }, 180_000);
});
