import type { Crew } from '@hs/api/domain/admin/admin-views';
import { timeLabel } from '@hs/api/domain/booking/booking-schema';
import type { BookingStatus } from '@hs/api/domain/booking/booking-status';
import { TIME_WINDOW_IDS, type TimeWindowId } from '@hs/api/domain/booking/catalogue';
import { isCalendarDate, longDate, todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import type { AdminQuote, JobVisit, QuoteJob } from '@hs/api/domain/quote/quote-schema';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type SyntheticEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  assignCrew,
  type BookingMove,
  changeBookingStatus,
  fetchScheduleWeek,
  scheduleVisit,
} from '../../../api/admin-api';
import { bookJobVisit, type JobVisitBooked } from '../../../api/admin-quotes-api';
import { ApiError } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';
import { Notice } from '../../../components/Notice';
import { ConfirmQuestion } from '../ConfirmQuestion';
import { type AdminMessage, type AdminSession, failureText, reportDenial } from '../use-admin-data';
import { formatCents } from './quote-form';
import { quoteJobContent as copy } from './quotes-content';

/** A visit in one of these is over: nothing more to do to it from here. */
const ENDED: readonly string[] = [
  'done',
  'no_show',
  'cancelled',
  'skipped',
  'refunded',
] satisfies readonly BookingStatus[];

const isOpen = (visit: JobVisit) => !ENDED.includes(visit.status);

function dayOf(date: string): string {
  return isCalendarDate(date) ? longDate(date) : date;
}

function windowOf(value: string): TimeWindowId | undefined {
  return TIME_WINDOW_IDS.find((window) => window === value);
}

/** The schedule board at the week of `date`: where a visit is seen among the others. */
function scheduleSearch(date: string): string {
  return `?${new URLSearchParams({ tab: 'schedule', week: date }).toString()}`;
}

/**
 * The crews, to name the one going to a visit and to choose another: the roster the schedule
 * board reads (this week's answer, under the board's own key). Without it, a crew shows by id.
 */
function useCrews(session: AdminSession, enabled: boolean): readonly Crew[] | null {
  const query = useQuery({
    queryKey: queryKeys.admin.schedule(session.token, ''),
    queryFn: ({ signal }) => fetchScheduleWeek(session.token, '', signal),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
  return query.data?.crews ?? null;
}

interface QuoteJobProps {
  readonly session: AdminSession;
  readonly quote: AdminQuote;
  readonly job: QuoteJob;
  /** The quote as an answer left it (a visit booked): shown at once. */
  readonly onSaved: (quote: AdminQuote) => void;
  /** A visit moved through the bookings' calls: the quote is read again. */
  readonly onStale: () => void;
}

/**
 * The job a quote became: its visits, each marked done, given a crew, moved or cancelled with the
 * bookings' own calls (then the quote is read again), a form to book another, and its balance:
 * invoiced once the last visit is done, then paid with its receipt.
 */
export function QuoteJobPanel({ session, quote, job, onSaved, onStale }: QuoteJobProps) {
  const headingId = useId();
  const visitsId = useId();
  const [message, setMessage] = useState<AdminMessage>(null);
  const messageBox = useRef<HTMLDivElement>(null);
  // Set when the control acted with goes away (a visit done): the news then takes the focus.
  const focusNews = useRef(false);
  useEffect(() => {
    if (message !== null && focusNews.current) {
      focusNews.current = false;
      messageBox.current?.focus();
    }
  }, [message]);
  const crews = useCrews(session, job.visits.length > 0);

  const say = (said: AdminMessage, takeFocus = false) => {
    focusNews.current = takeFocus;
    setMessage(said);
  };

  const failed = (error: unknown) => {
    if (!reportDenial(session, error)) say({ tone: 'error', text: failureText(error) }, true);
    // Refused (another operator moved it, its day is not come): what the quote says now.
    if (error instanceof ApiError && error.status === 409) onStale();
  };

  return (
    <section className="quote-job" aria-labelledby={headingId}>
      <h4 id={headingId}>{copy.heading}</h4>
      <p className="admin-muted">{copy.intro}</p>
      <div ref={messageBox} tabIndex={-1} className="quote-job__news">
        {message === null ? null : <Notice tone={message.tone}>{message.text}</Notice>}
      </div>
      <JobBalance job={job} />
      <section aria-labelledby={visitsId}>
        <h5 id={visitsId} className="quote-job__subheading">
          {copy.visitsHeading}
        </h5>
        {job.visits.length === 0 ? (
          <p>{copy.noVisits}</p>
        ) : (
          <ul className="quote-job__visits">
            {job.visits.map((visit) => (
              <VisitItem
                key={visit.id}
                session={session}
                visit={visit}
                crews={crews}
                onMoved={(text, takeFocus) => {
                  say({ tone: 'success', text }, takeFocus);
                  onStale();
                }}
                onFailed={failed}
                onStale={onStale}
              />
            ))}
          </ul>
        )}
      </section>
      {/* Visits are booked while the job is under way; once the work is done, no more. */}
      {quote.status !== 'converted' ? null : (
        <BookVisitForm
          session={session}
          quoteId={quote.id}
          onBooked={(answer) => {
            onSaved(answer.quote);
            say({ tone: 'success', text: answer.message });
          }}
          onRefused={() => {
            onStale();
          }}
        />
      )}
    </section>
  );
}

/** The balance: its amount, its invoice once the last visit is done, then paid with a receipt. */
function JobBalance({ job }: { readonly job: QuoteJob }) {
  return (
    <dl className="admin-card__meta quote-job__balance" aria-label={copy.moneyLabel}>
      <dt>{copy.balance}</dt>
      <dd>{formatCents(job.balanceCents)}</dd>
      <dt>{copy.balanceInvoice}</dt>
      <dd>{job.balanceInvoice === null ? copy.notInvoiced : job.balanceInvoice.number}</dd>
      {job.balanceInvoice === null && !job.balancePaid ? null : (
        <>
          <dt>{copy.payment}</dt>
          <dd>{job.balancePaid ? copy.balancePaid : copy.balanceUnpaid}</dd>
        </>
      )}
      {job.receipt === null ? null : (
        <>
          <dt>{copy.receipt}</dt>
          <dd>{job.receipt.number}</dd>
        </>
      )}
    </dl>
  );
}

interface VisitItemProps {
  readonly session: AdminSession;
  readonly visit: JobVisit;
  readonly crews: readonly Crew[] | null;
  /** Said, and the quote read again; `takeFocus` when the control used is gone. */
  readonly onMoved: (text: string, takeFocus: boolean) => void;
  readonly onFailed: (error: unknown) => void;
  /** A move was refused: the quote is read again, quietly (the refusal is said where it was). */
  readonly onStale: () => void;
}

type StatusMove = Extract<BookingStatus, 'done' | 'cancelled'>;

function VisitItem({ session, visit, crews, onMoved, onFailed, onStale }: VisitItemProps) {
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const [moving, setMoving] = useState(false);
  const statusMove = useMutation({
    mutationFn: (status: StatusMove) => changeBookingStatus(session.token, visit.id, status),
  });
  const open = isOpen(visit);
  const crewName =
    visit.crewId === null
      ? copy.noCrew
      : (crews?.find((crew) => crew.id === visit.crewId)?.name ?? visit.crewId);

  const mark = (status: StatusMove) => {
    statusMove.mutate(status, {
      onSuccess: ({ message }: BookingMove) => {
        setConfirming(false);
        onMoved(
          message ??
            (status === 'done'
              ? copy.markedDone(visit.reference)
              : copy.cancelled(visit.reference)),
          true,
        );
      },
      onError: (error) => {
        setConfirming(false);
        onFailed(error);
      },
    });
  };
  const busy = statusMove.isPending;

  return (
    <li className="quote-visit" aria-labelledby={titleId}>
      <p id={titleId} className="quote-visit__title">
        {copy.visitLabel(visit.reference)}
      </p>
      <dl className="admin-card__meta quote-visit__facts">
        <dt>{copy.date}</dt>
        <dd>{dayOf(visit.date)}</dd>
        <dt>{copy.window}</dt>
        <dd>{visit.window}</dd>
        <dt>{copy.status}</dt>
        <dd>{visit.statusLabel}</dd>
        <dt>{copy.crew}</dt>
        <dd>{crewName}</dd>
      </dl>
      {open ? (
        confirming ? (
          <ConfirmQuestion
            question={copy.cancelQuestion(visit.reference)}
            yes={busy ? copy.cancelling : copy.cancelYes}
            no={copy.cancelNo}
            danger
            busy={busy}
            onYes={() => {
              mark('cancelled');
            }}
            onNo={() => {
              setConfirming(false);
            }}
          />
        ) : (
          <div className="admin-actions quote-visit__actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              aria-label={busy ? copy.marking : copy.markDoneLabel(visit.reference)}
              onClick={() => {
                mark('done');
              }}
            >
              {busy ? copy.marking : copy.markDone}
            </button>
            <button
              type="button"
              className="button button--secondary"
              aria-expanded={moving}
              aria-label={copy.moveLabel(visit.reference)}
              onClick={() => {
                setMoving((isMoving) => !isMoving);
              }}
            >
              {copy.move}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              aria-label={copy.cancelLabel(visit.reference)}
              onClick={() => {
                setConfirming(true);
              }}
            >
              {copy.cancel}
            </button>
          </div>
        )
      ) : null}
      {open && crews !== null && crews.length > 0 ? (
        <CrewChoice
          session={session}
          visit={visit}
          crews={crews}
          onMoved={onMoved}
          onFailed={onFailed}
        />
      ) : null}
      {open && moving ? (
        <MoveVisitForm
          session={session}
          visit={visit}
          onMoved={(text) => {
            setMoving(false);
            onMoved(text, true);
          }}
          onClose={() => {
            setMoving(false);
          }}
          onRefused={onStale}
        />
      ) : null}
      <p className="quote-visit__schedule">
        <Link
          to={{ search: scheduleSearch(visit.date) }}
          aria-label={copy.onScheduleLabel(visit.reference)}
        >
          {copy.onSchedule}
        </Link>
      </p>
    </li>
  );
}

const UNASSIGNED = '';

/** The crew going to a visit: chosen in the list, sent with its button. */
function CrewChoice({
  session,
  visit,
  crews,
  onMoved,
  onFailed,
}: {
  readonly session: AdminSession;
  readonly visit: JobVisit;
  readonly crews: readonly Crew[];
  readonly onMoved: (text: string, takeFocus: boolean) => void;
  readonly onFailed: (error: unknown) => void;
}) {
  const selectId = useId();
  const current = visit.crewId ?? UNASSIGNED;
  const [choice, setChoice] = useState<string | null>(null);
  const selected = choice ?? current;
  const assignment = useMutation({
    mutationFn: (crewId: string | null) => assignCrew(session.token, visit.id, crewId),
  });
  const busy = assignment.isPending;
  return (
    <div className="quote-visit__crew">
      <label htmlFor={selectId}>
        {copy.crewLabel}
        <span className="visually-hidden">{copy.crewLabelFor(visit.reference)}</span>
      </label>
      <select
        id={selectId}
        value={selected}
        disabled={busy}
        onChange={(event) => {
          setChoice(event.target.value);
        }}
      >
        <option value={UNASSIGNED}>{copy.unassigned}</option>
        {crews.map((crew) => (
          <option key={crew.id} value={crew.id}>
            {crew.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy || selected === current}
        aria-label={busy ? copy.sending : copy.sendCrewLabel(visit.reference)}
        onClick={() => {
          assignment.mutate(selected === UNASSIGNED ? null : selected, {
            onSuccess: ({ message }) => {
              setChoice(null);
              onMoved(message, false);
            },
            onError: (error) => {
              setChoice(null);
              onFailed(error);
            },
          });
        }}
      >
        {busy ? copy.sending : copy.sendCrew}
      </button>
    </div>
  );
}

interface VisitTimeErrors {
  readonly date?: string;
  readonly time?: string;
  /** A refusal of the whole request (the window is full): said inside the form. */
  readonly form?: string;
}

function errorsOf(error: unknown): VisitTimeErrors {
  if (!(error instanceof ApiError)) return { form: failureText(error) };
  const { date, time } = error.fields;
  return date === undefined && time === undefined ? { form: error.message } : { date, time };
}

interface VisitTimeFieldsProps {
  readonly idPrefix: string;
  readonly date: string;
  readonly time: TimeWindowId;
  readonly errors: VisitTimeErrors;
  readonly autoFocus?: boolean;
  readonly onDate: (date: string) => void;
  readonly onTime: (time: TimeWindowId) => void;
}

/** A day and a time window, each with its error beside it. */
function VisitTimeFields({
  idPrefix,
  date,
  time,
  errors,
  autoFocus = false,
  onDate,
  onTime,
}: VisitTimeFieldsProps) {
  const errorId = (field: 'date' | 'time') => `${idPrefix}-${field}-error`;
  return (
    <div className="quote-job__fields">
      <div className="admin-field">
        <label htmlFor={`${idPrefix}-date`}>{copy.dateLabel}</label>
        <input
          id={`${idPrefix}-date`}
          type="date"
          required
          min={todayInToronto()}
          value={date}
          // Opened by its button, which stays behind: the first field takes the focus.
          autoFocus={autoFocus}
          aria-invalid={errors.date !== undefined}
          aria-describedby={errors.date === undefined ? undefined : errorId('date')}
          onChange={(event) => {
            onDate(event.target.value);
          }}
        />
        {errors.date === undefined ? null : (
          <p id={errorId('date')} className="admin-field__error">
            {errors.date}
          </p>
        )}
      </div>
      <div className="admin-field">
        <label htmlFor={`${idPrefix}-time`}>{copy.windowLabel}</label>
        <select
          id={`${idPrefix}-time`}
          value={time}
          aria-invalid={errors.time !== undefined}
          aria-describedby={errors.time === undefined ? undefined : errorId('time')}
          onChange={(event) => {
            onTime(windowOf(event.target.value) ?? time);
          }}
        >
          {TIME_WINDOW_IDS.map((window) => (
            <option key={window} value={window}>
              {timeLabel(window)}
            </option>
          ))}
        </select>
        {errors.time === undefined ? null : (
          <p id={errorId('time')} className="admin-field__error">
            {errors.time}
          </p>
        )}
      </div>
    </div>
  );
}

/** Books one more visit of the job (POST …/visits); the answer's quote lists it. */
function BookVisitForm({
  session,
  quoteId,
  onBooked,
  onRefused,
}: {
  readonly session: AdminSession;
  readonly quoteId: string;
  readonly onBooked: (answer: JobVisitBooked) => void;
  readonly onRefused: () => void;
}) {
  const headingId = useId();
  const fieldId = useId();
  const [date, setDate] = useState('');
  const [time, setTime] = useState<TimeWindowId>('morning');
  const [errors, setErrors] = useState<VisitTimeErrors>({});
  const dateInput = useRef<HTMLFormElement>(null);
  const booking = useMutation({
    mutationFn: (request: { date: string; time: TimeWindowId }) =>
      bookJobVisit(session.token, quoteId, request),
  });
  const busy = booking.isPending;

  const focusDate = () => {
    dateInput.current?.querySelector<HTMLInputElement>('input[type="date"]')?.focus();
  };

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (date === '') {
      setErrors({ date: copy.dateRequired });
      focusDate();
      return;
    }
    setErrors({});
    booking.mutate(
      { date, time },
      {
        onSuccess: (answer) => {
          setDate('');
          onBooked(answer);
        },
        onError: (error) => {
          if (reportDenial(session, error)) return;
          const found = errorsOf(error);
          setErrors(found);
          if (found.date !== undefined) focusDate();
          if (error instanceof ApiError && error.status === 409) onRefused();
        },
      },
    );
  };

  return (
    <section className="quote-job__book" aria-labelledby={headingId}>
      <h5 id={headingId} className="quote-job__subheading">
        {copy.bookHeading}
      </h5>
      <form ref={dateInput} onSubmit={submit} noValidate aria-labelledby={headingId}>
        <VisitTimeFields
          idPrefix={fieldId}
          date={date}
          time={time}
          errors={errors}
          onDate={setDate}
          onTime={setTime}
        />
        {errors.form === undefined ? null : <Notice tone="error">{errors.form}</Notice>}
        <div className="button-row">
          <button type="submit" className="button" disabled={busy}>
            {busy ? copy.booking : copy.book}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Another day or window for a visit (the bookings' schedule call). */
function MoveVisitForm({
  session,
  visit,
  onMoved,
  onClose,
  onRefused,
}: {
  readonly session: AdminSession;
  readonly visit: JobVisit;
  readonly onMoved: (text: string) => void;
  readonly onClose: () => void;
  readonly onRefused: () => void;
}) {
  const fieldId = useId();
  const today = todayInToronto();
  const [date, setDate] = useState(visit.date < today ? today : visit.date);
  const [time, setTime] = useState<TimeWindowId>(windowOf(visit.time) ?? 'morning');
  const [errors, setErrors] = useState<VisitTimeErrors>({});
  const placing = useMutation({
    mutationFn: (request: { date: string; time: TimeWindowId }) =>
      scheduleVisit(session.token, visit.id, request.date, request.time),
  });
  const busy = placing.isPending;

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (date === '') {
      setErrors({ date: copy.dateRequired });
      return;
    }
    setErrors({});
    placing.mutate(
      { date, time },
      {
        onSuccess: ({ message }) => {
          onMoved(message === '' ? copy.moved(visit.reference) : message);
        },
        onError: (error) => {
          if (reportDenial(session, error)) return;
          setErrors(errorsOf(error));
          if (error instanceof ApiError && error.status === 409) onRefused();
        },
      },
    );
  };

  return (
    <form className="quote-visit__move" onSubmit={submit} noValidate>
      <fieldset>
        <legend>{copy.moveLegend(visit.reference)}</legend>
        <VisitTimeFields
          idPrefix={fieldId}
          date={date}
          time={time}
          errors={errors}
          autoFocus
          onDate={setDate}
          onTime={setTime}
        />
        {errors.form === undefined ? null : <Notice tone="error">{errors.form}</Notice>}
        <div className="button-row">
          <button type="submit" className="button" disabled={busy}>
            {busy ? copy.moving : copy.moveSubmit}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={onClose}
          >
            {copy.closeMove}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
