import type { AdminScheduleDay, Crew } from '@hs/api/domain/admin/admin-views';
import { BOOKING_STATUS_LABELS } from '@hs/api/domain/booking/booking-status';
import { longDate } from '@hs/api/domain/calendar/toronto-date';
import { useId } from 'react';
import { type BoardActions, SHEET_VIEW_TARGET, useFocusRequest } from './board-actions';
import { scheduleContent as copy } from './schedule-content';
import { crewVisits, fullAddress } from './schedule-week';

interface DaySheetViewProps {
  readonly day: AdminScheduleDay;
  readonly crews: readonly Crew[];
  /** The crew whose sheet is shown, or null for every crew with a visit, a page each. */
  readonly crewId: string | null;
  readonly board: Pick<BoardActions, 'focusTarget' | 'onFocused'>;
  readonly onCrew: (crewId: string | null) => void;
  readonly onBack: () => void;
}

const ALL_CREWS = '';

/**
 * The day sheets of a day, on screen as they will print: the print stylesheet leaves only the
 * sheets (ScheduleBoard.css), so this view is also what a test or an operator sees first.
 */
export function DaySheetView({ day, crews, crewId, board, onCrew, onBack }: DaySheetViewProps) {
  const headingId = useId();
  const crewSelectId = useId();
  const heading = useFocusRequest<HTMLHeadingElement>(board, SHEET_VIEW_TARGET);
  const name = longDate(day.date);
  const chosen = crews.find((crew) => crew.id === crewId);
  // Every crew prints a page only when it has somewhere to go: blank pages help nobody.
  const sheets =
    chosen === undefined ? crews.filter((crew) => crewVisits(day, crew.id).length > 0) : [chosen];
  const withoutCrew = crewVisits(day, null);

  return (
    <section className="day-sheet-view" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {copy.sheetHeading(name)}
      </h3>
      {/* Its visits still print: a crew may have to call on them, and the board says so too. */}
      {day.closedReason === undefined ? null : (
        <p className="notice schedule-sheet-warning">{copy.closed(day.closedReason)}</p>
      )}
      <div className="admin-filters">
        <div className="admin-field">
          <label htmlFor={crewSelectId}>{copy.sheetCrewLabel}</label>
          <select
            id={crewSelectId}
            value={chosen?.id ?? ALL_CREWS}
            onChange={(event) => {
              onCrew(event.target.value === ALL_CREWS ? null : event.target.value);
            }}
          >
            <option value={ALL_CREWS}>{copy.allCrews}</option>
            {crews.map((crew) => (
              <option key={crew.id} value={crew.id}>
                {crew.name}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button"
          onClick={() => {
            window.print();
          }}
        >
          {copy.print}
        </button>
        <button type="button" className="button button--secondary" onClick={onBack}>
          {copy.backToBoard}
        </button>
      </div>
      {withoutCrew.length === 0 ? null : (
        <div className="notice">
          <p className="schedule-sheet-warning">{copy.withoutCrew(withoutCrew.length)}</p>
          <ul>
            {withoutCrew.map(({ booking }) => (
              <li key={booking.id}>{`${booking.reference}, ${booking.timeLabel}`}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="day-sheets">
        {sheets.length === 0 ? (
          <p>{copy.noSheets}</p>
        ) : (
          sheets.map((crew) => <DaySheet key={crew.id} crew={crew} day={day} />)
        )}
      </div>
    </section>
  );
}

/** One crew's day: where to go, in order, with what a crew needs at the door. */
function DaySheet({ crew, day }: { readonly crew: Crew; readonly day: AdminScheduleDay }) {
  const titleId = useId();
  const visits = crewVisits(day, crew.id);
  const fields = copy.sheetFields;
  return (
    <section className="day-sheet" aria-labelledby={titleId}>
      <h4 id={titleId} className="day-sheet__title">
        {copy.sheetTitle(crew.name, longDate(day.date))}
      </h4>
      <p>{copy.sheetCount(visits.length)}</p>
      {visits.length === 0 ? null : (
        <ol className="day-sheet__visits" aria-label={copy.sheetVisitsLabel(crew.name)}>
          {visits.map(({ kind, booking }) => (
            <li key={booking.id} className="day-sheet__visit">
              <h5 className="day-sheet__window">{booking.timeLabel}</h5>
              <dl className="day-sheet__details">
                <dt>{fields.customer}</dt>
                <dd>{booking.name}</dd>
                <dt>{fields.address}</dt>
                <dd>{fullAddress(booking)}</dd>
                <dt>{fields.phone}</dt>
                <dd>{booking.phone}</dd>
                <dt>{fields.service}</dt>
                <dd>{booking.service}</dd>
                <dt>{fields.plan}</dt>
                {/* A one-time visit's plan already says what it is. */}
                <dd>
                  {kind === 'one-time' ? booking.plan : `${booking.plan} (${copy.kinds[kind]})`}
                </dd>
                <dt>{fields.reference}</dt>
                <dd>{booking.reference}</dd>
                <dt>{fields.status}</dt>
                <dd>{BOOKING_STATUS_LABELS[booking.status]}</dd>
                <dt>{fields.notes}</dt>
                {/* Left blank for the crew's pen. */}
                <dd className="day-sheet__notes" />
              </dl>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
