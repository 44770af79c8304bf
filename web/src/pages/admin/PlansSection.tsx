import { useMutation } from '@tanstack/react-query';
import type { AdminPlanList, AdminPlanView } from '@hs/api/domain/admin/admin-views';
import { findTimeWindow } from '@hs/api/domain/booking/catalogue';
import { BOOKING_STATUS_LABELS } from '@hs/api/domain/booking/booking-status';
import { PlanMessages } from '@hs/api/domain/subscription/plan-messages';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  endPlan,
  fetchAdminPlans,
  LIST_TOP,
  type PlanEnd,
  type PlanFilter,
  type RenewalCard,
  renewPlanNow,
} from '../../api/admin-api';
import { Notice } from '../../components/Notice';
import { adminContent, plansContent as copy } from './admin-content';
import { formatMoment, formatVisitDate } from './admin-format';
import { AdminTable } from './AdminTable';
import { ConfirmQuestion } from './ConfirmQuestion';
import { LoadStatus } from './LoadStatus';
import { CursorPager } from './CursorPager';
import { useKeyedList } from './use-keyed-list';
import { AdminFilters, StatusSelect, statusWordsOf } from './StatusFilter';
import {
  type AdminSession,
  failureText,
  reportDenial,
  useAdminData,
  type AdminMessage,
} from './use-admin-data';
import { queryKeys } from '../../api/query-keys';

const STATUS_WORDS = statusWordsOf(copy);

/** Monthly Visit plans: where each stands, what comes next, what failed; end one now. */
export function PlansSection({ session }: { readonly session: AdminSession }) {
  const headingId = useId();
  const { filter, turned, turnPage, changeFilter } = useKeyedList<PlanFilter>({
    status: '',
    ...LIST_TOP,
  });
  const [message, setMessage] = useState<AdminMessage>(null);
  const { state, retry, update, refresh } = useAdminData(
    session,
    queryKeys.admin.plans(session.token, filter),
    (signal) => fetchAdminPlans(session.token, filter, signal),
  );

  const onEnded = ({ plan: ended, message: said }: PlanEnd) => {
    update((list: AdminPlanList) => ({
      ...list,
      plans: list.plans.map((plan) => (plan.id === ended.id ? ended : plan)),
    }));
    setMessage({ tone: 'success', text: `${ended.reference}: ${said}` });
  };
  // A renewal changes the status, the next renewal and the failures: the list is read again.
  const onRenewed = (plan: AdminPlanView, outcome: string) => {
    setMessage({ tone: 'success', text: copy.outcome(plan.reference, outcome) });
    refresh();
  };
  const onFailed = (text: string) => {
    setMessage({ tone: 'error', text });
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{copy.heading}</h2>
      <AdminFilters label={copy.filtersLabel}>
        <StatusSelect
          words={STATUS_WORDS}
          value={filter.status}
          onChange={(status) => {
            changeFilter({ status });
            setMessage(null);
          }}
        />
      </AdminFilters>
      {message === null ? null : <Notice tone={message.tone}>{message.text}</Notice>}
      <LoadStatus state={state} loadingLabel={copy.loading} onRetry={retry} />
      {state.status === 'ready' ? (
        <>
          {state.data.canRenewNow ? <p className="admin-muted">{copy.renewHint}</p> : null}
          <AdminTable
            content={copy}
            rows={state.data.plans}
            rowHeader={(plan) => plan.reference}
            cells={(plan) => (
              <PlanCells
                plan={plan}
                actions={
                  <PlanActions
                    session={session}
                    plan={plan}
                    canRenewNow={state.data.canRenewNow}
                    onEnded={onEnded}
                    onRenewed={onRenewed}
                    onFailed={onFailed}
                  />
                }
              />
            )}
          />
          <CursorPager
            list={state.data}
            shown={state.data.plans.length}
            noun="plan"
            words="time"
            turned={turned}
            onTurn={turnPage}
          />
        </>
      ) : null}
    </section>
  );
}

function PlanCells({
  plan,
  actions,
}: {
  readonly plan: AdminPlanView;
  readonly actions: ReactNode;
}) {
  return (
    <>
      <td>
        <span className="admin-customer">
          <span>{plan.name}</span>
          <a href={`mailto:${plan.email}`}>{plan.email}</a>
          <span>{plan.phone}</span>
          <span className="admin-muted">{plan.address}</span>
        </span>
      </td>
      <td>{plan.service}</td>
      <td>
        {copy.statusLabels[plan.status]}
        {/* The customer's paused month: the renewal beside it is the one after it. */}
        {plan.standing.pausedFrom === null ? null : (
          <span className="admin-customer admin-muted">
            {PlanMessages.pausedFromShort(formatVisitDate(plan.standing.pausedFrom))}
          </span>
        )}
      </td>
      <td>
        {plan.nextRenewal !== null
          ? formatVisitDate(plan.nextRenewal)
          : plan.endedAt !== null
            ? copy.ended(formatMoment(plan.endedAt))
            : adminContent.never}
      </td>
      <td>{plan.cancelAtPeriodEnd ? copy.yes : copy.no}</td>
      <td>
        <UpcomingVisits visits={plan.upcomingVisits} />
        {plan.unplacedWeeks.length > 0 ? (
          <ul className="admin-plan-list">
            {plan.unplacedWeeks.map((week) => (
              <li key={week}>
                <strong>{copy.toArrange(formatVisitDate(week))}</strong>
              </li>
            ))}
          </ul>
        ) : null}
      </td>
      <td>
        <FailedPayments failures={plan.failedPayments} />
      </td>
      <td>{actions}</td>
    </>
  );
}

function UpcomingVisits({ visits }: { readonly visits: AdminPlanView['upcomingVisits'] }) {
  return (
    <span className="admin-customer">
      <span>{copy.visitCount(visits.length)}</span>
      {visits.length > 0 ? (
        <ul className="admin-plan-list">
          {visits.map((visit) => (
            <li key={visit.id}>
              {`${formatVisitDate(visit.date)}, ${findTimeWindow(visit.time)?.label ?? visit.time}`}
              {visit.status === 'paid' ? null : (
                <span className="admin-muted">{` (${BOOKING_STATUS_LABELS[visit.status]})`}</span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </span>
  );
}

function FailedPayments({ failures }: { readonly failures: AdminPlanView['failedPayments'] }) {
  if (failures.length === 0) return <span className="admin-muted">{copy.noFailures}</span>;
  return (
    <ul className="admin-plan-list">
      {failures.map((failure) => (
        <li key={`${failure.at}-${String(failure.attempt)}`}>
          {copy.failure(formatMoment(failure.at), failure.attempt, failure.final)}{' '}
          <span className="admin-muted">
            {copy.failurePeriod(formatVisitDate(failure.periodStart))}
          </span>
        </li>
      ))}
    </ul>
  );
}

type Busy = 'cancel' | 'renew' | 'declined' | null;

interface PlanActionsProps {
  readonly session: AdminSession;
  readonly plan: AdminPlanView;
  readonly canRenewNow: boolean;
  readonly onEnded: (end: PlanEnd) => void;
  readonly onRenewed: (plan: AdminPlanView, outcome: string) => void;
  readonly onFailed: (message: string) => void;
}

/**
 * End the plan now (asked once more: its visits to come are called off), and, on the local test
 * provider only, make its next renewal happen now with the card on file or a declined one.
 */
function PlanActions({
  session,
  plan,
  canRenewNow,
  onEnded,
  onRenewed,
  onFailed,
}: PlanActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const ending = useMutation({ mutationFn: () => endPlan(session.token, plan.id) });
  const renewal = useMutation({
    mutationFn: (card: RenewalCard | undefined) => renewPlanNow(session.token, plan.id, card),
  });
  const busy: Busy = ending.isPending
    ? 'cancel'
    : renewal.isPending
      ? (renewal.variables ?? 'renew')
      : null;
  const cancelButton = useRef<HTMLButtonElement>(null);
  // Going back from the question gives the focus back to the button that asked it.
  const refocus = useRef(false);
  useEffect(() => {
    if (!confirming && refocus.current) {
      refocus.current = false;
      cancelButton.current?.focus();
    }
  }, [confirming]);

  if (plan.status === 'ended') return <span className="admin-muted">{adminContent.never}</span>;

  const failed = (error: unknown) => {
    refocus.current = confirming;
    setConfirming(false);
    if (!reportDenial(session, error)) onFailed(failureText(error));
  };

  const end = () => {
    ending.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirming(false);
        onEnded(answer);
      },
      onError: failed,
    });
  };

  const renew = (card?: RenewalCard) => {
    renewal.mutate(card, {
      onSuccess: (outcome) => {
        onRenewed(plan, outcome);
      },
      onError: failed,
    });
  };

  if (confirming) {
    return (
      <ConfirmQuestion
        question={copy.confirmCancel(plan.reference)}
        yes={busy === 'cancel' ? copy.cancelling : copy.confirmYes}
        no={copy.confirmNo}
        danger
        busy={busy !== null}
        onYes={end}
        onNo={() => {
          refocus.current = true;
          setConfirming(false);
        }}
      />
    );
  }

  return (
    <div className="admin-status-control">
      <button
        ref={cancelButton}
        type="button"
        className="button button--secondary"
        disabled={busy !== null}
        aria-label={copy.cancelLabel(plan.reference)}
        onClick={() => {
          setConfirming(true);
        }}
      >
        {copy.cancel}
      </button>
      {canRenewNow ? (
        <>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy !== null}
            aria-label={copy.renewLabel(plan.reference)}
            onClick={() => {
              renew();
            }}
          >
            {busy === 'renew' ? copy.renewing : copy.renew}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy !== null}
            aria-label={copy.renewDeclinedLabel(plan.reference)}
            onClick={() => {
              renew('declined');
            }}
          >
            {busy === 'declined' ? copy.renewing : copy.renewDeclined}
          </button>
        </>
      ) : null}
    </div>
  );
}
