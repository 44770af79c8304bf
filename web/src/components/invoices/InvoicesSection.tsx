import './Invoices.css';
import type { InvoiceSummary } from '@hs/api/domain/invoice/invoice-schema';
import { useId } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { invoicePagePath, type InvoiceProof } from '../../api/invoices-api';
import { documentKindLabels, invoiceListContent as copy } from '../../content/invoice-content';
import { Notice } from '../Notice';
import { invoiceMoney, issueDateLabel } from './invoice-format';
import { InvoicePdfDownload } from './InvoicePdfDownload';

/** Where a list of documents stands. */
export type InvoiceListState =
  | { readonly status: 'loading' }
  | { readonly status: 'failed'; readonly message: string }
  | { readonly status: 'ready'; readonly invoices: readonly InvoiceSummary[] };

/** What the invoice page's back link returns to: the page the list was on. */
export interface InvoicePageState {
  readonly from: string;
}

interface InvoicesSectionProps {
  readonly state: InvoiceListState;
  /** How the documents are opened: the booking token of the page, or the login. */
  readonly proof: InvoiceProof;
  readonly onRetry: () => void;
  readonly className?: string;
}

/**
 * "Invoices": an account's or a booking's invoices and credit notes, newest first, each to view
 * on its own page or to download as its PDF. Loading, a failure with a retry, or none yet.
 */
export function InvoicesSection({ state, proof, onRetry, className }: InvoicesSectionProps) {
  const headingId = useId();
  return (
    <section
      className={['invoices', className].filter(Boolean).join(' ')}
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>{copy.heading}</h2>
      {state.status === 'loading' ? <p className="loading">{copy.loading}</p> : null}
      {state.status === 'failed' ? (
        <>
          <Notice tone="error">{`${copy.failed} ${state.message}`}</Notice>
          <button className="button button--secondary" type="button" onClick={onRetry}>
            {copy.retry}
          </button>
        </>
      ) : null}
      {state.status === 'ready' && state.invoices.length === 0 ? <p>{copy.empty}</p> : null}
      {state.status === 'ready' && state.invoices.length > 0 ? (
        <InvoiceTable invoices={state.invoices} proof={proof} />
      ) : null}
    </section>
  );
}

function InvoiceTable({
  invoices,
  proof,
}: {
  readonly invoices: readonly InvoiceSummary[];
  readonly proof: InvoiceProof;
}) {
  const idPrefix = useId();
  const captionId = `${idPrefix}-caption`;
  const location = useLocation();
  const back: InvoicePageState = { from: `${location.pathname}${location.search}` };
  return (
    // Scrolls sideways on a narrow screen, not the page: focusable, so a keyboard can scroll it.
    <div className="invoice-table" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table>
        <caption id={captionId} className="visually-hidden">
          {copy.caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{copy.number}</th>
            <th scope="col">{copy.kind}</th>
            <th scope="col">{copy.date}</th>
            <th scope="col">{copy.reference}</th>
            <th scope="col" className="invoice-table__amount">
              {copy.total}
            </th>
            <th scope="col">
              <span className="visually-hidden">{copy.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoices.map((invoice) => {
            const rowId = `${idPrefix}-${invoice.id}`;
            return (
              <tr key={invoice.id}>
                <th scope="row" id={rowId}>
                  {invoice.number}
                </th>
                <td>{documentKindLabels[invoice.kind]}</td>
                <td>{issueDateLabel(invoice.issueDate)}</td>
                <td>{invoice.reference}</td>
                <td className="invoice-table__amount">{invoiceMoney(invoice.totalCents)}</td>
                <td>
                  <div className="invoice-table__actions">
                    <Link
                      to={invoicePagePath(invoice.id, proof)}
                      state={back}
                      aria-describedby={rowId}
                    >
                      {copy.view}
                    </Link>
                    <InvoicePdfDownload
                      invoiceId={invoice.id}
                      number={invoice.number}
                      proof={proof}
                      describedBy={rowId}
                      className="text-button"
                    />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
