import { BOOKING_HORIZON_DAYS } from '@hs/api/domain/booking/booking-schema';
import { TIME_WINDOWS, type TimeWindowId } from '@hs/api/domain/booking/catalogue';
import { addDays, todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { useRescheduleBooking } from '../../api/booking-changes';
import type { BookingChange, BookingLink } from '../../api/bookings-api';
import { closedDayCopy } from '../../content/services-content';
import { bookingPageContent as copy } from '../../content/site-content';
import { useWindowAvailability, type WindowState } from '../services/use-window-availability';
import './ManageBooking.css';

/** The words of a move: a booking's own, or those of a plan's visit. */
export interface RescheduleWords {
  readonly heading: string;
  readonly submit: string;
  readonly working: string;
  /** The label that closes a move opened by a control of its own. */
  readonly close: string;
}

const BOOKING_WORDS: RescheduleWords = {
  heading: copy.rescheduleHeading,
  submit: copy.moveButton,
  working: copy.moving,
  close: '',
};

/** Why a window of the chosen date cannot be picked. */
const windowNote: Record<Exclude<WindowState, 'open'>, string> = {
  full: copy.full,
  closed: copy.windowClosed,
  dayClosed: copy.dayClosed,
};

interface RescheduleBookingProps {
  /** The booking (or plan visit) and the proof of owning it. */
  readonly link: BookingLink;
  /** Where the visit is now. */
  readonly visit: { readonly date: string; readonly time: TimeWindowId };
  /** A Custom Estimate holds no place, so every window is open to it. */
  readonly needsPlace: boolean;
  /** What moving changes (or does not), said before the customer moves it. */
  readonly note: string | null;
  /** The first and last dates it may move to: from today to the booking horizon unless set. */
  readonly range?: { readonly min: string; readonly max: string };
  readonly words?: RescheduleWords;
  readonly level?: 2 | 3 | 4;
  /** Set when a control of its own opened it (a plan visit's Move): it can be closed again. */
  readonly onClose?: () => void;
  readonly onChanged: (change: BookingChange) => void;
  /** The message to show, and the refusal itself for a page that reads more into it. */
  readonly onFailed: (message: string, error: unknown) => void;
}

/**
 * Another date and window; windows with no place left on the chosen date cannot be picked, and a
 * day we are closed is refused at the date field (the business calendar), before anything is sent.
 */
export function RescheduleBooking({
  link,
  visit,
  needsPlace,
  note,
  range,
  words = BOOKING_WORDS,
  level = 2,
  onClose,
  onChanged,
  onFailed,
}: RescheduleBookingProps) {
  const id = useId();
  const Heading = `h${String(level)}` as 'h2' | 'h3' | 'h4';
  const today = todayInToronto();
  const [date, setDate] = useState(visit.date);
  const [time, setTime] = useState<TimeWindowId>(visit.time);
  const move = useRescheduleBooking(link);
  const busy = move.isPending;
  const dateField = useRef<HTMLInputElement>(null);
  const day = useWindowAvailability(date, needsPlace);
  // The visit's own window keeps its place for it, full or not, unless its day is closed now.
  const stateOf = (window: TimeWindowId): WindowState =>
    day.closedReason === null && window === visit.time && date === visit.date
      ? 'open'
      : day.windowState(window);
  const dateError = day.closedReason === null ? null : closedDayCopy.dateError(day.closedReason);
  const chosenState = stateOf(time);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (dateError !== null) {
      // Nothing is sent for a closed day: the visitor is taken to the date, where it says why.
      dateField.current?.focus();
      return;
    }
    move.mutate(
      { date, time },
      {
        onSuccess: onChanged,
        onError: (error) => {
          onFailed(error instanceof Error ? error.message : 'Something went wrong!', error);
        },
      },
    );
  };

  const submitButton = (
    <button
      type="submit"
      className="button"
      disabled={
        busy ||
        (chosenState !== 'open' && chosenState !== 'dayClosed') ||
        (date === visit.date && time === visit.time)
      }
    >
      {busy ? words.working : words.submit}
    </button>
  );

  return (
    <section className="manage-booking__panel" aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`}>{words.heading}</Heading>
      {note === null ? null : <p>{note}</p>}
      <form className="form" onSubmit={submit}>
        <label htmlFor={`${id}-date`}>{copy.dateLabel}</label>
        <input
          ref={dateField}
          id={`${id}-date`}
          type="date"
          required
          aria-invalid={dateError !== null}
          aria-describedby={dateError === null ? undefined : `${id}-date-error`}
          min={range?.min ?? today}
          max={range?.max ?? addDays(today, BOOKING_HORIZON_DAYS)}
          value={date}
          // Opened by another control, which stays behind: the form's first field takes the focus.
          autoFocus={onClose !== undefined}
          onChange={(event) => {
            setDate(event.target.value);
          }}
        />
        {/* Always there, so that the error is read out when the API says the day is closed. */}
        <div aria-live="polite">
          {dateError === null ? null : (
            <p id={`${id}-date-error`} className="manage-booking__error">
              {dateError}
            </p>
          )}
        </div>
        <label htmlFor={`${id}-time`}>{copy.timeLabel}</label>
        <select
          id={`${id}-time`}
          value={time}
          onChange={(event) => {
            setTime(event.target.value as TimeWindowId);
          }}
        >
          {TIME_WINDOWS.map((window) => {
            const state = stateOf(window.id);
            return (
              <option key={window.id} value={window.id} disabled={state !== 'open'}>
                {`${window.label} (${window.range})${state === 'open' ? '' : ` — ${windowNote[state]}`}`}
              </option>
            );
          })}
        </select>
        {onClose ? (
          <div className="button-row">
            {submitButton}
            <button
              type="button"
              className="button button--secondary"
              onClick={onClose}
              disabled={busy}
            >
              {words.close}
            </button>
          </div>
        ) : (
          submitButton
        )}
      </form>
    </section>
  );
}
