import { useMutation } from '@tanstack/react-query';
import type { AdminClosureList, AdminClosureView } from '@hs/api/domain/admin/admin-views';
import { closedLabel } from '@hs/api/domain/calendar/business-calendar';
import { todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { useEffect, useId, useRef, useState } from 'react';
import { fetchClosures, reopenClosure } from '../../api/admin-closures-api';
import { ApiError } from '../../api/api-client';
import { Notice } from '../../components/Notice';
import { formatMoment, formatVisitDate } from './admin-format';
import { AdminTable } from './AdminTable';
import { CloseDaysForm } from './CloseDaysForm';
import { rangeText } from './ClosurePreviewPanel';
import { closuresContent as copy } from './closures-content';
import { ConfirmQuestion } from './ConfirmQuestion';
import { LoadStatus } from './LoadStatus';
import {
  type AdminMessage,
  type AdminSession,
  failureText,
  reportDenial,
  useAdminData,
} from './use-admin-data';
import { queryKeys } from '../../api/query-keys';

/** The list with a closure in it, soonest first, whether or not it was there already. */
function withClosure(list: AdminClosureList, closure: AdminClosureView): AdminClosureList {
  const closures = [...list.closures.filter((item) => item.id !== closure.id), closure].sort(
    (a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to),
  );
  return { ...list, closures };
}

/**
 * The business calendar: a day or a range closed (its visits listed and their customers told),
 * the closures to come with a way to reopen each, and the holidays closed every year.
 */
export function ClosuresSection({ session }: { readonly session: AdminSession }) {
  const headingId = useId();
  const closuresHeadingId = useId();
  const holidaysHeadingId = useId();
  const closuresHeading = useRef<HTMLHeadingElement>(null);
  const [message, setMessage] = useState<AdminMessage>(null);
  const { state, retry, update, refresh } = useAdminData(
    session,
    queryKeys.admin.closures(session.token),
    (signal) => fetchClosures(session.token, signal),
  );

  const reopening = useMutation({
    mutationFn: (closureId: string) => reopenClosure(session.token, closureId),
  });
  const reopen = (closure: AdminClosureView) =>
    reopening.mutateAsync(closure.id).then(
      (said) => {
        update((list) => ({
          ...list,
          closures: list.closures.filter((item) => item.id !== closure.id),
        }));
        setMessage({ tone: 'success', text: said });
        // Its row, and the button that was focused in it, are gone.
        closuresHeading.current?.focus();
        return true;
      },
      (error: unknown) => {
        if (reportDenial(session, error)) return false;
        setMessage({ tone: 'error', text: failureText(error) });
        // Removed meanwhile, or begun: the list is read again to show where things stand.
        if (error instanceof ApiError && (error.status === 404 || error.status === 409)) refresh();
        return false;
      },
    );

  return (
    <section className="admin-closures" aria-labelledby={headingId}>
      <h2 id={headingId}>{copy.heading}</h2>
      <p className="admin-closures__intro">{copy.intro}</p>
      <CloseDaysForm
        session={session}
        onClosed={({ closure }) => {
          setMessage(null);
          update((list) => withClosure(list, closure));
          refresh();
        }}
      />
      <section className="admin-closures__list" aria-labelledby={closuresHeadingId}>
        <h3 id={closuresHeadingId} ref={closuresHeading} tabIndex={-1}>
          {copy.closuresHeading}
        </h3>
        {message === null ? null : <Notice tone={message.tone}>{message.text}</Notice>}
        <LoadStatus state={state} loadingLabel={copy.loading} onRetry={retry} />
        {state.status === 'ready' ? (
          <AdminTable
            content={copy}
            rows={state.data.closures}
            rowHeader={(closure) => rangeText(closure.from, closure.to)}
            cells={(closure) => (
              <>
                <td>{closedLabel(closure.reason)}</td>
                <td>{formatMoment(closure.createdAt)}</td>
                <td>
                  <ReopenButton closure={closure} onReopen={reopen} />
                </td>
              </>
            )}
          />
        ) : null}
      </section>
      {state.status === 'ready' ? (
        <section className="admin-closures__holidays" aria-labelledby={holidaysHeadingId}>
          <h3 id={holidaysHeadingId}>{copy.holidaysHeading}</h3>
          <p className="admin-field__hint">{copy.holidaysIntro}</p>
          {state.data.holidays.length === 0 ? (
            <p>{copy.holidaysEmpty}</p>
          ) : (
            <ul className="admin-holidays">
              {state.data.holidays.map((holiday) => (
                <li key={`${holiday.date}-${holiday.name}`}>
                  <time dateTime={holiday.date}>{formatVisitDate(holiday.date)}</time>
                  <span>{holiday.name}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </section>
  );
}

interface ReopenButtonProps {
  readonly closure: AdminClosureView;
  /** Answers whether the closure is gone (true), or still there after a refusal. */
  readonly onReopen: (closure: AdminClosureView) => Promise<boolean>;
}

/**
 * Reopening asks once more: customers may book those days again at once. A closure that has
 * begun cannot be reopened (the API refuses it), so it offers nothing to press.
 */
function ReopenButton({ closure, onReopen }: ReopenButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // Going back from the question, or a refusal, gives the focus back to the button that asked.
  const refocus = useRef(false);
  useEffect(() => {
    if (!confirming && refocus.current) {
      refocus.current = false;
      button.current?.focus();
    }
  }, [confirming]);

  const range = rangeText(closure.from, closure.to);
  if (closure.from <= todayInToronto()) {
    return <span className="admin-muted">{copy.begun}</span>;
  }

  if (confirming) {
    return (
      <ConfirmQuestion
        question={copy.confirmReopen(range, closure.reason)}
        yes={busy ? copy.reopening : copy.reopenYes}
        no={copy.reopenNo}
        busy={busy}
        onYes={() => {
          setBusy(true);
          void onReopen(closure).then((gone) => {
            if (gone) return;
            setBusy(false);
            refocus.current = true;
            setConfirming(false);
          });
        }}
        onNo={() => {
          refocus.current = true;
          setConfirming(false);
        }}
      />
    );
  }

  return (
    <button
      ref={button}
      type="button"
      className="button button--secondary"
      aria-label={copy.reopenLabel(range)}
      onClick={() => {
        setConfirming(true);
      }}
    >
      {copy.reopen}
    </button>
  );
}
