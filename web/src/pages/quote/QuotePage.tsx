import './QuotePage.css';
import { isCalendarDate, longDate, torontoDate } from '@hs/api/domain/calendar/toronto-date';
import { HST_RATE_PERCENT } from '@hs/api/domain/invoice/hst';
import { QuoteWords, type CustomerQuote } from '@hs/api/domain/quote/quote-schema';
import { QUOTE_OPEN } from '@hs/api/domain/quote/quote-status';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/api-client';
import {
  type AcceptQuoteAnswer,
  awaitsPayment,
  type DeclineQuoteAnswer,
  PAYMENT_GIVE_UP_MS,
  quotePdfUrl,
  refreshQuote,
  storeQuote,
  useQuote,
  useQuoteTotals,
} from '../../api/quotes-api';
import { leaveForProvider, type Redirect } from '../../app/redirect';
import { useDocumentTitle } from '../../app/use-document-title';
import { Notice } from '../../components/Notice';
import { RetryNotice } from '../../components/RetryNotice';
import { AcceptQuoteForm, isRefusal } from './AcceptQuoteForm';
import { DeclineQuote } from './DeclineQuote';
import { quotePageContent as copy } from './quote-content';
import { QuoteLines } from './QuoteLines';
import { QuoteStatusPanel } from './QuoteStatusPanel';
import { QuoteSummary } from './QuoteSummary';
import { isWebAddress } from './SiteLink';

/** A day the API wrote (YYYY-MM-DD, or an instant) as people read it, in Toronto. */
function dayLabel(value: string | null): string | null {
  if (value === null || value === '') return null;
  if (isCalendarDate(value)) return longDate(value);
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : longDate(torontoDate(instant));
}

/** What the page said after the customer's last answer. */
interface Outcome {
  readonly tone: 'success' | 'error' | 'info';
  readonly text: string;
}

export interface QuotePageProps {
  /** Where a payment page (deposit, balance) is opened; tests watch it instead of leaving jsdom. */
  readonly redirect?: Redirect;
}

/**
 * /quotes/:id?token=: a quote for custom work, opened from the signed link of the email it was
 * sent with. The customer reads its lines and totals, may add its optional items (priced by the
 * server), then accepts it by typing their name (and pays the deposit on the payment provider's
 * page) or declines it. Every other state says what happened and what to do next: the job's
 * visits once it is one, the balance to pay once the work is done, then the receipt. Back from
 * paying (`&paid=1`), the page asks again until the payment is confirmed: the status moved past
 * what was being paid (the deposit: converted; the balance: completed).
 */
export function QuotePage({ redirect = leaveForProvider }: QuotePageProps = {}) {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const paid = params.get('paid') === '1';
  const [openedAt] = useState(() => Date.now());
  const query = useQuote(id, token, { awaitPayment: paid ? { since: openedAt } : null });
  const quote = query.data ?? null;
  const title = quote ? copy.title(quote.number, quote.revision) : copy.loadingTitle;
  useDocumentTitle(title);

  const error = quote === null ? query.error : null;
  const linkRefused =
    token === '' ||
    id === '' ||
    (error instanceof ApiError && [400, 403, 404, 410].includes(error.status));
  const lastAnswer = Math.max(query.dataUpdatedAt, query.errorUpdatedAt);
  const gaveUp =
    paid &&
    quote !== null &&
    awaitsPayment(quote.status) &&
    lastAnswer - openedAt > PAYMENT_GIVE_UP_MS;

  return (
    <section className="screen quote-page" aria-labelledby="screen-title">
      <h1 id="screen-title">
        {quote ? (
          <>
            Quote <span className="quote-page__number">{quote.number}</span> (revision{' '}
            {quote.revision})
          </>
        ) : (
          title
        )}
      </h1>
      {linkRefused ? (
        <>
          <Notice tone="error">
            {error instanceof ApiError && error.status !== 404 && error.fromServer
              ? error.message
              : QuoteWords.linkInvalid}
          </Notice>
          <p className="button-row quote-page__next">
            <Link className="button" to="/">
              {copy.home}
            </Link>
            <Link className="button button--secondary" to="/contact">
              {copy.contact}
            </Link>
          </p>
        </>
      ) : null}
      {!linkRefused && quote === null && query.isPending ? (
        <p className="loading">{copy.loading}</p>
      ) : null}
      {!linkRefused && quote === null && query.isError ? (
        <RetryNotice
          message={copy.failed}
          reason={query.error instanceof ApiError ? query.error.message : null}
          retryLabel={copy.retry}
          onRetry={() => {
            void query.refetch();
          }}
        />
      ) : null}
      {quote === null ? null : (
        <QuoteView
          // A quote's choices are its own: another quote (a newer revision) starts afresh.
          key={`${quote.id}:${token}`}
          quote={quote}
          token={token}
          paid={paid}
          gaveUp={gaveUp}
          onCheckAgain={() => {
            void query.refetch();
          }}
          redirect={redirect}
        />
      )}
    </section>
  );
}

interface QuoteViewProps {
  readonly quote: CustomerQuote;
  readonly token: string;
  readonly paid: boolean;
  readonly gaveUp: boolean;
  readonly onCheckAgain: () => void;
  readonly redirect: Redirect;
}

function QuoteView({ quote, token, paid, gaveUp, onCheckAgain, redirect }: QuoteViewProps) {
  const idPrefix = useId();
  const client = useQueryClient();
  const open = QUOTE_OPEN.includes(quote.status) && quote.closedReason === null;
  const rate = quote.lines[0]?.split.hstRatePercent ?? HST_RATE_PERCENT;

  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [leaving, setLeaving] = useState(false);
  const outcomeBox = useRef<HTMLDivElement>(null);
  // The form the customer answered with is gone: the keyboard and screen reader go to the news.
  useEffect(() => {
    if (outcome !== null) outcomeBox.current?.focus();
  }, [outcome]);

  const [chosen, setChosen] = useState<number[]>(() =>
    quote.lines.filter((line) => line.optional && line.included).map((line) => line.index),
  );
  const [changed, setChanged] = useState(false);
  const totalsQuery = useQuoteTotals(quote.id, token, chosen, quote.totals, open);
  const asking = open && chosen.length > 0;
  const totalsError = asking && totalsQuery.isError ? totalsQuery.error : null;
  const totals = asking ? (totalsQuery.data ?? null) : quote.totals;
  const updating =
    asking && totalsError === null && (totalsQuery.isPlaceholderData || totalsQuery.isFetching);

  // A quote answered meanwhile (in another tab, or expired) refuses its totals: read it afresh.
  const totalsRefused = isRefusal(totalsError);
  useEffect(() => {
    if (totalsRefused) void refreshQuote(client, quote.id, token);
  }, [totalsRefused, client, quote.id, token]);

  const toggle = (index: number, checked: boolean) => {
    setChanged(true);
    setChosen((current) =>
      checked
        ? [...current.filter((item) => item !== index), index]
        : current.filter((item) => item !== index),
    );
  };

  const refused = (error: ApiError) => {
    setOutcome({ tone: 'error', text: error.message });
    void refreshQuote(client, quote.id, token);
  };

  const accepted = (answer: AcceptQuoteAnswer) => {
    setOutcome({ tone: 'success', text: answer.message });
    // Without a payment page (none given, or not one a browser may open), Pay the deposit below.
    if (isWebAddress(answer.checkoutUrl)) {
      setLeaving(true);
      redirect(answer.checkoutUrl);
    }
    // Last: the quote as it now stands replaces the form that sent the answer.
    storeQuote(client, token, answer.quote);
  };

  const declined = (answer: DeclineQuoteAnswer) => {
    setOutcome({ tone: 'success', text: answer.message });
    storeQuote(client, token, answer.quote);
  };

  const sentOn = dayLabel(quote.sentDate);
  const acceptedOn = dayLabel(quote.acceptedAt);
  const linesId = `${idPrefix}-lines`;
  const detailsId = `${idPrefix}-details`;
  const noteId = `${idPrefix}-note`;
  const termsId = `${idPrefix}-terms`;

  return (
    <>
      <div ref={outcomeBox} tabIndex={-1} className="quote-page__outcome">
        {outcome === null ? null : <Notice tone={outcome.tone}>{outcome.text}</Notice>}
      </div>
      {open ? null : (
        <QuoteStatusPanel
          quote={quote}
          token={token}
          paid={paid}
          gaveUp={gaveUp}
          onCheckAgain={onCheckAgain}
          leaving={leaving}
          redirect={redirect}
          onRefused={refused}
          said={outcome?.text ?? null}
        />
      )}

      <section className="quote-details" aria-labelledby={detailsId}>
        <h2 id={detailsId} className="visually-hidden">
          {copy.details}
        </h2>
        <dl>
          <dt>{copy.preparedFor}</dt>
          <dd>
            {quote.customerName}
            {quote.company ? <span className="quote-details__company">{quote.company}</span> : null}
          </dd>
          <dt>{copy.serviceAddress}</dt>
          <dd>{quote.serviceAddress}</dd>
          <dt>{copy.status}</dt>
          <dd>{quote.statusLabel}</dd>
          {sentOn === null ? null : (
            <>
              <dt>{copy.sentOn}</dt>
              <dd>{sentOn}</dd>
            </>
          )}
          <dt>{copy.validUntil}</dt>
          <dd>{dayLabel(quote.validUntil) ?? quote.validUntil}</dd>
          {quote.acceptedBy === null ? null : (
            <>
              <dt>{copy.acceptedBy}</dt>
              <dd>{copy.acceptedOn(quote.acceptedBy, acceptedOn)}</dd>
            </>
          )}
        </dl>
        <p className="button-row quote-page__actions">
          <a
            className="button button--secondary"
            href={quotePdfUrl(quote.id, token)}
            download={`${quote.number}-revision-${String(quote.revision)}.pdf`}
          >
            {copy.downloadPdf}
          </a>
        </p>
      </section>

      <section className="quote-page__lines" aria-labelledby={linesId}>
        <h2 id={linesId}>{copy.linesHeading}</h2>
        <QuoteLines lines={quote.lines} chosen={chosen} onToggle={open ? toggle : null} />
      </section>

      {totals === null ? null : (
        <QuoteSummary
          totals={totals}
          rate={rate}
          updating={updating}
          depositPaid={quote.depositPaid}
          balance={
            quote.job?.balancePaid === true || quote.status === 'completed'
              ? 'paid'
              : quote.status === 'balance_due'
                ? 'due'
                : 'after'
          }
          changed={changed}
        />
      )}
      {totalsError === null ? null : (
        <RetryNotice
          className="quote-page__totals-failed"
          message={copy.totalsFailed}
          reason={totalsError instanceof ApiError ? totalsError.message : null}
          retryLabel={copy.retry}
          onRetry={() => {
            void totalsQuery.refetch();
          }}
        />
      )}

      {quote.note.trim() === '' ? null : (
        <section className="quote-page__text" aria-labelledby={noteId}>
          <h2 id={noteId}>{copy.noteHeading}</h2>
          <p>{quote.note}</p>
        </section>
      )}
      {quote.terms.trim() === '' ? null : (
        <section className="quote-page__text" aria-labelledby={termsId}>
          <h2 id={termsId}>{copy.termsHeading}</h2>
          <p>{quote.terms}</p>
        </section>
      )}

      {open ? (
        <>
          <AcceptQuoteForm
            quoteId={quote.id}
            token={token}
            optionalItems={chosen}
            totals={totals ?? quote.totals}
            totalsSettled={totals !== null && !updating}
            onAccepted={accepted}
            onRefused={refused}
          />
          <DeclineQuote
            quoteId={quote.id}
            token={token}
            onDeclined={declined}
            onRefused={refused}
          />
        </>
      ) : null}
    </>
  );
}
