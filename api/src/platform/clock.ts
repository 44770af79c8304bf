/** The time, asked for rather than read, so a test can say when "now" is. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
