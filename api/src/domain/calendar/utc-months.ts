/**
 * Whole months from an instant, as a payment provider counts its billing periods: in UTC, from
 * the moment billing began, a day past the month's end clamped to its last day (a plan begun on
 * January 31 renews on the last day of February, then on March 31).
 */
export function addMonthsUtc(time: Date, months: number): Date {
  const day = time.getUTCDate();
  const shifted = new Date(time);
  shifted.setUTCDate(1);
  shifted.setUTCMonth(shifted.getUTCMonth() + months);
  const last = new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, 0));
  shifted.setUTCDate(Math.min(day, last.getUTCDate()));
  return shifted;
}
