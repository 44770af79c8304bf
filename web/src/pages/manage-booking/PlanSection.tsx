import './PlanSection.css';
import type { ManagedBookingView, MonthlyPlanView } from '@hs/api/domain/booking/booking-schema';
import { useId, useRef, useState } from 'react';
import { ApiError } from '../../api/api-client';
import type { BookingChange, OwnerProof } from '../../api/bookings-api';
import type { PlanChange } from '../../api/plans-api';
import type { Redirect } from '../../app/redirect';
import { PlanStatusRows } from '../../components/booking/PlanStatusRows';
import { Notice } from '../../components/Notice';
import { managePlanCopy as copy } from '../../content/services-content';
import { PlanActions } from './PlanActions';
import { PlanVisits, type MoveRequest } from './PlanVisits';
import { UpdateCard } from './UpdateCard';

interface Message {
  readonly tone: 'success' | 'error';
  readonly text: string;
  /** Counts the answers, so that the same words twice are still read out twice. */
  readonly count: number;
}

interface PlanSectionProps {
  readonly plan: MonthlyPlanView;
  /** The page's proof: a plan's token proves each of its visits, and so does the login. */
  readonly proof: OwnerProof;
  /** Opens the Move of this visit (the page's closed-day notice asks): a new `count` each time. */
  readonly moveRequest?: MoveRequest | null;
  readonly onPlanChanged: (plan: MonthlyPlanView) => void;
  readonly onVisitChanged: (visit: ManagedBookingView) => void;
  /** Sends the browser to the provider's card page (a signed-in owner's Update card). */
  readonly redirect: Redirect;
}

/**
 * "Your Monthly Visit plan" on the manage page: where it stands, its visits to skip or move, and
 * the plan to cancel, keep, pause, resume or pay for. Each answer's message shows here, at the
 * plan.
 */
export function PlanSection({
  plan,
  proof,
  moveRequest = null,
  onPlanChanged,
  onVisitChanged,
  redirect,
}: PlanSectionProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [message, setMessage] = useState<Message | null>(null);

  // The control that was used may be gone after a change (a skipped visit offers no more), so
  // focus goes to the plan's heading, under which the answer is read out.
  const succeeded = (text: string) => {
    setMessage((last) => ({ tone: 'success', text, count: (last?.count ?? 0) + 1 }));
    heading.current?.focus();
  };
  const failed = (text: string, error: unknown) => {
    setMessage((last) => ({
      tone: 'error',
      text: refusalText(text, error),
      count: (last?.count ?? 0) + 1,
    }));
  };

  return (
    <section className="manage-booking__panel plan-section" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {copy.heading}
      </h2>
      {message ? (
        <Notice key={message.count} tone={message.tone}>
          {message.text}
        </Notice>
      ) : null}
      <PastDueNotice plan={plan} proof={proof} redirect={redirect} onFailed={failed} />
      {/* The standing names a paused month and the renewal after it, or the end: one source. */}
      <dl className="booking-summary">
        <PlanStatusRows plan={plan} />
      </dl>
      <PlanVisits
        plan={plan}
        proof={proof}
        moveRequest={moveRequest}
        onChanged={(change: BookingChange) => {
          onVisitChanged(change.booking);
          succeeded(change.message);
        }}
        onFailed={failed}
      />
      <PlanActions
        plan={plan}
        proof={proof}
        onChanged={(change: PlanChange) => {
          onPlanChanged(change.plan);
          succeeded(change.message);
        }}
        onFailed={failed}
        redirect={redirect}
      />
    </section>
  );
}

/**
 * The API answers a missing proof as it answers an unknown plan. A visit's own link proves that
 * visit only, so that is the likely reason on this page, and it says where the plan's link is.
 */
function refusalText(text: string, error: unknown): string {
  return error instanceof ApiError && error.status === 404 ? copy.notProven : text;
}

interface PastDueNoticeProps {
  readonly plan: MonthlyPlanView;
  readonly proof: OwnerProof;
  readonly redirect: Redirect;
  readonly onFailed: (message: string, error: unknown) => void;
}

/** A failed renewal comes first: until the card is updated the plan's visits are at risk. */
function PastDueNotice({ plan, proof, redirect, onFailed }: PastDueNoticeProps) {
  if (plan.status !== 'past_due') return null;
  return (
    <div className="notice notice--error plan-section__past-due">
      <p>{copy.pastDue}</p>
      <UpdateCard
        planId={plan.id}
        proof={proof}
        className="button"
        redirect={redirect}
        onFailed={onFailed}
      />
    </div>
  );
}
