import { visitDateField } from '@hs/api/domain/booking/booking-schema';
import type { TimeWindowId } from '@hs/api/domain/booking/catalogue';
import type { MonthlyPlanPreview } from '@hs/api/domain/subscription/visit-schedule';
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/api-client';
import { fetchMonthlyPlan } from '../../api/bookings-api';
import { monthlyVisitsCopy as copy } from '../../content/services-content';

/**
 * Long enough that stepping a date input's day or typing its year asks once, at the end, rather
 * than for every date on the way.
 */
export const PREVIEW_DELAY_MS = 250;

export type MonthlyPlanPreviewState =
  /** No date the API would take yet: nothing to show. */
  | { readonly kind: 'waiting' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'ready'; readonly preview: MonthlyPlanPreview }
  | { readonly kind: 'failed'; readonly message: string }
  /**
   * The API refused the date itself (a day we are closed): there is nothing to check the visits
   * against, and only another date helps, so the form's "you can still continue" is not said.
   */
  | { readonly kind: 'refused'; readonly message: string };

interface Answer {
  /** Which date, window and attempt it answers: an older one is never shown for a newer. */
  readonly key: string;
  readonly state: MonthlyPlanPreviewState;
}

function failureText(error: unknown): string {
  return error instanceof ApiError && (error.fromServer || error.status === 0)
    ? `${copy.failed} ${error.message}`
    : copy.failed;
}

/**
 * docs of the rule: api/src/domain/subscription/visit-schedule.ts. The Monthly Visit plan's four
 * visits from the chosen date and window, asked again whenever either changes (the previous
 * question cancelled) and when `retry` is called, such as after the booking was refused.
 */
export function useMonthlyPlanPreview(
  date: string,
  time: TimeWindowId,
  enabled: boolean,
): { readonly state: MonthlyPlanPreviewState; readonly retry: () => void } {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [attempt, setAttempt] = useState(0);
  // The API refuses a date before today or past the horizon: a half-typed year never asks.
  const asks = enabled && visitDateField().safeParse(date).success;
  const key = `${date}|${time}|${String(attempt)}`;

  useEffect(() => {
    if (!asks) return;
    const controller = new AbortController();
    const settle = (state: MonthlyPlanPreviewState) => {
      if (!controller.signal.aborted) setAnswer({ key, state });
    };
    const timer = setTimeout(() => {
      fetchMonthlyPlan({ date, time }, controller.signal).then(
        (preview) => {
          settle({ kind: 'ready', preview });
        },
        (error: unknown) => {
          const refused =
            error instanceof ApiError && error.status === 400 ? error.fields.date : undefined;
          settle(
            refused === undefined
              ? { kind: 'failed', message: failureText(error) }
              : { kind: 'refused', message: refused },
          );
        },
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [asks, date, time, key]);

  const state: MonthlyPlanPreviewState = !asks
    ? { kind: 'waiting' }
    : answer?.key === key
      ? answer.state
      : { kind: 'loading' };
  return {
    state,
    retry: () => {
      setAttempt((count) => count + 1);
    },
  };
}
