import type { MonthlyPlanView } from '@hs/api/domain/booking/booking-schema';
import { longDate } from '@hs/api/domain/calendar/toronto-date';
import { PlanMessages } from '@hs/api/domain/subscription/plan-messages';
import { useId, useRef, useState } from 'react';
import type { OwnerProof } from '../../api/bookings-api';
import { usePlanChange } from '../../api/booking-changes';
import type { PlanAction, PlanChange } from '../../api/plans-api';
import type { Redirect } from '../../app/redirect';
import { planStandingCopy as standingCopy } from '../../content/plan-standing-content';
import { managePlanCopy as copy } from '../../content/services-content';
import { UpdateCard } from './UpdateCard';

/** The changes asked once more before they are made: neither is undone by another click. */
type AskedAction = Extract<PlanAction, 'cancel' | 'pause'>;

/**
 * What the plan offers in its standing (the API's: a plan ending is not paused, a paused month is
 * resumed only before it begins); the API refuses anything else (409) with its reason.
 */
function planOffers(plan: MonthlyPlanView, proof: OwnerProof) {
  const { changes } = plan.standing;
  return {
    ...changes,
    // Past due, the card control stands first in the plan, above everything else.
    updateCard: (proof.token !== null || Boolean(proof.login)) && plan.status === 'active',
  };
}

interface PlanActionsProps {
  readonly plan: MonthlyPlanView;
  readonly proof: OwnerProof;
  readonly onChanged: (change: PlanChange) => void;
  readonly onFailed: (message: string, error: unknown) => void;
  readonly redirect: Redirect;
}

/**
 * Keep the plan or resume a paused month, cancel at the end of the month (after its notice),
 * pause, update the card.
 */
export function PlanActions({ plan, proof, onChanged, onFailed, redirect }: PlanActionsProps) {
  const headingId = useId();
  const questionId = useId();
  const [asking, setAsking] = useState<AskedAction | null>(null);
  const change = usePlanChange(plan.id, proof);
  const busy: PlanAction | null = change.isPending ? change.variables : null;
  const openers = useRef<Record<AskedAction, HTMLButtonElement | null>>({
    cancel: null,
    pause: null,
  });
  const offers = planOffers(plan, proof);
  if (!offers.cancel && !offers.keep && !offers.resume && !offers.pause && !offers.updateCard) {
    return null;
  }

  const goBack = () => {
    const opener = asking === null ? null : openers.current[asking];
    setAsking(null);
    opener?.focus();
  };

  const run = (action: PlanAction) => {
    change.mutate(action, {
      onSuccess: (changed) => {
        setAsking(null);
        onChanged(changed);
      },
      onError: (error) => {
        goBack();
        onFailed(error instanceof Error ? error.message : 'Something went wrong!', error);
      },
    });
  };

  const asked = (action: AskedAction, label: string) => (
    <button
      ref={(button) => {
        openers.current[action] = button;
      }}
      type="button"
      className="button button--secondary"
      aria-expanded={asking === action}
      aria-controls={asking === action ? questionId : undefined}
      onClick={() => {
        setAsking(asking === action ? null : action);
      }}
    >
      {label}
    </button>
  );

  return (
    <section className="plan-section__actions" aria-labelledby={headingId}>
      <h3 id={headingId}>{copy.actionsHeading}</h3>
      <div className="button-row">
        {/* Keep my plan (an ending) and Resume (a paused month) both renew as usual again. */}
        {offers.keep || offers.resume ? (
          <button
            type="button"
            className="button"
            disabled={busy !== null}
            aria-label={
              offers.resume && plan.standing.pausedFrom !== null
                ? standingCopy.resumeLabel(longDate(plan.standing.pausedFrom))
                : undefined
            }
            onClick={() => {
              run('resume');
            }}
          >
            {busy === 'resume' ? copy.working : offers.keep ? copy.resume : standingCopy.resume}
          </button>
        ) : null}
        {offers.cancel ? asked('cancel', copy.cancel) : null}
        {offers.pause ? asked('pause', copy.pause) : null}
        {offers.updateCard ? (
          <UpdateCard
            planId={plan.id}
            proof={proof}
            className="button button--secondary"
            redirect={redirect}
            onFailed={onFailed}
          />
        ) : null}
      </div>
      {asking === null ? null : (
        <div
          id={questionId}
          className="plan-section__question"
          role="group"
          aria-labelledby={`${questionId}-text`}
        >
          <p id={`${questionId}-text`}>
            {asking === 'cancel'
              ? PlanMessages.cancelNotice(plan.nextPeriodStart)
              : copy.pauseNotice(longDate(plan.nextPeriodStart))}
            {asking === 'cancel' && plan.standing.pausedFrom !== null
              ? ` ${PlanMessages.cancelDropsPause}`
              : null}
          </p>
          <div className="button-row">
            <button
              type="button"
              className={asking === 'cancel' ? 'button button--danger' : 'button'}
              disabled={busy !== null}
              onClick={() => {
                run(asking);
              }}
            >
              {busy === asking
                ? copy.working
                : asking === 'cancel'
                  ? copy.cancelConfirm
                  : copy.pauseConfirm}
            </button>
            {/* The safe answer takes the focus: Enter must not confirm by accident. */}
            <button
              autoFocus
              type="button"
              className="button button--secondary"
              disabled={busy !== null}
              onClick={goBack}
            >
              {copy.goBack}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
