import '../zod-config';
import { z } from 'zod';
import { lineOfText } from '../form-fields';
import { MAX_CLOSURE_DAYS } from './business-calendar';
import { addDays, daysBetween, isCalendarDate, longDate, todayInToronto } from './toronto-date';

/**
 * An operator's closure, as the console's form sends it and the API checks it. Browser-safe.
 * A closure is of days to come: a day gone by has nothing left to close.
 */

export const CLOSURE_REASON_MAX = 80;

export const ClosureMessages = {
  fromRequired: 'Please enter the first day to close (YYYY-MM-DD).',
  dateFormat: 'Please enter a date as YYYY-MM-DD.',
  fromPast: 'The first day to close cannot be before today.',
  toBeforeFrom: 'The last day cannot be before the first.',
  tooLong: `One closure may cover at most ${String(MAX_CLOSURE_DAYS)} days.`,
  tooFar: 'A closure must start within the next year.',
  notFound: 'That closure does not exist, or was removed already.',
  pastClosure: 'A closure that has begun cannot be removed: its days are gone or going.',
  closed: (from: string, to: string, reason: string) =>
    from === to
      ? `Closed on ${longDate(from)} (${reason}).`
      : `Closed from ${longDate(from)} to ${longDate(to)} (${reason}).`,
  reopened: (from: string, to: string) =>
    from === to
      ? `Open again on ${longDate(from)}. Visits moved for the closure stay where they are.`
      : `Open again from ${longDate(from)} to ${longDate(to)}. Visits moved for the closure stay where they are.`,
} as const;

const dayField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine(isCalendarDate, ClosureMessages.dateFormat);

/** `{ from, to?, reason }`: `to` defaults to `from` (one day). */
export function closureFormSchema(today: () => string = todayInToronto) {
  return z
    .object({
      from: dayField(ClosureMessages.fromRequired),
      to: dayField(ClosureMessages.dateFormat)
        .optional()
        .or(z.literal('').transform(() => undefined)),
      reason: lineOfText('The reason', CLOSURE_REASON_MAX, true),
    })
    .strict()
    .transform((form, context) => {
      const to = form.to ?? form.from;
      const now = today();
      if (form.from < now) {
        context.addIssue({ code: 'custom', path: ['from'], message: ClosureMessages.fromPast });
      } else if (form.from > addDays(now, 365)) {
        context.addIssue({ code: 'custom', path: ['from'], message: ClosureMessages.tooFar });
      }
      if (to < form.from) {
        context.addIssue({ code: 'custom', path: ['to'], message: ClosureMessages.toBeforeFrom });
      } else if (daysBetween(form.from, to) + 1 > MAX_CLOSURE_DAYS) {
        context.addIssue({ code: 'custom', path: ['to'], message: ClosureMessages.tooLong });
      }
      return { from: form.from, to, reason: form.reason };
    });
}

export type ClosureForm = z.output<ReturnType<typeof closureFormSchema>>;
