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
    // On a phone each window is a card of its days (the cells' data-label names the day), as
    // the console's other tables are: nothing hides off to the right.
    <div
      className="admin-table admin-table--cards"
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
    >
      <table className="schedule-summary" role="table">
        <caption id={captionId}>{copy.summaryCaption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              {copy.summaryWindow}
            </th>
            {week.days.map((day) => (
              <th key={day.date} scope="col" role="columnheader">
                {formatWeekday(day.date)}
                {day.closedReason === undefined ? null : (
                  <span className="schedule-summary__closed-reason">
                    {copy.closed(day.closedReason)}
                  </span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {TIME_WINDOW_IDS.map((time) => (
            <tr key={time} role="row">
              <th scope="row" role="rowheader">
                {timeLabel(time)}
              </th>
              {week.days.map((day) => {
                const window = day.windows.find((candidate) => candidate.time === time);
                const full = window !== undefined && window.used >= window.capacity;
                // A closed day has no places to count: it says so in each of its windows.
                if (day.closedReason !== undefined) {
                  return (
                    <td
                      key={day.date}
                      role="cell"
                      data-label={formatWeekday(day.date)}
                      className="schedule-summary__closed"
                    >
                      {copy.closedCell}
                    </td>
                  );
                }
                return (
                  <td
                    key={day.date}
                    role="cell"
                    data-label={formatWeekday(day.date)}
                    className={full ? 'schedule-summary__full' : undefined}
                  >
                    {window === undefined ? null : placesText(window)}
                  </td>
                );
              })}
            </tr>
          ))}
          <tr role="row">
            <th scope="row" role="rowheader">
              {copy.toScheduleRow}
            </th>
            {week.days.map((day) => (
              <td key={day.date} role="cell" data-label={formatWeekday(day.date)}>
                {day.estimates.length}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
