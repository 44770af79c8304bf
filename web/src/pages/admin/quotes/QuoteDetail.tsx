import { CALLED_OFF } from '@hs/api/domain/booking/booking-status';
import type { AdminQuote } from '@hs/api/domain/quote/quote-schema';
import { QUOTE_OPEN } from '@hs/api/domain/quote/quote-status';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  fetchAdminQuote,
  type QuoteSent,
  quoteKeys,
  reviseQuote,
} from '../../../api/admin-quotes-api';
import { Notice } from '../../../components/Notice';
import { formatMoment } from '../admin-format';
import { AdminTable } from '../AdminTable';
import { LoadStatus } from '../LoadStatus';
import {
  type AdminMessage,
  type AdminSession,
  failureText,
  reportDenial,
  useAdminData,
} from '../use-admin-data';
import { type QuoteNavigationState, quoteSearch } from './quote-address';
import { formatCents } from './quote-form';
import { QuoteEditor } from './QuoteEditor';
import { QuoteHistory } from './QuoteHistory';
import { QuoteJobPanel } from './QuoteJob';
import { QuotePdfLink } from './QuotePdfLink';
import { QuoteTotals } from './QuoteTotals';
import { quoteDetailContent as copy, quotesContent } from './quotes-content';

interface QuoteDetailProps {
  readonly session: AdminSession;
  readonly quoteId: string;
  /** Said when the page opened, by whatever opened it (a new draft, an existing quote). */
  readonly notice: AdminMessage;
}

const BALANCE_POLL_MS = 1_500;

/** A job whose visits are all done, its balance not billed yet: the workers are on it. */
function awaitingBalance(quote: AdminQuote): boolean {
  const visits =
    quote.job?.visits.filter(
      (visit) => !(CALLED_OFF as readonly string[]).includes(visit.status),
    ) ?? [];
  return (
    quote.status === 'converted' &&
    visits.length > 0 &&
    visits.every((visit) => visit.status === 'done')
  );
}

/**
 * One quote revision: who it is for, where it stands, the editor while it is a draft or what was
 * sent once it is not, the customer's answer, the job it became (its visits and balance), the
 * links to its other revisions and its history.
 */
export function QuoteDetail({ session, quoteId, notice }: QuoteDetailProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const client = useQueryClient();
  const navigate = useNavigate();
  const [message, setMessage] = useState<AdminMessage>(notice);
  const key = quoteKeys.one(session.token, quoteId);
  // The balance is billed by the workers once the last visit is marked done: until it shows,
  // the quote is read again, so the Job panel says what happened without a reload.
  const { state, retry } = useAdminData(
    session,
    key,
    (signal) => fetchAdminQuote(session.token, quoteId, signal),
    { while: awaitingBalance, everyMs: BALANCE_POLL_MS },
  );
  const quote = state.status === 'ready' ? state.data : null;

  // Opened from a list or a button that is gone now: the focus starts at the quote's heading.
  const loaded = quote !== null;
  useEffect(() => {
    if (loaded) headingRef.current?.focus();
  }, [loaded]);

  const listsChanged = () => {
    void client.invalidateQueries({ queryKey: quoteKeys.lists(session.token) });
  };

  const onSaved = (saved: AdminQuote) => {
    client.setQueryData(quoteKeys.one(session.token, saved.id), saved);
    listsChanged();
  };

  const onSent = ({ message: said, quote: sent }: QuoteSent) => {
    onSaved(sent);
    setMessage({ tone: 'success', text: said });
    headingRef.current?.focus();
  };

  const revise = useMutation({
    mutationFn: (from: AdminQuote) => reviseQuote(session.token, from.id),
    onSuccess: (draft) => {
      onSaved(draft);
      const opened: QuoteNavigationState = {
        notice: copy.revised(draft.revision),
        tone: 'success',
      };
      void navigate({ search: quoteSearch(draft.id) }, { state: opened });
    },
    onError: (error) => {
      if (!reportDenial(session, error)) setMessage({ tone: 'error', text: failureText(error) });
    },
  });

  return (
    <div className="quote-detail">
      <p>
        <Link to={{ search: quoteSearch(null) }}>{copy.back}</Link>
      </p>
      <LoadStatus state={state} loadingLabel={copy.loading} onRetry={retry} />
      {quote === null ? null : (
        <>
          <h3 ref={headingRef} tabIndex={-1} className="quote-detail__heading">
            {copy.title(quote.number, quote.revision)}
          </h3>
          {message === null ? null : <Notice tone={message.tone}>{message.text}</Notice>}
          <QuoteFacts quote={quote} />
          <QuoteLinks
            session={session}
            quote={quote}
            onFailed={(text) => {
              setMessage({ tone: 'error', text });
            }}
          />
          {quote.status === 'draft' ? (
            <QuoteEditor
              key={quote.id}
              session={session}
              quote={quote}
              onSaved={onSaved}
              onStale={() => {
                void client.invalidateQueries({ queryKey: key, exact: true });
              }}
              onSent={onSent}
            />
          ) : (
            <>
              {QUOTE_OPEN.includes(quote.status) ? (
                <div className="quote-detail__revise">
                  {quote.nextDraftId === null ? (
                    <button
                      type="button"
                      className="button"
                      disabled={revise.isPending}
                      onClick={() => {
                        setMessage(null);
                        revise.mutate(quote);
                      }}
                    >
                      {revise.isPending ? copy.revising : copy.revise}
                    </button>
                  ) : (
                    <Link className="button" to={{ search: quoteSearch(quote.nextDraftId) }}>
                      {copy.openDraft}
                    </Link>
                  )}
                </div>
              ) : null}
              <QuoteAnswer quote={quote} />
              {quote.job === null ? null : (
                <QuoteJobPanel
                  session={session}
                  quote={quote}
                  job={quote.job}
                  onSaved={onSaved}
                  onStale={() => {
                    void client.invalidateQueries({ queryKey: key, exact: true });
                    // Its last visit done, the quote moves on (balance due): the lists say so.
                    listsChanged();
                  }}
                />
              )}
              <QuoteAsSent quote={quote} />
            </>
          )}
          <QuoteHistory history={quote.history} />
        </>
      )}
    </div>
  );
}

/** Who the quote is for and where it stands. */
function QuoteFacts({ quote }: { readonly quote: AdminQuote }) {
  const { customer } = quote;
  return (
    <dl className="admin-card__meta quote-facts" aria-label={copy.factsLabel}>
      <dt>{copy.status}</dt>
      <dd>
        <span className={`quote-status quote-status--${quote.status}`}>{quote.statusLabel}</span>
      </dd>
      <dt>{copy.customer}</dt>
      <dd>{customer.name}</dd>
      {customer.company === null ? null : (
        <>
          <dt>{copy.company}</dt>
          <dd>{customer.company}</dd>
        </>
      )}
      <dt>{copy.email}</dt>
      <dd>
        <a href={`mailto:${customer.email}`}>{customer.email}</a>
      </dd>
      <dt>{copy.phone}</dt>
      <dd>{customer.phone}</dd>
      <dt>{copy.address}</dt>
      <dd>{customer.address}</dd>
      {quote.estimateReference === null ? null : (
        <>
          <dt>{copy.estimate}</dt>
          <dd>{quote.estimateReference}</dd>
        </>
      )}
      <dt>{copy.validUntil}</dt>
      <dd>{quote.draft.validUntil}</dd>
      <dt>{copy.sent}</dt>
      <dd>{quote.sentAt === null ? quotesContent.notSent : formatMoment(quote.sentAt)}</dd>
      <dt>{copy.updated}</dt>
      <dd>{formatMoment(quote.updatedAt)}</dd>
    </dl>
  );
}

/** The PDF, the other revisions and the customer's page. */
function QuoteLinks({
  session,
  quote,
  onFailed,
}: {
  readonly session: AdminSession;
  readonly quote: AdminQuote;
  readonly onFailed: (message: string) => void;
}) {
  const hintId = useId();
  return (
    <nav className="quote-links" aria-label={copy.linksLabel}>
      <ul>
        <li>
          <QuotePdfLink session={session} quote={quote} onFailed={onFailed} />
        </li>
        {quote.previousId === null ? null : (
          <li>
            <Link to={{ search: quoteSearch(quote.previousId) }}>{copy.previous}</Link>
          </li>
        )}
        {quote.replacedById === null ? null : (
          <li>
            <Link to={{ search: quoteSearch(quote.replacedById) }}>{copy.replacedBy}</Link>
          </li>
        )}
        {quote.nextDraftId === null || quote.nextDraftId === quote.replacedById ? null : (
          <li>
            <Link to={{ search: quoteSearch(quote.nextDraftId) }}>{copy.nextDraft}</Link>
          </li>
        )}
        {quote.customerUrl === null ? null : (
          <li>
            <a
              href={quote.customerUrl}
              target="_blank"
              rel="noreferrer noopener"
              aria-describedby={hintId}
            >
              {copy.customerLink}
            </a>
            <span id={hintId} className="admin-muted quote-links__hint">
              {' '}
              {copy.customerLinkHint}
            </span>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** The customer's answer: the acceptance, the decline, the deposit's invoice. */
function QuoteAnswer({ quote }: { readonly quote: AdminQuote }) {
  const headingId = useId();
  const { acceptance, declineReason, depositInvoice } = quote;
  if (acceptance === null && declineReason === null && quote.status !== 'declined') {
    return depositInvoice === null ? null : (
      <p>
        {copy.depositInvoice}: {depositInvoice.number}
      </p>
    );
  }
  const chosen = acceptance?.optionalItems ?? [];
  return (
    <section className="quote-answer" aria-labelledby={headingId}>
      <h4 id={headingId}>{acceptance === null ? copy.declined : copy.acceptance}</h4>
      <dl className="admin-card__meta">
        {acceptance === null ? null : (
          <>
            <dt>{copy.acceptedBy}</dt>
            <dd>{acceptance.name}</dd>
            <dt>{copy.acceptedAt}</dt>
            <dd>{formatMoment(acceptance.at)}</dd>
            <dt>{copy.acceptedIp}</dt>
            <dd>{acceptance.ip}</dd>
            <dt>{copy.chosenItems}</dt>
            <dd>
              {chosen.length === 0 ? (
                copy.noChosenItems
              ) : (
                <ul className="quote-answer__items">
                  {chosen.map((index) => (
                    <li key={index}>
                      {copy.chosenItem(index + 1, quote.draft.lines[index]?.description ?? '')}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </>
        )}
        {acceptance !== null && declineReason === null ? null : (
          <>
            <dt>{copy.declineReason}</dt>
            <dd className="admin-card__text">
              {declineReason === null || declineReason === '' ? copy.noReason : declineReason}
            </dd>
          </>
        )}
        {depositInvoice === null ? null : (
          <>
            <dt>{copy.depositInvoice}</dt>
            <dd>{depositInvoice.number}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** A sent revision as it went out: read only. */
function QuoteAsSent({ quote }: { readonly quote: AdminQuote }) {
  const headingId = useId();
  const chosen = new Set(quote.acceptance?.optionalItems ?? []);
  const rows = quote.draft.lines.map((line, index) => ({ ...line, id: String(index), index }));
  const { depositPercent, terms, note } = quote.draft;
  return (
    <section className="quote-sent" aria-labelledby={headingId}>
      <h4 id={headingId}>{copy.lines}</h4>
      <p className="admin-field__hint">{copy.readOnly}</p>
      {rows.length === 0 ? (
        <p>{copy.noLines}</p>
      ) : (
        <AdminTable
          content={{
            caption: copy.linesCaption(quote.number),
            columns: copy.lineColumns,
            empty: copy.noLines,
          }}
          rows={rows}
          rowHeader={(line) => line.index + 1}
          cells={(line) => (
            <>
              {/* As the operator typed it: React writes it as text, so markup stays characters. */}
              <td className="quote-sent__description">{line.description}</td>
              <td>{line.quantity}</td>
              <td>{formatCents(line.unitPriceCents)}</td>
              <td>{line.optional ? (chosen.has(line.index) ? copy.chosen : copy.yes) : copy.no}</td>
            </>
          )}
        />
      )}
      <QuoteTotals quote={quote} />
      <dl className="admin-card__meta quote-sent__terms">
        <dt>{copy.depositPercent}</dt>
        <dd>{depositPercent === null ? copy.depositDefault : `${String(depositPercent)} %`}</dd>
        <dt>{copy.terms}</dt>
        <dd className="admin-card__text">{terms === '' ? copy.none : terms}</dd>
        <dt>{copy.note}</dt>
        <dd className="admin-card__text">{note === '' ? copy.none : note}</dd>
      </dl>
    </section>
  );
}
