import { z } from 'zod';
import { BOOKING_STATUSES } from '../domain/booking/booking-status';
import { TIME_WINDOW_IDS } from '../domain/booking/catalogue';
import {
  PLAN_STANDING_KINDS,
  type MonthlyPlanView,
  type PlanStanding,
} from '../domain/subscription/plan-standing';

/**
 * The shapes of a plan in the API's answers, for the API reference (they check nothing). Every
 * answer about a visit of a plan carries its plan, so they sit with the booking answers, below
 * subscriptions/ (.dependency-cruiser.cjs), whose plan routes answer with them too.
 */

const date = (description: string) => z.string().describe(`YYYY-MM-DD, in Toronto. ${description}`);

export const planStandingSchema = z
  .object({
    kind: z.enum(PLAN_STANDING_KINDS),
    label: z.string().describe('How the standing reads in a status row.'),
    renewsOn: date(
      'The next renewal: after a paused month when one is; null when the plan will not renew.',
    ).nullable(),
    pausedFrom: date('The first day of the coming month the customer paused, or null.').nullable(),
    endsOn: date(
      'The day the plan stops (ending) or stopped (ended); null while it renews.',
    ).nullable(),
    summary: z.string().describe('Where the plan stands, in a sentence or two.'),
    changes: z
      .object({
        cancel: z.boolean(),
        keep: z.boolean(),
        pause: z.boolean(),
        resume: z.boolean(),
      })
      .describe('What the customer may change now (keep and resume: POST /resume).'),
  })
  .describe(
    'Where a Monthly Visit plan stands, computed once: what every screen and email says.',
  ) satisfies z.ZodType<PlanStanding>;

export const monthlyPlanSchema = z
  .object({
    id: z.string().describe("The plan's id: its first visit's booking id."),
    status: z.enum(['incomplete', 'active', 'past_due', 'ended']),
    rule: z.string().describe('The rule every monthly period follows, in words.'),
    amountCents: z.number().int().describe('CAD cents a month.'),
    periodStart: date("The current month's first day."),
    nextPeriodStart: date(
      "The next month's first day: a visit moves within its own month, before this day.",
    ),
    standing: planStandingSchema,
    neverPaid: z
      .boolean()
      .describe(
        'No month was ever paid: calling off any visit cancels the whole plan (a paid plan’s visit is skipped).',
      ),
    visits: z.array(
      z.object({
        id: z.string(),
        date: z.string(),
        time: z.enum(TIME_WINDOW_IDS),
        timeLabel: z.string(),
        status: z.enum(BOOKING_STATUSES),
      }),
    ),
  })
  .describe(
    'For a visit of a Monthly Visit plan: the plan and its visits.',
  ) satisfies z.ZodType<MonthlyPlanView>;
