import { useMutation } from '@tanstack/react-query';
import type { AdminBookingView } from '@hs/api/domain/admin/admin-views';
import { BOOKING_STATUS_LABELS, type BookingStatus } from '@hs/api/domain/booking/booking-status';
import { useId, useState } from 'react';
import { type BookingMove, changeBookingStatus } from '../../api/admin-api';
import { bookingsContent as copy } from './admin-content';
import { ConfirmQuestion } from './ConfirmQuestion';
import { type AdminSession, failureText, reportDenial } from './use-admin-data';

interface BookingStatusControlProps {
  readonly session: AdminSession;
  readonly booking: AdminBookingView;
  readonly onChanged: (move: BookingMove) => void;
  readonly onFailed: (message: string) => void;
}

/** The question a move asks before it is made, in its own words or the general ones. */
function questionFor(reference: string, status: BookingStatus) {
  const own = copy.moveQuestions[status];
  return {
    question:
      own?.question(reference) ?? copy.moveQuestion(reference, BOOKING_STATUS_LABELS[status]),
    yes: own?.yes ?? copy.moveYes,
    danger: own?.danger === true,
  };
}

/**
 * Moves a booking to one of the statuses the API says its lifecycle allows from here
 * (`allowedStatuses`), and only those. Nothing is chosen until the operator chooses: a menu that
 * starts on a status the booking is not in reads as its status. Every move asks once more, as
 * each tells the customer something or cannot be taken back.
 */
export function BookingStatusControl({
  session,
  booking,
  onChanged,
  onFailed,
}: BookingStatusControlProps) {
  const selectId = useId();
  const [choice, setChoice] = useState<BookingStatus | null>(null);
  const [confirming, setConfirming] = useState(false);
  const move = useMutation({
    mutationFn: (status: BookingStatus) => changeBookingStatus(session.token, booking.id, status),
  });
  const busy = move.isPending;

  const allowed = booking.allowedStatuses;
  if (allowed.length === 0) return <span className="admin-muted">{copy.noMoves}</span>;
  // A change of the booking can take the earlier choice off the list.
  const selected = choice !== null && allowed.includes(choice) ? choice : null;

  const apply = (status: BookingStatus) => {
    move.mutate(status, {
      onSuccess: (moved) => {
        setConfirming(false);
        setChoice(null);
        onChanged(moved);
      },
      onError: (error) => {
        setConfirming(false);
        if (!reportDenial(session, error)) onFailed(failureText(error));
      },
    });
  };

  if (confirming && selected !== null) {
    const asked = questionFor(booking.reference, selected);
    return (
      <ConfirmQuestion
        question={asked.question}
        yes={busy ? copy.applying : asked.yes}
        no={copy.confirmNo}
        danger={asked.danger}
        busy={busy}
        onYes={() => {
          apply(selected);
        }}
        onNo={() => {
          setConfirming(false);
        }}
      />
    );
  }

  return (
    <div className="admin-status-control">
      <label className="visually-hidden" htmlFor={selectId}>
        {copy.newStatusLabel(booking.reference)}
      </label>
      <select
        id={selectId}
        value={selected ?? ''}
        disabled={busy}
        onChange={(event) => {
          setChoice(allowed.find((status) => status === event.target.value) ?? null);
        }}
      >
        <option value="">{copy.chooseStatus}</option>
        {allowed.map((status) => (
          <option key={status} value={status}>
            {BOOKING_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button"
        disabled={busy || selected === null}
        aria-label={`${busy ? copy.applying : copy.apply} ${booking.reference}`}
        onClick={() => {
          setConfirming(true);
        }}
      >
        {busy ? copy.applying : copy.apply}
      </button>
    </div>
  );
}
