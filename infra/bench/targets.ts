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

  get met(): boolean {
    return this.missed.length === 0;
  }
}
