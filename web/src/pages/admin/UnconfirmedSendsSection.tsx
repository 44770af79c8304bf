import { useMutation } from '@tanstack/react-query';
import {
  UNCONFIRMED_LIST_STATES,
  type SendDecision,
  type UnconfirmedListState,
  type UnconfirmedSendList,
  type UnconfirmedSendView,
} from '@hs/api/domain/admin/unconfirmed-sends';
import { useEffect, useId, useRef, useState } from 'react';
import { decideUnconfirmedSend, fetchUnconfirmedSends } from '../../api/admin-unconfirmed-api';
import { ApiError } from '../../api/api-client';
import { queryKeys } from '../../api/query-keys';
import { Notice } from '../../components/Notice';
import { unconfirmedContent as copy } from './admin-content';
import { formatMoment } from './admin-format';
import { AdminTable } from './AdminTable';
import { ConfirmQuestion } from './ConfirmQuestion';
import { LoadStatus } from './LoadStatus';
import { AdminFilters } from './StatusFilter';
import {
  type AdminMessage,
  type AdminSession,
  failureText,
  reportDenial,
  useAdminData,
} from './use-admin-data';

const { actions: _noActionsOnceDecided, ...decidedColumns } = copy.columns;

const sameSend = (a: UnconfirmedSendView, b: UnconfirmedSendView) =>
  a.kind === b.kind && a.id === b.id;

/**
 * Emails and newsletters whose mail server's answer never came back, and the operator's decision
 * on each: sent again (for someone who did not get it) or marked delivered. Either is final, so
 * each asks once more. Paged by key: Older follows the page's cursor, Newer goes back.
 */
export function UnconfirmedSendsSection({ session }: { readonly session: AdminSession }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [view, setView] = useState<UnconfirmedListState>('unconfirmed');
  /** The cursors of the pages before this one: the last opens it, none for the first page. */
  const [cursors, setCursors] = useState<readonly string[]>([]);
  const [message, setMessage] = useState<AdminMessage>(null);
  const filter = { state: view, cursor: cursors.at(-1) ?? null };
  const { state, retry, update, refresh } = useAdminData(
    session,
    queryKeys.admin.unconfirmedSends(session.token, filter),
    (signal) => fetchUnconfirmedSends(session.token, filter, signal),
  );
  const deciding = useMutation({
    mutationFn: ({ send, decision }: { send: UnconfirmedSendView; decision: SendDecision }) =>
      decideUnconfirmedSend(session.token, send, decision),
  });

  const decide = (send: UnconfirmedSendView, decision: SendDecision) =>
    deciding.mutateAsync({ send, decision }).then(
      (answer) => {
        update((list: UnconfirmedSendList) => ({
          ...list,
          sends: list.sends.filter((entry) => !sameSend(entry, send)),
        }));
        setMessage({ tone: 'success', text: answer.message });
        // Its row, and the button that was focused in it, are gone.
        heading.current?.focus();
        return true;
      },
      (error: unknown) => {
        if (reportDenial(session, error)) return false;
        setMessage({ tone: 'error', text: failureText(error) });
        // Decided by someone else, or answered meanwhile: read the list again to show it.
        if (error instanceof ApiError && (error.status === 404 || error.status === 409)) refresh();
        return false;
      },
    );

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {copy.heading}
      </h2>
      <p>{copy.intro}</p>
      <AdminFilters label={copy.filtersLabel}>
        <ViewSelect
          value={view}
          onChange={(next) => {
            setView(next);
            setCursors([]);
            setMessage(null);
          }}
        />
      </AdminFilters>
      {message === null ? null : <Notice tone={message.tone}>{message.text}</Notice>}
      <LoadStatus state={state} loadingLabel={copy.loading} onRetry={retry} />
      {state.status === 'ready' ? (
        <>
          <AdminTable
            content={
              view === 'unconfirmed'
                ? { caption: copy.captions[view], columns: copy.columns, empty: copy.empties[view] }
                : {
                    caption: copy.captions[view],
                    columns: decidedColumns,
                    empty: copy.empties[view],
                  }
            }
            rows={state.data.sends}
            rowHeader={(send) => send.to}
            cells={(send) => (
              <>
                <td>{send.subject}</td>
                <td>{copy.kinds[send.kind]}</td>
                <td>{formatMoment(send.committedAt)}</td>
                <td>
                  <DecisionHistory send={send} />
                </td>
                {view === 'unconfirmed' ? (
                  <td>
                    <DecisionButtons send={send} onDecide={decide} />
                  </td>
                ) : null}
              </>
            )}
          />
          <KeyPager
            hasNewer={cursors.length > 0}
            nextCursor={state.data.nextCursor}
            onNewer={() => {
              setCursors((current) => current.slice(0, -1));
            }}
            onOlder={(cursor) => {
              setCursors((current) => [...current, cursor]);
            }}
          />
        </>
      ) : null}
    </section>
  );
}

function ViewSelect({
  value,
  onChange,
}: {
  readonly value: UnconfirmedListState;
  readonly onChange: (view: UnconfirmedListState) => void;
}) {
  const id = useId();
  return (
    <div className="admin-field">
      <label htmlFor={id}>{copy.viewLabel}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const next = UNCONFIRMED_LIST_STATES.find((state) => state === event.target.value);
          if (next !== undefined) onChange(next);
        }}
      >
        {UNCONFIRMED_LIST_STATES.map((state) => (
          <option key={state} value={state}>
            {copy.views[state]}
          </option>
        ))}
      </select>
    </div>
  );
}

function DecisionHistory({ send }: { readonly send: UnconfirmedSendView }) {
  if (send.decisions.length === 0) return <span className="admin-muted">{copy.noDecisions}</span>;
  return (
    <ul className="admin-decisions">
      {send.decisions.map((entry) => (
        <li key={`${entry.decision}-${entry.at}`}>
          {copy.decision(entry.decision, entry.adminEmail, formatMoment(entry.at))}
        </li>
      ))}
    </ul>
  );
}

interface DecisionButtonsProps {
  readonly send: UnconfirmedSendView;
  /** Answers whether the send is decided (and gone from the list), or still there. */
  readonly onDecide: (send: UnconfirmedSendView, decision: SendDecision) => Promise<boolean>;
}

/** Send again and Mark as delivered, each asked once more in place of the buttons. */
function DecisionButtons({ send, onDecide }: DecisionButtonsProps) {
  const [asking, setAsking] = useState<SendDecision | null>(null);
  const [busy, setBusy] = useState(false);
  const buttons = useRef<Partial<Record<SendDecision, HTMLButtonElement | null>>>({});
  // Going back from the question, or a refusal, gives the focus back to the button that asked.
  const refocus = useRef<SendDecision | null>(null);
  useEffect(() => {
    if (asking === null && refocus.current !== null) {
      buttons.current[refocus.current]?.focus();
      refocus.current = null;
    }
  }, [asking]);

  if (asking !== null) {
    const back = () => {
      refocus.current = asking;
      setAsking(null);
    };
    return (
      <ConfirmQuestion
        question={copy.questions[asking](send.subject, send.to)}
        yes={busy ? copy.working : copy.yes[asking]}
        no={copy.no}
        danger={asking === 'send-again'}
        busy={busy}
        onYes={() => {
          setBusy(true);
          void onDecide(send, asking).then((decided) => {
            if (decided) return;
            setBusy(false);
            back();
          });
        }}
        onNo={back}
      />
    );
  }

  const offered: SendDecision[] = send.canSendAgain
    ? ['send-again', 'mark-delivered']
    : ['mark-delivered'];
  return (
    <div className="button-row" role="group" aria-label={copy.actionsLabel(send.subject, send.to)}>
      {offered.map((decision) => (
        <button
          key={decision}
          ref={(button) => {
            buttons.current[decision] = button;
          }}
          type="button"
          className={decision === 'send-again' ? 'button' : 'button button--secondary'}
          onClick={() => {
            setAsking(decision);
          }}
        >
          {copy.actions[decision]}
        </button>
      ))}
      {send.canSendAgain ? null : <span className="admin-muted">{copy.cannotSendAgain}</span>}
    </div>
  );
}

function KeyPager({
  hasNewer,
  nextCursor,
  onNewer,
  onOlder,
}: {
  readonly hasNewer: boolean;
  readonly nextCursor: string | null;
  readonly onNewer: () => void;
  readonly onOlder: (cursor: string) => void;
}) {
  if (!hasNewer && nextCursor === null) return null;
  return (
    <div className="admin-pager">
      <div className="button-row" role="group" aria-label={copy.pagesLabel}>
        <button
          type="button"
          className="button button--secondary"
          disabled={!hasNewer}
          onClick={onNewer}
        >
          {copy.newer}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={nextCursor === null}
          onClick={() => {
            if (nextCursor !== null) onOlder(nextCursor);
          }}
        >
          {copy.older}
        </button>
      </div>
    </div>
  );
}
