import {
  BOOKING_HORIZON_DAYS,
  type ManagedBookingView,
} from '@hs/api/domain/booking/booking-schema';
import { TIME_WINDOWS, type TimeWindowId } from '@hs/api/domain/booking/catalogue';
import { addDays, todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { useEffect, useId, useState, type SyntheticEvent } from 'react';
import {
  fetchAvailability,
  rescheduleBooking,
  type BookingChange,
  type BookingLink,
} from '../../api/bookings-api';
import { bookingPageContent as copy, torontoMoment } from '../../content/site-content';

interface RescheduleBookingProps {
  readonly booking: ManagedBookingView;
  readonly link: BookingLink;
  readonly onChanged: (change: BookingChange) => void;
  readonly onFailed: (message: string) => void;
}

/** Another date and window; windows with no place left on the chosen date cannot be picked. */
export function RescheduleBooking({ booking, link, onChanged, onFailed }: RescheduleBookingProps) {
  const id = useId();
  const today = todayInToronto();
  const [date, setDate] = useState(booking.date);
  const [time, setTime] = useState<TimeWindowId>(booking.time);
  const [placesLeft, setPlacesLeft] = useState<Partial<Record<TimeWindowId, number>>>({});
  const [busy, setBusy] = useState(false);
  // A Custom Estimate holds no place, so every window is open to it.
  const needsPlace = booking.amountCents !== null;

  useEffect(() => {
    if (!needsPlace || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return;
    let current = true;
    fetchAvailability(date, date).then(
      (availability) => {
        if (current) setPlacesLeft(availability.days[0]?.windows ?? {});
      },
      () => {
        // Unknown availability leaves every window choosable; the server still has the last word.
        if (current) setPlacesLeft({});
      },
    );
    return () => {
      current = false;
    };
  }, [date, needsPlace]);

  const isFull = (window: TimeWindowId) =>
    needsPlace && placesLeft[window] === 0 && !(window === booking.time && date === booking.date);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    rescheduleBooking(link, date, time).then(
      (change) => {
        setBusy(false);
        onChanged(change);
      },
      (error: unknown) => {
        setBusy(false);
        onFailed(error instanceof Error ? error.message : 'Something went wrong!');
      },
    );
  };

  return (
    <section className="manage-booking__panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{copy.rescheduleHeading}</h2>
      {booking.refundUntil !== null ? (
        <p>
          {booking.refundOnCancel
            ? copy.moveKeepsDeadline(torontoMoment(booking.refundUntil))
            : copy.moveAfterDeadline}
        </p>
      ) : null}
      <form className="form" onSubmit={submit}>
        <label htmlFor={`${id}-date`}>{copy.dateLabel}</label>
        <input
          id={`${id}-date`}
          type="date"
          required
          min={today}
          max={addDays(today, BOOKING_HORIZON_DAYS)}
          value={date}
          onChange={(event) => {
            setDate(event.target.value);
          }}
        />
        <label htmlFor={`${id}-time`}>{copy.timeLabel}</label>
        <select
          id={`${id}-time`}
          value={time}
          onChange={(event) => {
            setTime(event.target.value as TimeWindowId);
          }}
        >
          {TIME_WINDOWS.map((window) => (
            <option key={window.id} value={window.id} disabled={isFull(window.id)}>
              {`${window.label} (${window.range})${isFull(window.id) ? ` — ${copy.full}` : ''}`}
            </option>
          ))}
        </select>
        <button
          type="submit"
          className="button"
          disabled={busy || isFull(time) || (date === booking.date && time === booking.time)}
        >
          {busy ? copy.moving : copy.moveButton}
        </button>
      </form>
    </section>
  );
}
