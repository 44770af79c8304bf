import { visitDateField } from '@hs/api/domain/booking/booking-schema';
import type { TimeWindowId } from '@hs/api/domain/booking/catalogue';
import type { MonthlyPlanPreview } from '@hs/api/domain/subscription/visit-schedule';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/api-client';
import { fetchMonthlyPlan } from '../../api/bookings-api';
import { queryKeys } from '../../api/query-keys';
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

function failureText(error: unknown): string {
  return error instanceof ApiError && (error.fromServer || error.status === 0)
    ? `${copy.failed} ${error.message}`
    : copy.failed;
}

/** Waits `ms`, or rejects at once when the question is dropped meanwhile. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('The question was dropped.', 'AbortError'));
    });
  });
}

/** The API refused the date itself: its words for the date field, or undefined. */
function refusalOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 400 ? error.fields.date : undefined;
}

/**
 * docs of the rule: api/src/domain/subscription/visit-schedule.ts. The Monthly Visit plan's four
 * visits from the chosen date and window, asked again whenever either changes (the previous
 * question dropped) and when `retry` is called, such as after the booking was refused.
 */
export function useMonthlyPlanPreview(
  date: string,
  time: TimeWindowId,
  enabled: boolean,
): { readonly state: MonthlyPlanPreviewState; readonly retry: () => void } {
  const client = useQueryClient();
  // The API refuses a date before today or past the horizon: a half-typed year never asks.
  const asks = enabled && visitDateField().safeParse(date).success;
  const queryKey = queryKeys.monthlyPlan(date, time);
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      // Each date on the way to the one wanted drops its question before it is sent.
      await pause(PREVIEW_DELAY_MS, signal);
      return fetchMonthlyPlan({ date, time }, signal);
    },
    enabled: asks,
  });

  const state: MonthlyPlanPreviewState = !asks
    ? { kind: 'waiting' }
    : query.status === 'success'
      ? { kind: 'ready', preview: query.data }
      : query.status === 'error' && !query.isFetching
        ? refusalOf(query.error) === undefined
          ? { kind: 'failed', message: failureText(query.error) }
          : { kind: 'refused', message: refusalOf(query.error) ?? '' }
        : { kind: 'loading' };
  return {
    state,
    retry: () => {
      // Asked afresh, and said to be loading until the new answer: the old one may be wrong now.
      void client.resetQueries({ queryKey, exact: true });
    },
  };
}
