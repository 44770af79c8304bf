import type { AdminScheduleWindow } from '@hs/api/domain/admin/admin-views';
import { useId } from 'react';
import type { BoardActions } from './board-actions';
import { scheduleContent as copy } from './schedule-content';
import { busyCrews } from './schedule-week';
import { VisitCard } from './VisitCard';

/** The places used of a window's capacity, in words: "full" says it without colour. */
export function placesText({ used, capacity }: Pick<AdminScheduleWindow, 'used' | 'capacity'>) {
  const places = copy.places(used, capacity);
  return used >= capacity ? `${places}, ${copy.full}` : places;
}

interface WindowCellProps {
  readonly window: AdminScheduleWindow;
  /** The day is closed (the business calendar): the window takes no visit. */
  readonly closed: boolean;
  readonly board: BoardActions;
}

/**
 * One time window of a day: its places used and its visits, done and missed ones included. A
 * closed day's window has no places to offer, only the visits still waiting to move off it.
 */
export function WindowCell({ window, closed, board }: WindowCellProps) {
  const headingId = useId();
  const full = window.used >= window.capacity;
  const modifier = closed ? ' schedule-window--closed' : full ? ' schedule-window--full' : '';
  return (
    <section className={`schedule-window${modifier}`} aria-labelledby={headingId}>
      <h4 id={headingId} className="schedule-window__title">
        {window.label}
      </h4>
      <p className="schedule-window__places">{closed ? copy.closedWindow : placesText(window)}</p>
      {window.visits.length === 0 ? (
        <p className="admin-muted">{copy.noVisits}</p>
      ) : (
        <ul className="schedule-visits">
          {window.visits.map((visit) => (
            <li key={visit.booking.id}>
              <VisitCard
                visit={visit}
                busyCrews={busyCrews(window, visit.booking.id)}
                board={board}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
