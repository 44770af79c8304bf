import { useMutation } from '@tanstack/react-query';
import type { AdminBookingView } from '@hs/api/domain/admin/admin-views';
import { timeLabel } from '@hs/api/domain/booking/booking-schema';
import { TIME_WINDOW_IDS, type TimeWindowId } from '@hs/api/domain/booking/catalogue';
import { todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { type SyntheticEvent, useId, useRef, useState } from 'react';
import { scheduleVisit } from '../../../api/admin-api';
import { ApiError } from '../../../api/api-client';
import { Notice } from '../../../components/Notice';
import { failureText, reportDenial } from '../use-admin-data';
import type { BoardActions } from './board-actions';
import { scheduleContent as copy } from './schedule-content';
import { isWaiting } from './schedule-week';

interface ScheduleVisitFormProps {
  readonly booking: AdminBookingView;
  readonly board: BoardActions;
}

/**
 * A date and window for a visit: an estimate request's site visit, or a visit moved (a no-show
 * the customer wants again). Opened from its own button, which stays, and closes after a move.
 */
export function ScheduleVisitForm({ booking, board }: ScheduleVisitFormProps) {
  const formId = useId();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const waiting = isWaiting(booking);

  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    <div className="schedule-move">
      <button
        ref={toggle}
        type="button"
        className="text-button"
        aria-expanded={open}
        // Only while the form is there: a reference to nothing is an error of its own.
        aria-controls={open ? formId : undefined}
        aria-label={
          waiting
            ? copy.scheduleSiteVisitLabel(booking.reference)
            : copy.rescheduleLabel(booking.reference)
        }
        onClick={() => {
          setOpen((isOpen) => !isOpen);
        }}
      >
        {waiting ? copy.scheduleSiteVisit : copy.reschedule}
      </button>
      {open ? (
        <VisitTimeForm
          id={formId}
          booking={booking}
          board={board}
          onClose={close}
          onScheduled={() => {
            setOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}

interface FormErrors {
  readonly date?: string;
  readonly time?: string;
  /** A refusal of the whole move (the window is full): said inside the form, where the operator is. */
  readonly form?: string;
}

interface VisitTimeFormProps {
  readonly id: string;
  readonly booking: AdminBookingView;
  readonly board: BoardActions;
  readonly onClose: () => void;
  readonly onScheduled: () => void;
}

function errorsOf(error: unknown): FormErrors {
  if (!(error instanceof ApiError)) return { form: failureText(error) };
  const { date, time } = error.fields;
  return date === undefined && time === undefined ? { form: error.message } : { date, time };
}

function windowOf(value: string): TimeWindowId | undefined {
  return TIME_WINDOW_IDS.find((window) => window === value);
}

function VisitTimeForm({ id, booking, board, onClose, onScheduled }: VisitTimeFormProps) {
  const fieldId = useId();
  const today = todayInToronto();
  const waiting = isWaiting(booking);
  // A visit missed yesterday goes no earlier than today: the API refuses a past date.
  const [date, setDate] = useState(booking.date < today ? today : booking.date);
  const [time, setTime] = useState<TimeWindowId>(booking.time);
  const placing = useMutation({
    mutationFn: ({ on, at }: { on: string; at: TimeWindowId }) =>
      scheduleVisit(board.session.token, booking.id, on, at),
  });
  const busy = placing.isPending;
  const [errors, setErrors] = useState<FormErrors>({});
  // A closed day of the week on the board is offered to nobody (the API would refuse it too).
  const closedReason = board.closedDays.get(date);
  const closedText =
    closedReason === undefined ? undefined : copy.closedDate(copy.closed(closedReason));
  const dateError = closedText ?? errors.date;

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (closedText !== undefined) return;
    setErrors({});
    placing.mutate(
      { on: date, at: time },
      {
        onSuccess: (move) => {
          onScheduled();
          board.onMoved(move, { reload: true, focusCard: true });
        },
        onError: (error) => {
          if (!reportDenial(board.session, error)) setErrors(errorsOf(error));
        },
      },
    );
  };

  const describedBy = (field: 'date' | 'time') =>
    (field === 'date' ? dateError : errors.time) === undefined
      ? undefined
      : `${fieldId}-${field}-error`;

  return (
    <form id={id} className="schedule-move__form" onSubmit={submit} noValidate>
      <fieldset>
        <legend>
          {waiting
            ? copy.scheduleLegend(booking.reference)
            : copy.rescheduleLegend(booking.reference)}
        </legend>
        <div className="admin-field">
          <label htmlFor={`${fieldId}-date`}>{copy.dateLabel}</label>
          <input
            id={`${fieldId}-date`}
            type="date"
            required
            min={today}
            value={date}
            // Opened by its button, which stays behind: the first field takes the focus.
            autoFocus
            aria-invalid={dateError !== undefined}
            aria-describedby={describedBy('date')}
            onChange={(event) => {
              setDate(event.target.value);
            }}
          />
          {dateError === undefined ? null : (
            <p id={`${fieldId}-date-error`} className="admin-field__error">
              {dateError}
            </p>
          )}
        </div>
        <div className="admin-field">
          <label htmlFor={`${fieldId}-time`}>{copy.windowLabel}</label>
          <select
            id={`${fieldId}-time`}
            value={time}
            aria-invalid={errors.time !== undefined}
            aria-describedby={describedBy('time')}
            onChange={(event) => {
              setTime(windowOf(event.target.value) ?? time);
            }}
          >
            {TIME_WINDOW_IDS.map((window) => (
              <option key={window} value={window}>
                {timeLabel(window)}
              </option>
            ))}
          </select>
          {errors.time === undefined ? null : (
            <p id={`${fieldId}-time-error`} className="admin-field__error">
              {errors.time}
            </p>
          )}
        </div>
        {errors.form === undefined ? null : <Notice tone="error">{errors.form}</Notice>}
        <div className="button-row">
          <button type="submit" className="button" disabled={busy || closedText !== undefined}>
            {waiting ? (busy ? copy.booking : copy.book) : busy ? copy.moving : copy.move}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={onClose}
          >
            {copy.closeForm}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
