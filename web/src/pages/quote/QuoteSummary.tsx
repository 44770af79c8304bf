import { QuoteWords } from '@hs/api/domain/quote/quote-schema';
import { useId } from 'react';
import type { QuoteTotalsView } from '../../api/quotes-api';
import { invoiceMoney } from '../../components/invoices/invoice-format';
import { quotePageContent as copy } from './quote-content';

interface QuoteSummaryProps {
  readonly totals: QuoteTotalsView;
  readonly rate: number;
  /** A new choice of optional items is being priced: the figures are the last ones. */
  readonly updating: boolean;
  /** The deposit was paid: it is no longer due. */
  readonly depositPaid: boolean;
  /** The customer changed the optional items: the new total is said once it is known. */
  readonly changed: boolean;
  /** The balance: still to come after the work, due now the work is done, or paid. */
  readonly balance?: 'after' | 'due' | 'paid';
}

const BALANCE_LABELS = {
  after: copy.balance,
  due: copy.balanceDueNow,
  paid: copy.balancePaid,
} as const;

/**
 * Subtotal, HST, Total, the deposit due now and the balance after the work: the server's
 * figures as they are, for the optional items chosen.
 */
export function QuoteSummary({
  totals,
  rate,
  updating,
  depositPaid,
  changed,
  balance = 'after',
}: QuoteSummaryProps) {
  const headingId = useId();
  return (
    <section className="quote-summary" aria-labelledby={headingId} aria-busy={updating}>
      <h2 id={headingId}>{copy.summaryHeading}</h2>
      <dl className="quote-summary__figures">
        <dt>{copy.subtotal}</dt>
        <dd>{invoiceMoney(totals.subtotalCents)}</dd>
        <dt>{copy.hst(rate)}</dt>
        <dd>{invoiceMoney(totals.hstCents)}</dd>
        <dt className="quote-summary__total">{copy.total}</dt>
        <dd className="quote-summary__total">{invoiceMoney(totals.totalCents)}</dd>
        {totals.depositCents > 0 ? (
          <>
            <dt>{depositPaid ? copy.depositPaid : copy.depositDue}</dt>
            <dd>{copy.depositAmount(invoiceMoney(totals.depositCents), totals.depositPercent)}</dd>
            <dt>{BALANCE_LABELS[balance]}</dt>
            <dd>{invoiceMoney(totals.balanceCents)}</dd>
          </>
        ) : null}
      </dl>
      {totals.depositCents > 0 ? null : (
        <p className="quote-summary__note">{QuoteWords.noDepositDue}</p>
      )}
      {/* Always there, so that a screen reader hears what changes in it. */}
      <p className="quote-summary__live loading" role="status">
        {updating ? (
          copy.updatingTotals
        ) : changed ? (
          <span className="visually-hidden">
            {copy.totalsUpdated(invoiceMoney(totals.totalCents))}
          </span>
        ) : null}
      </p>
    </section>
  );
}
