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

  /** The product at `min` times its baseline or better (no baseline: missed). */
  expectRatio(ratio: number | null, min: number): this {
    return this.expect((ratio ?? 0) >= min, `ratio ${String(ratio)} < ${String(min)}`);
  }

  expectP99(p99Ms: number, maxMs: number): this {
    return this.expect(p99Ms < maxMs, `p99 ${String(p99Ms)} ms >= ${String(maxMs)} ms`);
  }

  get met(): boolean {
    return this.missed.length === 0;
  }
}
