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

/**
 * Moves a booking to one of the statuses its state machine allows from here, and only those.
 * Cancelling cannot be taken back, so it asks once more.
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
  const [busy, setBusy] = useState(false);

  const allowed = booking.allowedStatuses;
  // A change of the booking can take the earlier choice off the list.
  const selected = choice !== null && allowed.includes(choice) ? choice : allowed[0];
  if (selected === undefined) return <span className="admin-muted">{copy.noMoves}</span>;

  const apply = () => {
    setBusy(true);
    changeBookingStatus(session.token, booking.id, selected).then(
      (move) => {
        setBusy(false);
        setConfirming(false);
        setChoice(null);
        onChanged(move);
      },
      (error: unknown) => {
        setBusy(false);
        setConfirming(false);
        if (!reportDenial(session, error)) onFailed(failureText(error));
      },
    );
  };

  if (confirming) {
    return (
      <ConfirmQuestion
        question={copy.confirmCancel(booking.reference)}
        yes={busy ? copy.applying : copy.confirmYes}
        no={copy.confirmNo}
        danger
        busy={busy}
        onYes={apply}
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
        value={selected}
        disabled={busy}
        onChange={(event) => {
          setChoice(allowed.find((status) => status === event.target.value) ?? null);
        }}
      >
        {allowed.map((status) => (
          <option key={status} value={status}>
            {BOOKING_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button"
        disabled={busy}
        aria-label={`${busy ? copy.applying : copy.apply} ${booking.reference}`}
        onClick={() => {
          if (selected === 'cancelled') setConfirming(true);
          else apply();
        }}
      >
        {busy ? copy.applying : copy.apply}
      </button>
    </div>
  );
}
