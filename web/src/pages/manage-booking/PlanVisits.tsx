import type { MonthlyPlanView, PlanVisitView } from '@hs/api/domain/booking/booking-schema';
import { BOOKING_STATUS_LABELS } from '@hs/api/domain/booking/booking-status';
import { addDays, longDate, todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { useId, useRef, useState } from 'react';
import type { BookingChange, OwnerProof } from '../../api/bookings-api';
import { managePlanCopy as copy } from '../../content/services-content';
import { CancelBooking } from './CancelBooking';
import { RescheduleBooking } from './RescheduleBooking';

type VisitControl = 'skip' | 'move';

/** A visit still to come that holds its place (paid, or waiting for the month's payment). */
function canChangeVisit(visit: PlanVisitView, today: string): boolean {
  return (visit.status === 'paid' || visit.status === 'pending_payment') && visit.date >= today;
}

/**
 * The dates a visit may move to: within its own month, which is paid for as a whole. The next
 * month's end is not in the plan's view, so there the API has the last word (and says why).
 */
function moveRange(
  plan: Pick<MonthlyPlanView, 'periodStart' | 'nextPeriodStart'>,
  visit: Pick<PlanVisitView, 'date'>,
  today: string,
): { min: string; max: string } | undefined {
  if (visit.date >= plan.nextPeriodStart) return undefined;
  return {
    min: plan.periodStart > today ? plan.periodStart : today,
    max: addDays(plan.nextPeriodStart, -1),
  };
}

/** A request from outside the list to open one visit's Move; each new `count` opens it again. */
export interface MoveRequest {
  readonly visitId: string;
  readonly count: number;
}

interface PlanVisitsProps {
  readonly plan: MonthlyPlanView;
  readonly proof: OwnerProof;
  readonly moveRequest?: MoveRequest | null;
  readonly onChanged: (change: BookingChange) => void;
  readonly onFailed: (message: string, error: unknown) => void;
}

/** The plan's visits, each to skip or move while it is still to come. One opens at a time. */
export function PlanVisits({
  plan,
  proof,
  moveRequest = null,
  onChanged,
  onFailed,
}: PlanVisitsProps) {
  const headingId = useId();
  const today = todayInToronto();
  const [open, setOpen] = useState<{ visitId: string; control: VisitControl } | null>(null);
  // A new request opens that visit's Move (its form takes the focus as it opens).
  const [requestSeen, setRequestSeen] = useState(0);
  if (moveRequest !== null && moveRequest.count !== requestSeen) {
    setRequestSeen(moveRequest.count);
    setOpen({ visitId: moveRequest.visitId, control: 'move' });
  }

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{copy.visitsHeading}</h3>
      {plan.visits.length === 0 ? (
        <p>{copy.noVisits}</p>
      ) : (
        <ol className="plan-section__visits">
          {plan.visits.map((visit) => (
            <PlanVisitItem
              key={visit.id}
              visit={visit}
              changeable={plan.status !== 'ended' && canChangeVisit(visit, today)}
              neverPaid={plan.neverPaid}
              range={moveRange(plan, visit, today)}
              proof={proof}
              open={open?.visitId === visit.id ? open.control : null}
              onOpen={(control) => {
                setOpen(control === null ? null : { visitId: visit.id, control });
              }}
              onChanged={(change) => {
                setOpen(null);
                onChanged(change);
              }}
              onFailed={onFailed}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

interface PlanVisitItemProps {
  readonly visit: PlanVisitView;
  readonly changeable: boolean;
  /** The plan was never paid: calling this visit off cancels the whole plan, so it says so. */
  readonly neverPaid: boolean;
  readonly range: { min: string; max: string } | undefined;
  readonly proof: OwnerProof;
  readonly open: VisitControl | null;
  readonly onOpen: (control: VisitControl | null) => void;
  readonly onChanged: (change: BookingChange) => void;
  readonly onFailed: (message: string, error: unknown) => void;
}

/**
 * One visit, with Skip and Move buttons that each show their step below it (Skip is Cancel plan
 * while the plan was never paid). Closing the step gives the focus back to the button that
 * opened it.
 */
function PlanVisitItem({
  visit,
  changeable,
  neverPaid,
  range,
  proof,
  open,
  onOpen,
  onChanged,
  onFailed,
}: PlanVisitItemProps) {
  const panelId = useId();
  const openers = useRef<Record<VisitControl, HTMLButtonElement | null>>({
    skip: null,
    move: null,
  });
  const when = longDate(visit.date);
  // The plan's proof (its token or the login) proves each of its visits.
  const link = { ...proof, bookingId: visit.id };
  const callOff = neverPaid
    ? {
        text: copy.cancelPlan,
        label: copy.cancelPlanLabel(when),
        note: copy.cancelPlanNote,
        words: {
          heading: copy.cancelPlanHeading,
          button: copy.cancelPlan,
          confirm: copy.cancelPlanConfirm,
          keep: copy.cancelPlanKeep,
          working: copy.cancellingPlan,
        },
      }
    : {
        text: copy.skip,
        label: copy.skipLabel(when),
        note: copy.skipNote,
        words: {
          heading: copy.skipHeading(when),
          button: copy.skip,
          confirm: copy.skipConfirm,
          keep: copy.skipKeep,
          working: copy.skipping,
        },
      };

  const close = (control: VisitControl) => () => {
    onOpen(null);
    openers.current[control]?.focus();
  };

  const opener = (control: VisitControl, text: string, label: string) => (
    <button
      ref={(button) => {
        openers.current[control] = button;
      }}
      type="button"
      className="button button--secondary"
      aria-label={label}
      aria-expanded={open === control}
      aria-controls={open === control ? panelId : undefined}
      onClick={() => {
        onOpen(open === control ? null : control);
      }}
    >
      {text}
    </button>
  );

  return (
    <li className="plan-section__visit">
      <span>
        {copy.visit(when, visit.timeLabel)}
        {' – '}
        <span className={`status status--${visit.status}`}>
          {BOOKING_STATUS_LABELS[visit.status]}
        </span>
      </span>
      {changeable ? (
        <span className="button-row">
          {opener('skip', callOff.text, callOff.label)}
          {opener('move', copy.move, copy.moveLabel(when))}
        </span>
      ) : null}
      {changeable && open === 'skip' ? (
        <div id={panelId}>
          <CancelBooking
            link={link}
            note={callOff.note}
            words={callOff.words}
            level={4}
            onClose={close('skip')}
            onChanged={onChanged}
            onFailed={onFailed}
          />
        </div>
      ) : null}
      {changeable && open === 'move' ? (
        <div id={panelId}>
          <RescheduleBooking
            link={link}
            visit={visit}
            needsPlace
            note={copy.moveNote}
            range={range}
            words={{
              heading: copy.moveHeading(when),
              submit: copy.moveSubmit,
              working: copy.moving,
              close: copy.close,
            }}
            level={4}
            onClose={close('move')}
            onChanged={onChanged}
            onFailed={onFailed}
          />
        </div>
      ) : null}
    </li>
  );
}
