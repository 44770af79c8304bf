/**
 * Issue 20's targets, for one run on this machine, each against the scenario's floor (the same
 * durable work done by bare code on the same services): a scenario's own file says what its floor
 * does. The ratio to the echo or the bare pool is shown beside it, without a target of its own.
 */
export const TARGETS = {
  subscribe: { minFloorRatio: 0.7, maxP99Ms: 50, maxApiCpuMsPerRequest: 0.6 },
  bookingUpload: { minFloorRatio: 0.7, maxP99Ms: 250 },
  bookingEmails: { minFloorRatio: 0.7 },
  newsletter: { minFloorRatio: 0.8, maxWorkersRssMb: 200 },
} as const;

/** A ratio to two decimals; null without a baseline to divide by. */
export function ratioOf(product: number, baseline: number): number | null {
  return baseline > 0 ? Math.round((product / baseline) * 100) / 100 : null;
}

/** What a target asks, checked one condition at a time so a miss says which one. */
export class TargetCheck {
  readonly missed: string[] = [];

  expect(condition: boolean, otherwise: string): this {
    if (!condition) this.missed.push(otherwise);
    return this;
  }

  /** The product at `min` times its floor or better (no floor: missed). */
  expectFloorRatio(ratio: number | null, min: number): this {
    return this.expect(
      (ratio ?? 0) >= min,
      `ratio to floor ${String(ratio)} < ${String(min)}`,
    );
  }

  expectP99(p99Ms: number, maxMs: number): this {
    return this.expect(p99Ms < maxMs, `p99 ${String(p99Ms)} ms >= ${String(maxMs)} ms`);
  }

  get met(): boolean {
    return this.missed.length === 0;
  }
}
