import { visitDateField } from '@hs/api/domain/booking/booking-schema';
import type { TimeWindowId } from '@hs/api/domain/booking/catalogue';
import { useEffect, useState } from 'react';
import { fetchAvailability } from '../../api/bookings-api';

/** A window as the form offers it: bookable, without a place left, or no longer open to book. */
export type WindowState = 'open' | 'full' | 'closed';

interface DayWindows {
  readonly date: string;
  readonly windows: Partial<Record<TimeWindowId, number>>;
  readonly closed: readonly TimeWindowId[];
}

/**
 * The state of each time window of the chosen day, from the API's availability: the server's
 * clock says which have closed (same-day lead time), not the visitor's. Asked only for a date
 * the API would take, so a year typed digit by digit ('0002-...') asks for nothing. Until it
 * answers, or if it cannot, every window stays choosable: the server has the last word. What
 * takes no place (a Custom Estimate: `needsPlace` false) is kept only out of closed windows.
 */
export function useWindowAvailability(
  date: string,
  needsPlace: boolean,
): (window: TimeWindowId) => WindowState {
  const [availability, setAvailability] = useState<DayWindows | null>(null);
  const asks = visitDateField().safeParse(date).success;

  useEffect(() => {
    if (!asks) return;
    let current = true;
    fetchAvailability(date, date).then(
      (answer) => {
        const day = answer.days[0];
        if (current)
          setAvailability({ date, windows: day?.windows ?? {}, closed: day?.closed ?? [] });
      },
      () => {
        // Unknown availability leaves every window choosable.
      },
    );
    return () => {
      current = false;
    };
  }, [date, asks]);

  return (window) => {
    if (availability?.date !== date) return 'open';
    if (availability.closed.includes(window)) return 'closed';
    return needsPlace && availability.windows[window] === 0 ? 'full' : 'open';
  };
}
