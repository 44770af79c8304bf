import type { TimeWindowId } from '@hs/api/domain/booking/catalogue';
import { useEffect, useState } from 'react';
import { fetchAvailability } from '../../api/bookings-api';

interface DayWindows {
  readonly date: string;
  readonly windows: Partial<Record<TimeWindowId, number>>;
}

/**
 * Which time windows of the chosen day have no place left, from the API's availability. Until it
 * answers, or if it cannot, every window stays choosable: the server has the last word.
 */
export function useWindowAvailability(
  date: string,
  isEstimate: boolean,
): (window: TimeWindowId) => boolean {
  const [availability, setAvailability] = useState<DayWindows | null>(null);

  useEffect(() => {
    // A Custom Estimate holds no place, so every window is open to it.
    if (isEstimate || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    let current = true;
    fetchAvailability(date, date).then(
      (answer) => {
        if (current) setAvailability({ date, windows: answer.days[0]?.windows ?? {} });
      },
      () => {
        // Unknown availability leaves every window choosable.
      },
    );
    return () => {
      current = false;
    };
  }, [date, isEstimate]);

  return (window) =>
    !isEstimate && availability?.date === date && availability.windows[window] === 0;
}
