import type { AdminScheduleWeek } from '@hs/api/domain/admin/admin-views';
import { timeLabel } from '@hs/api/domain/booking/booking-schema';
import { TIME_WINDOW_IDS } from '@hs/api/domain/booking/catalogue';
import { useId } from 'react';
import { scheduleContent as copy } from './schedule-content';
import { formatWeekday } from './schedule-format';
import { placesText } from './WindowCell';

/**
 * The week at a glance: the places used of each window of each day, and the site visits waiting
 * to be scheduled. The days below it hold the visits themselves.
 */
export function WeekSummary({ week }: { readonly week: AdminScheduleWeek }) {
  const captionId = useId();
  return (
    // Wider than a phone: the table scrolls on its own, and a keyboard can scroll it too.
    <div className="admin-table" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="schedule-summary">
        <caption id={captionId}>{copy.summaryCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{copy.summaryWindow}</th>
            {week.days.map((day) => (
              <th key={day.date} scope="col">
                {formatWeekday(day.date)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {TIME_WINDOW_IDS.map((time) => (
            <tr key={time}>
              <th scope="row">{timeLabel(time)}</th>
              {week.days.map((day) => {
                const window = day.windows.find((candidate) => candidate.time === time);
                const full = window !== undefined && window.used >= window.capacity;
                return (
                  <td key={day.date} className={full ? 'schedule-summary__full' : undefined}>
                    {window === undefined ? null : placesText(window)}
                  </td>
                );
              })}
            </tr>
          ))}
          <tr>
            <th scope="row">{copy.toScheduleRow}</th>
            {week.days.map((day) => (
              <td key={day.date}>{day.estimates.length}</td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
