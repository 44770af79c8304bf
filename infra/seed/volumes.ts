/** What scale 1 holds: three years of a busy business (issue 35). */
export const FULL_SCALE = {
  accounts: 200_000,
  bookings: 1_000_000,
  plans: 50_000,
  subscribers: 500_000,
  deliveries: 2_000_000,
  reviews: 100_000,
  contactMessages: 50_000,
} as const;

export type Volumes = Record<keyof typeof FULL_SCALE, number> & {
  /** Past campaigns the deliveries are spread over. */
  campaigns: number;
};

/** How many past campaigns the deliveries go to (the newsletter's history). */
const CAMPAIGNS = 8;

/** Every count times `scale`, at least 1 (a tenth of a business still has one of each). */
export function volumesAt(scale: number): Volumes {
  if (!(scale > 0) || scale > 10) throw new Error(`--scale must be above 0 and at most 10`);
  const scaled = (count: number) => Math.max(1, Math.round(count * scale));
  const volumes = Object.fromEntries(
    Object.entries(FULL_SCALE).map(([name, count]) => [name, scaled(count)]),
  ) as Record<keyof typeof FULL_SCALE, number>;
  // A plan's first visit is a booking: there are never more plans than bookings can hold.
  volumes.plans = Math.min(volumes.plans, Math.max(1, Math.floor(volumes.bookings / 8)));
  return { ...volumes, campaigns: Math.min(CAMPAIGNS, volumes.deliveries) };
}
