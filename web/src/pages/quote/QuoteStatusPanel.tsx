import { QuoteWords, type CustomerQuote } from '@hs/api/domain/quote/quote-schema';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../api/api-client';
import { useQuoteDeposit } from '../../api/quotes-api';
import type { Redirect } from '../../app/redirect';
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
  /** Back from paying, the deposit is still not confirmed after a long wait. */
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
 * deposit due: pay it (or, back from paying, wait for it to be confirmed). Converted: done, we
 * call. Declined or expired: ask for a new quote. Replaced: open the new revision.
 */
export function QuoteStatusPanel(props: QuoteStatusPanelProps) {
  const { quote, said } = props;
  switch (quote.status) {
    case 'accepted':
      return <DepositDue {...props} />;
    case 'converted':
      return (
        <Panel
          heading={copy.convertedHeading}
          tone="success"
          said={said}
          text={quote.depositPaid ? QuoteWords.depositPaid : QuoteWords.acceptedNoDeposit}
        >
          <p className="button-row">
            <ContactLink primary />
            <HomeLink />
          </p>
        </Panel>
      );
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

/** Accepted, the deposit still to pay: Pay the deposit, or, back from paying, its confirmation. */
function DepositDue({
  quote,
  token,
  paid,
  gaveUp,
  onCheckAgain,
  leaving,
  redirect,
  onRefused,
  said,
}: QuoteStatusPanelProps) {
  const deposit = useQuoteDeposit();
  const [failed, setFailed] = useState<string | null>(null);
  const busy = leaving || deposit.isPending || deposit.isSuccess;

  if (paid) {
    return (
      <Panel
        heading={copy.acceptedHeading}
        tone="info"
        said={said}
        text={gaveUp ? copy.depositSlow : copy.depositConfirming}
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
    deposit.mutate(
      { quoteId: quote.id, token },
      {
        onSuccess: (url) => {
          if (isWebAddress(url)) {
            redirect(url);
          } else {
            deposit.reset();
            setFailed(copy.depositFailed);
          }
        },
        onError: (error) => {
          if (isRefusal(error)) onRefused(error);
          else
            setFailed(
              error instanceof ApiError && error.fromServer ? error.message : copy.depositFailed,
            );
        },
      },
    );
  };
  return (
    <Panel
      heading={copy.acceptedHeading}
      tone="success"
      said={said}
      text={QuoteWords.acceptedPayDeposit}
    >
      {failed === null ? null : <Notice tone="error">{failed}</Notice>}
      <p className="button-row">
        <button className="button" type="button" onClick={pay} disabled={busy}>
          {busy ? copy.payingDeposit : copy.payDeposit}
        </button>
        <ContactLink />
      </p>
    </Panel>
  );
}
