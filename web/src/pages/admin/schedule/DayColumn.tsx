import type { AdminScheduleDay } from '@hs/api/domain/admin/admin-views';
import { longDate, todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { useId } from 'react';
import { type BoardActions, sheetButtonTarget, useFocusRequest } from './board-actions';
import { scheduleContent as copy } from './schedule-content';
import { inVisitingOrder } from './schedule-week';
import { VisitCard } from './VisitCard';
import { WindowCell } from './WindowCell';

const NO_CREWS: ReadonlySet<string> = new Set();

interface DayColumnProps {
  readonly day: AdminScheduleDay;
  readonly board: BoardActions;
  readonly onOpenSheet: (date: string) => void;
}

/**
 * One day of the week: its windows side by side, then the site visits still to schedule. A closed
 * day says why on its heading and greys its windows; the visits still on it stay in view, so an
 * operator sees who is waiting to move.
 */
export function DayColumn({ day, board, onOpenSheet }: DayColumnProps) {
  const headingId = useId();
  const sheetButton = useFocusRequest<HTMLButtonElement>(board, sheetButtonTarget(day.date));
  const name = longDate(day.date);
  const closed = day.closedReason;
  return (
    <section
      className={`schedule-day${closed === undefined ? '' : ' schedule-day--closed'}`}
      aria-labelledby={headingId}
    >
      <div className="schedule-day__header">
        <h3 id={headingId} className="schedule-day__title">
          {name}
          {day.date === todayInToronto() ? (
            <>
              {' '}
              <span className="schedule-badge schedule-badge--today">{copy.today}</span>
            </>
          ) : null}
          {closed === undefined ? null : (
            <>
              {' '}
              <span className="schedule-badge schedule-badge--closed">{copy.closed(closed)}</span>
            </>
          )}
        </h3>
        <button
          ref={sheetButton}
          type="button"
          className="button button--secondary"
          aria-label={copy.daySheetLabel(name)}
          onClick={() => {
            onOpenSheet(day.date);
          }}
        >
          {copy.daySheet}
        </button>
      </div>
      {closed === undefined ? null : <p className="schedule-day__closed-note">{copy.closedNote}</p>}
      <div className="schedule-day__windows">
        {inVisitingOrder(day.windows).map((window) => (
          <WindowCell
            key={window.time}
            window={window}
            closed={closed !== undefined}
            board={board}
          />
        ))}
      </div>
      {day.estimates.length === 0 ? null : (
        <section className="schedule-waiting" aria-label={copy.toScheduleLabel(name)}>
          <h4 className="schedule-window__title">{copy.toSchedule}</h4>
          <ul className="schedule-visits">
            {day.estimates.map((visit) => (
              <li key={visit.booking.id}>
                <VisitCard visit={visit} busyCrews={NO_CREWS} board={board} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
