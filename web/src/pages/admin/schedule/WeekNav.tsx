import { addDays, isCalendarDate } from '@hs/api/domain/calendar/toronto-date';
import { useId } from 'react';
import { formatVisitDate } from '../admin-format';
import { scheduleContent as copy } from './schedule-content';

interface WeekNavProps {
  /** A day of the week shown (any day: the API answers the Monday-to-Sunday week holding it). */
  readonly week: string;
  /** The week as the API answered it, once loaded. */
  readonly range: { readonly from: string; readonly to: string } | null;
  /** Another week by any of its days, or null for this week. */
  readonly onWeek: (week: string | null) => void;
}

/** The week on the board: a week back or on, this week, or the week of any date. */
export function WeekNav({ week, range, onWeek }: WeekNavProps) {
  const dateId = useId();
  const from = range?.from ?? week;
  return (
    <nav className="schedule-nav" aria-label={copy.weekNavLabel}>
      <div className="schedule-nav__buttons">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            onWeek(addDays(from, -7));
          }}
        >
          {copy.previousWeek}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            onWeek(null);
          }}
        >
          {copy.thisWeek}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            onWeek(addDays(from, 7));
          }}
        >
          {copy.nextWeek}
        </button>
      </div>
      <div className="admin-field">
        <label htmlFor={dateId}>{copy.weekOfLabel}</label>
        <input
          id={dateId}
          type="date"
          value={week}
          onChange={(event) => {
            // A date half typed is no week yet; the board keeps the one it has.
            if (isCalendarDate(event.target.value)) onWeek(event.target.value);
          }}
        />
      </div>
      {/* Said after each change of week, once the new one is there. */}
      <p className="schedule-nav__range" aria-live="polite">
        {range === null ? '' : copy.week(formatVisitDate(range.from), formatVisitDate(range.to))}
      </p>
    </nav>
  );
}
