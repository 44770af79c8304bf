import { useId, useState } from 'react';
import { openQueueSession, QUEUE_DASHBOARD_PATH } from '../../api/admin-api';
import { Notice } from '../../components/Notice';
import { queuesContent as copy } from './admin-content';
import { type AdminSession, failureText, reportDenial } from './use-admin-data';

/**
 * The way into the queue dashboard (bull-board). It is the API's own page, not part of this
 * app: the API first trades our token for its cookie, then the browser loads the page.
 */
export function QueuesSection({ session }: { readonly session: AdminSession }) {
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const open = () => {
    setBusy(true);
    setError(null);
    openQueueSession(session.token).then(
      () => {
        window.location.assign(QUEUE_DASHBOARD_PATH);
      },
      (failure: unknown) => {
        setBusy(false);
        if (!reportDenial(session, failure)) setError(failureText(failure));
      },
    );
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{copy.heading}</h2>
      <p>{copy.intro}</p>
      {error === null ? null : <Notice tone="error">{error}</Notice>}
      <button type="button" className="button" disabled={busy} onClick={open}>
        {busy ? copy.opening : copy.open}
      </button>
    </section>
  );
}
