import type { AdminQuote } from '@hs/api/domain/quote/quote-schema';
import { useId } from 'react';
import { formatCents } from './quote-form';
import { quoteEditorContent as copy } from './quotes-content';

type Totals = AdminQuote['totals'];

/** One set of totals: as they are, never worked out here. */
function TotalsList({
  totals,
  labels,
}: {
  readonly totals: Totals;
  readonly labels: { readonly total: string; readonly deposit: string; readonly balance: string };
}) {
  return (
    <dl className="quote-totals__list">
      <div>
        <dt>{labels.total}</dt>
        <dd>{formatCents(totals.totalCents)}</dd>
      </div>
      <div>
        <dt>{labels.deposit}</dt>
        <dd>{formatCents(totals.depositCents)}</dd>
      </div>
      <div>
        <dt>{labels.balance}</dt>
        <dd>{formatCents(totals.balanceCents)}</dd>
      </div>
    </dl>
  );
}

/**
 * A quote's totals as the server worked them out: without the optional items (what the customer
 * sees before choosing), with all of them, and as accepted. While a save is on its way they are
 * the last saved ones, and say so.
 */
export function QuoteTotals({
  quote,
  stale = false,
}: {
  readonly quote: AdminQuote;
  readonly stale?: boolean;
}) {
  const headingId = useId();
  const { totals, totalsWithOptions, acceptedTotals } = quote;
  return (
    <section className="quote-totals" aria-labelledby={headingId} aria-busy={stale}>
      <h5 id={headingId}>{copy.totalsHeading}</h5>
      <p className="admin-field__hint">{stale ? copy.totalsStale : copy.totalsHint}</p>
      <dl className="quote-totals__list">
        <div>
          <dt>{copy.subtotal}</dt>
          <dd>{formatCents(totals.subtotalCents)}</dd>
        </div>
        <div>
          <dt>{copy.hst}</dt>
          <dd>{formatCents(totals.hstCents)}</dd>
        </div>
      </dl>
      <TotalsList
        totals={totals}
        labels={{
          total: copy.total,
          deposit: copy.deposit(totals.depositPercent),
          balance: copy.balance,
        }}
      />
      <TotalsList
        totals={totalsWithOptions}
        labels={{
          total: copy.totalWithOptions,
          deposit: copy.depositWithOptions(totalsWithOptions.depositPercent),
          balance: copy.balanceWithOptions,
        }}
      />
      {acceptedTotals === null ? null : (
        <>
          <h6 className="quote-totals__accepted">{copy.acceptedTotals}</h6>
          <TotalsList
            totals={acceptedTotals}
            labels={{
              total: copy.total,
              deposit: copy.deposit(acceptedTotals.depositPercent),
              balance: copy.balance,
            }}
          />
        </>
      )}
    </section>
  );
}
