import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { openQueueSession, QUEUE_DASHBOARD_PATH } from '../../api/admin-api';
import { Notice } from '../../components/Notice';
import { queuesContent as copy } from './admin-content';
import { type AdminSession, failureText, reportDenial } from './use-admin-data';

/**
 * Leaves the site for a dashboard page. `replace`: the console was only a way through (a return
 * from signing in), so Back must not land on it and open the dashboard again.
 */
export type LeaveForDashboard = (url: string, replace: boolean) => void;

const leaveForDashboard: LeaveForDashboard = (url, replace) => {
  if (replace) window.location.replace(url);
  else window.location.assign(url);
};

/**
 * The dashboard page asked for by `?open=` (where a signed-out visit to it was sent back to, by
 * way of the login), or null. Only a page of the dashboard: anything else would make the console
 * a way to send an operator anywhere.
 */
export function requestedDashboardPage(open: string | null): string | null {
  if (open === null) return null;
  return /^\/admin\/queues(?:[/?#]|$)/.test(open) && !/[\\\s]/.test(open) ? open : null;
}

/**
 * The way into the queue dashboard (bull-board). It is the API's own page, not part of this
 * app: the API first trades our token for its cookie, then the browser loads the page. Opened
 * with `?open=<dashboard page>`, it does so at once for that page.
 */
export function QueuesSection({
  session,
  leave = leaveForDashboard,
}: {
  readonly session: AdminSession;
  readonly leave?: LeaveForDashboard;
}) {
  const headingId = useId();
  const [searchParams] = useSearchParams();
  const requested = requestedDashboardPage(searchParams.get('open'));
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const opening = useMutation({ mutationFn: () => openQueueSession(session.token) });
  const { mutate } = opening;
  // Asked to open a page at once: busy from the first render. Once the session is open, the
  // browser is on its way to the dashboard.
  const busy = opening.isPending || opening.isSuccess || (requested !== null && opening.isIdle);

  const open = useCallback(
    (page: string, replace: boolean) => {
      setError(null);
      mutate(undefined, {
        onSuccess: () => {
          leave(page, replace);
        },
        onError: (failure) => {
          if (!reportDenial(session, failure)) setError(failureText(failure));
        },
      });
    },
    [session, leave, mutate],
  );

  useEffect(() => {
    // Once, though the effect may run twice while developing.
    if (requested === null || started.current) return;
    started.current = true;
    open(requested, true);
  }, [requested, open]);

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{copy.heading}</h2>
      <p>{copy.intro}</p>
      {error === null ? null : <Notice tone="error">{error}</Notice>}
      {requested !== null && busy ? (
        <p className="loading" role="status">
          {copy.openingPage}
        </p>
      ) : null}
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => {
          open(QUEUE_DASHBOARD_PATH, false);
        }}
      >
        {busy ? copy.opening : copy.open}
      </button>
    </section>
  );
}
