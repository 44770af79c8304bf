import type { AdminScheduleVisit } from '@hs/api/domain/admin/admin-views';
import { BOOKING_STATUS_LABELS } from '@hs/api/domain/booking/booking-status';
import { useId } from 'react';
import { BookingPhoto } from '../BookingPhoto';
import { type BoardActions, cardTarget, useFocusRequest } from './board-actions';
import { CrewPicker } from './CrewPicker';
import { scheduleContent as copy } from './schedule-content';
import { fullAddress, isWaiting } from './schedule-week';
import { ScheduleVisitForm } from './ScheduleVisitForm';
import { VisitOutcome } from './VisitOutcome';

interface VisitCardProps {
  readonly visit: AdminScheduleVisit;
  /** The crews going to another visit of the same window; none for a request still waiting. */
  readonly busyCrews: ReadonlySet<string>;
  readonly board: BoardActions;
}

/**
 * One visit on the board: what, who, where, how it stands, and what an operator can do with it
 * (send a crew, mark how it went, move it). An estimate request still waiting has no window, so
 * no crew: it can only be scheduled.
 */
export function VisitCard({ visit: { kind, booking }, busyCrews, board }: VisitCardProps) {
  const titleId = useId();
  const card = useFocusRequest<HTMLElement>(board, cardTarget(booking.id));
  const waiting = isWaiting(booking);
  return (
    <article
      ref={card}
      className={`schedule-visit schedule-visit--${kind}`}
      aria-labelledby={titleId}
      // Focused by the board when the control that acted on it has gone.
      tabIndex={-1}
    >
      <h5 id={titleId} className="schedule-visit__title">
        {copy.visitTitle(booking.reference, booking.service)}
      </h5>
      <p className="schedule-visit__tags">
        <span className={`schedule-badge schedule-badge--${kind}`}>{copy.kinds[kind]}</span>
        <span className={`status status--${booking.status}`}>
          {BOOKING_STATUS_LABELS[booking.status]}
        </span>
      </p>
      <div className="schedule-visit__body">
        <dl className="schedule-visit__details">
          <dt>{copy.fields.customer}</dt>
          <dd>{booking.name}</dd>
          <dt>{copy.fields.address}</dt>
          <dd>{fullAddress(booking)}</dd>
          <dt>{copy.fields.phone}</dt>
          <dd>{booking.phone}</dd>
          {waiting ? (
            <>
              <dt>{copy.fields.preferred}</dt>
              <dd>{booking.timeLabel}</dd>
            </>
          ) : null}
          {booking.details === '' ? null : (
            <>
              <dt>{copy.fields.details}</dt>
              <dd className="schedule-visit__project">{booking.details}</dd>
            </>
          )}
        </dl>
        {booking.photoUrl === null ? null : (
          <BookingPhoto reference={booking.reference} url={booking.photoUrl} />
        )}
      </div>
      {waiting ? null : <CrewPicker booking={booking} busyCrews={busyCrews} board={board} />}
      <VisitOutcome booking={booking} board={board} />
      {/* A visit done is over: there is nothing left to move. */}
      {booking.status === 'done' ? null : <ScheduleVisitForm booking={booking} board={board} />}
    </article>
  );
}
