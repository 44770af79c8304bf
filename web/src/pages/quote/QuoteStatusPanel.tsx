import { isCalendarDate, longDate } from '@hs/api/domain/calendar/toronto-date';
import { QuoteWords, type CustomerQuote, type JobVisit } from '@hs/api/domain/quote/quote-schema';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/api-client';
import { useQuoteBalance, useQuoteDeposit } from '../../api/quotes-api';
import type { Redirect } from '../../app/redirect';
import { invoiceMoney } from '../../components/invoices/invoice-format';
import { Notice } from '../../components/Notice';
import { isRefusal } from './AcceptQuoteForm';
import { quotePageContent as copy } from './quote-content';
import { isWebAddress, SiteLink, siteHrefOf } from './SiteLink';

/** Where the customer asks for a new quote: the quote's own address for it, else the contact page. */
function NewQuoteLink({ quote, className }: { quote: CustomerQuote; className: string }) {
  const href = siteHrefOf(quote.newQuoteUrl) ?? { kind: 'path', to: '/contact' };
  return (
    <SiteLink href={href} className={className}>
      {copy.askNewQuote}
    </SiteLink>
  );
}

function HomeLink() {
  return (
    <Link className="button button--secondary" to="/">
      {copy.home}
    </Link>
  );
}

function ContactLink({ primary = false }: { primary?: boolean }) {
  return (
    <Link className={primary ? 'button' : 'button button--secondary'} to="/contact">
      {copy.contact}
    </Link>
  );
}

interface PanelProps {
  readonly heading: string;
  /** What happened; not said again when the page just said it (the answer's own words). */
  readonly text: string | null;
  readonly tone: 'success' | 'error' | 'info';
  readonly said: string | null;
  readonly children: ReactNode;
}

function Panel({ heading, text, tone, said, children }: PanelProps) {
  const headingId = useId();
  return (
    <section className="quote-status" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {text === null || text === said ? null : <Notice tone={tone}>{text}</Notice>}
      {children}
    </section>
  );
}

interface QuoteStatusPanelProps {
  readonly quote: CustomerQuote;
  readonly token: string;
  /** Back from the payment provider (`?paid=1`). */
  readonly paid: boolean;
  /** Back from paying, the payment is still not confirmed after a long wait. */
  readonly gaveUp: boolean;
  readonly onCheckAgain: () => void;
  /** The browser is on its way to the payment page: nothing more to press. */
  readonly leaving: boolean;
  readonly redirect: Redirect;
  readonly onRefused: (error: ApiError) => void;
  /** What the page said last (an answer's message), not to be said twice. */
  readonly said: string | null;
}

/**
 * A quote that can no longer be answered: what happened, and the next step. Accepted with its
 * deposit due: pay it (or, back from paying, wait for it to be confirmed). Converted: the job,
 * its visits (or our call to book them). Balance due: pay it, the same way. Completed: the
 * receipt. Declined or expired: ask for a new quote. Replaced: open the new revision.
 */
export function QuoteStatusPanel(props: QuoteStatusPanelProps) {
  const { quote, said } = props;
  switch (quote.status) {
    case 'accepted':
      return <PaymentDue {...props} kind="deposit" />;
    case 'converted':
      return <JobBooked quote={quote} said={said} />;
    case 'balance_due':
      return <PaymentDue {...props} kind="balance" />;
    case 'completed':
      return <PaidInFull quote={quote} said={said} />;
    case 'declined':
    case 'expired':
      return (
        <Panel
          heading={quote.status === 'declined' ? copy.declinedHeading : copy.expiredHeading}
          tone="info"
          said={said}
          text={
            quote.closedReason ??
            (quote.status === 'declined' ? QuoteWords.alreadyDeclined : QuoteWords.expired)
          }
        >
          <p className="button-row">
            <NewQuoteLink quote={quote} className="button" />
            <HomeLink />
          </p>
        </Panel>
      );
    case 'replaced': {
      const newer = siteHrefOf(quote.replacedByUrl);
      return (
        <Panel
          heading={copy.replacedHeading}
          tone="info"
          said={said}
          text={quote.closedReason ?? QuoteWords.replaced}
        >
          <p className="button-row">
            {newer === null ? (
              <NewQuoteLink quote={quote} className="button" />
            ) : (
              <SiteLink href={newer} className="button">
                {copy.openNewRevision}
              </SiteLink>
            )}
            <ContactLink />
          </p>
        </Panel>
      );
    }
    case 'draft':
    case 'sent':
    case 'viewed':
      // Not open although its status is (past its date, not yet marked expired): say why.
      return (
        <Panel
          heading={copy.closedHeading}
          tone="info"
          said={said}
          text={quote.closedReason ?? QuoteWords.notOpen}
        >
          <p className="button-row">
            <NewQuoteLink quote={quote} className="button" />
            <ContactLink />
          </p>
        </Panel>
      );
  }
}

/** A day the API wrote (YYYY-MM-DD) as people read it. */
function visitDay(date: string): string {
  return isCalendarDate(date) ? longDate(date) : date;
}

/** The job's visits, each with its day, time window and where it stands. */
function JobVisits({ visits }: { readonly visits: readonly JobVisit[] }) {
  const headingId = useId();
  return (
    <section className="quote-visits" aria-labelledby={headingId}>
      <h3 id={headingId}>{copy.visitsHeading}</h3>
      {visits.length === 0 ? (
        <p>{copy.noVisitsYet}</p>
      ) : (
        <ul className="quote-visits__list">
          {visits.map((visit) => (
            <li key={visit.id}>
              <strong>{visitDay(visit.date)}</strong>, {visit.window}:{' '}
              <span className="quote-visits__status">{visit.statusLabel}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Converted: the job is on our books; its visits as booked, or our call to book them. */
function JobBooked({
  quote,
  said,
}: {
  readonly quote: CustomerQuote;
  readonly said: string | null;
}) {
  const visits = quote.job?.visits ?? [];
  return (
    <Panel
      heading={visits.length === 0 ? copy.acceptedJobHeading : copy.convertedHeading}
      tone="success"
      said={said}
      text={quote.depositPaid ? copy.depositPaidNews : null}
    >
      <JobVisits visits={visits} />
      {visits.length === 0 ? null : <p>{copy.visitQuestions}</p>}
      <p className="button-row">
        <ContactLink primary />
        <HomeLink />
      </p>
    </Panel>
  );
}

/** Completed: the balance paid (or none was due), with the receipt's number. */
function PaidInFull({
  quote,
  said,
}: {
  readonly quote: CustomerQuote;
  readonly said: string | null;
}) {
  const receipt = quote.job?.receipt ?? null;
  const invoice = quote.job?.balanceInvoice ?? null;
  return (
    <Panel heading={copy.completedHeading} tone="success" said={said} text={copy.paidInFull}>
      {receipt === null && invoice === null ? null : (
        <dl className="quote-status__documents">
          {invoice === null ? null : (
            <>
              <dt>{copy.balanceInvoice}</dt>
              <dd>{invoice.number}</dd>
            </>
          )}
          {receipt === null ? null : (
            <>
              <dt>{copy.receipt}</dt>
              <dd>{receipt.number}</dd>
            </>
          )}
        </dl>
      )}
      <p>{copy.contactAfterWork}</p>
      <p className="button-row">
        <ContactLink primary />
        <HomeLink />
      </p>
    </Panel>
  );
}

/** The words of a payment the customer makes on the provider's page: the deposit or the balance. */
function paymentWords(kind: 'deposit' | 'balance', quote: CustomerQuote) {
  if (kind === 'deposit') {
    return {
      heading: copy.acceptedHeading,
      due: QuoteWords.acceptedPayDeposit,
      pay: copy.payDeposit,
      paying: copy.payingDeposit,
      confirming: copy.depositConfirming,
      slow: copy.depositSlow,
    };
  }
  const job = quote.job;
  return {
    heading: copy.balanceHeading,
    due: copy.balanceDue(
      invoiceMoney(job?.balanceCents ?? quote.totals.balanceCents),
      job?.balanceInvoice?.number ?? null,
    ),
    pay: copy.payBalance,
    paying: copy.payingBalance,
    confirming: copy.balanceConfirming,
    slow: copy.balanceSlow,
  };
}

/**
 * What is due, the deposit (accepted) or the balance (the work done): Pay, or, back from paying,
 * its confirmation. A refusal (409: paid meanwhile, nothing due) is said, and the quote read again.
 */
function PaymentDue({
  kind,
  quote,
  token,
  paid,
  gaveUp,
  onCheckAgain,
  leaving,
  redirect,
  onRefused,
  said,
}: QuoteStatusPanelProps & { readonly kind: 'deposit' | 'balance' }) {
  const deposit = useQuoteDeposit();
  const balance = useQuoteBalance();
  const payment = kind === 'deposit' ? deposit : balance;
  const [failed, setFailed] = useState<string | null>(null);
  const busy = leaving || payment.isPending || payment.isSuccess;
  const words = paymentWords(kind, quote);

  if (paid) {
    return (
      <Panel
        heading={words.heading}
        tone="info"
        said={said}
        text={gaveUp ? words.slow : words.confirming}
      >
        {gaveUp ? (
          <p className="button-row">
            <button className="button" type="button" onClick={onCheckAgain}>
              {copy.checkAgain}
            </button>
            <ContactLink />
          </p>
        ) : null}
      </Panel>
    );
  }

  const pay = () => {
    setFailed(null);
    payment.mutate(
      { quoteId: quote.id, token },
      {
        onSuccess: (url) => {
          if (isWebAddress(url)) {
            redirect(url);
          } else {
            payment.reset();
            setFailed(copy.paymentFailed);
          }
        },
        onError: (error) => {
          if (isRefusal(error)) onRefused(error);
          else
            setFailed(
              error instanceof ApiError && error.fromServer ? error.message : copy.paymentFailed,
            );
        },
      },
    );
  };
  return (
    <Panel
      heading={words.heading}
      tone={kind === 'deposit' ? 'success' : 'info'}
      said={said}
      text={words.due}
    >
      {failed === null ? null : <Notice tone="error">{failed}</Notice>}
      <p className="button-row">
        <button className="button" type="button" onClick={pay} disabled={busy}>
          {busy ? words.paying : words.pay}
        </button>
        <ContactLink />
      </p>
    </Panel>
  );
}
