/**
 * What only the site says of a Monthly Visit plan's standing (the standing itself, its label and
 * its sentences, are the API's: domain/subscription/plan-messages.ts).
 */
export const planStandingCopy = {
  /** The row naming the paused month, beside "Renews on". */
  paused: 'Paused',
  /** Undoes a paused month before it begins. */
  resume: 'Resume next month',
  resumeLabel: (from: string) => `Resume the month from ${from}`,
};
