/**
 * How much slower than usual this run may be: `npm run test:slow` sets TEST_TIME_SCALE (one core,
 * shared with a busy process), and every deadline the suite sets is multiplied by it, so a slow
 * machine finds races, not deadlines. 1 everywhere else.
 */
export const TIME_SCALE = Math.max(1, Number(process.env.TEST_TIME_SCALE ?? '1') || 1);

/** `ms` on this run's clock. */
export function scaled(ms: number): number {
  return Math.round(ms * TIME_SCALE);
}
