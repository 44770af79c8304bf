import { visitDateField } from '@hs/api/domain/booking/booking-schema';
import type { TimeWindowId } from '@hs/api/domain/booking/catalogue';
import { useQuery } from '@tanstack/react-query';
import { fetchAvailability } from '../../api/bookings-api';
import { queryKeys } from '../../api/query-keys';

/**
 * A window as the form offers it: bookable, without a place left, no longer open to book, or on
 * a day the business is closed (the business calendar: a holiday, an operator's closure).
 */
export type WindowState = 'open' | 'full' | 'closed' | 'dayClosed';

/** What the API said of the chosen day. */
export interface DayAvailability {
  readonly windowState: (window: TimeWindowId) => WindowState;
  /**
   * Why the business is closed the whole chosen day ('Christmas Day', an operator's
   * 'Snowstorm'), or null: open, or not known (yet).
   */
  readonly closedReason: string | null;
}

interface DayWindows {
  readonly date: string;
  readonly windows: Partial<Record<TimeWindowId, number>>;
  readonly closed: readonly TimeWindowId[];
  readonly closedReason: string | null;
}

/**
 * The state of each time window of the chosen day, from the API's availability: the server's
 * clock says which have closed (same-day lead time), not the visitor's, and its calendar which
 * days are closed. Asked only for a date the API would take, so a year typed digit by digit
 * ('0002-...') asks for nothing. Until it answers, or if it cannot, every window stays
 * choosable: the server has the last word. What takes no place (a Custom Estimate: `needsPlace`
 * false) is kept only out of closed windows and closed days.
 */
export function useWindowAvailability(date: string, needsPlace: boolean): DayAvailability {
  const asks = visitDateField().safeParse(date).success;
  // Unknown availability (not asked yet, or failed) leaves every window choosable.
  const { data: known = null } = useQuery({
    queryKey: queryKeys.availability(date),
    queryFn: async (): Promise<DayWindows> => {
      const day = (await fetchAvailability(date, date)).days[0];
      return {
        date,
        windows: day?.windows ?? {},
        closed: day?.closed ?? [],
        closedReason: day?.closedReason ?? null,
      };
    },
    enabled: asks,
  });

  return {
    closedReason: known?.closedReason ?? null,
    windowState: (window) => {
      if (known === null) return 'open';
      if (known.closedReason !== null) return 'dayClosed';
      if (known.closed.includes(window)) return 'closed';
      return needsPlace && known.windows[window] === 0 ? 'full' : 'open';
    },
  };
}
