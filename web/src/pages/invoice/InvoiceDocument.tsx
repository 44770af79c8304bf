import type { InvoiceView } from '@hs/api/domain/invoice/invoice-schema';
import { HST_RATE_PERCENT } from '@hs/api/domain/invoice/hst';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { invoicePagePath, type InvoiceProof } from '../../api/invoices-api';
import { invoiceMoney, issueDateLabel } from '../../components/invoices/invoice-format';
import type { InvoicePageState } from '../../components/invoices/InvoicesSection';
import { invoicePageContent as copy } from '../../content/invoice-content';

interface InvoiceDocumentProps {
  readonly invoice: InvoiceView;
  /** Carried on to the invoice a credit note credits. */
  readonly proof: InvoiceProof;
  readonly back: InvoicePageState | null;
}

/**
 * An invoice or credit note as its PDF prints it: the seller and their HST number, who it is
 * made out to, its number, date and reference, the lines with their price before tax and HST, the
 * totals, how it was paid (or refunded) and its terms. Everything is the issued copy the API
 * answers; nothing is worked out here.
 */
export function InvoiceDocument({ invoice, proof, back }: InvoiceDocumentProps) {
  const idPrefix = useId();
  const billToId = `${idPrefix}-bill-to`;
  const detailsId = `${idPrefix}-details`;
  const linesId = `${idPrefix}-lines`;
  const credit = invoice.kind === 'credit_note';
  const rate = invoice.lines[0]?.hstRatePercent ?? HST_RATE_PERCENT;
  const { seller, buyer, payment } = invoice;
  return (
    <article className="invoice-doc">
      <div className="invoice-doc__parties">
        <address className="invoice-doc__seller">
          <span className="invoice-doc__trading-name">{seller.tradingName}</span>
          {seller.legalName === seller.tradingName ? null : <span>{seller.legalName}</span>}
          <span>{seller.address}</span>
          <span>
            {copy.registration} {seller.hstNumber}
          </span>
        </address>
        <section className="invoice-doc__details" aria-labelledby={detailsId}>
          <h2 id={detailsId} className="visually-hidden">
            {copy.details}
          </h2>
          <dl>
            <dt>{copy.number}</dt>
            <dd>{invoice.number}</dd>
            <dt>{copy.date}</dt>
            <dd>
              <time dateTime={invoice.issueDate}>{issueDateLabel(invoice.issueDate)}</time>
            </dd>
            <dt>{copy.reference}</dt>
            <dd>{invoice.reference}</dd>
            {invoice.creditedInvoice ? (
              <>
                <dt>{copy.creditsInvoice}</dt>
                <dd>
                  <Link to={invoicePagePath(invoice.creditedInvoice.id, proof)} state={back}>
                    {invoice.creditedInvoice.number}
                  </Link>
                </dd>
              </>
            ) : null}
          </dl>
        </section>
      </div>
      <section className="invoice-doc__bill-to" aria-labelledby={billToId}>
        <h2 id={billToId}>{copy.billTo}</h2>
        <address>
          <span>{buyer.name}</span>
          {buyer.company ? <span>{buyer.company}</span> : null}
          <span>{buyer.email}</span>
          <span>{buyer.serviceAddress}</span>
        </address>
      </section>
      {/* Scrolls sideways on a narrow screen; focusable, so a keyboard can scroll it. */}
      <div className="invoice-doc__lines" role="region" aria-labelledby={linesId} tabIndex={0}>
        <table>
          <caption id={linesId} className="visually-hidden">
            {copy.linesCaption}
          </caption>
          <thead>
            <tr>
              <th scope="col">{copy.description}</th>
              <th scope="col" className="invoice-doc__number">
                {copy.quantity}
              </th>
              <th scope="col" className="invoice-doc__number">
                {copy.unitPrice}
              </th>
              <th scope="col" className="invoice-doc__number">
                {copy.hstColumn(rate)}
              </th>
              <th scope="col" className="invoice-doc__number">
                {copy.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line, index) => (
              // A document's lines never change once issued: their order is their identity.
              <tr key={index}>
                <td className="invoice-doc__description">{line.description}</td>
                <td className="invoice-doc__number">{line.quantity}</td>
                <td className="invoice-doc__number">{invoiceMoney(line.unitPriceCents)}</td>
                <td className="invoice-doc__number">{invoiceMoney(line.hstCents)}</td>
                <td className="invoice-doc__number">{invoiceMoney(line.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Under the lines, outside their scrolling frame: always in view, on a phone too. */}
      <dl className="invoice-doc__totals">
        <dt>{copy.subtotal}</dt>
        <dd>{invoiceMoney(invoice.subtotalCents)}</dd>
        <dt>{copy.hstTotal(rate)}</dt>
        <dd>{invoiceMoney(invoice.hstCents)}</dd>
        <dt className="invoice-doc__total">
          {credit ? copy.totalCredited : payment.method === 'due' ? copy.totalDue : copy.totalPaid}
        </dt>
        <dd className="invoice-doc__total">{invoiceMoney(invoice.totalCents)}</dd>
      </dl>
      <p className="invoice-doc__payment">
        {credit
          ? copy.refundedTo(payment.brand, payment.last4)
          : payment.method === 'due'
            ? copy.notPaidYet
            : copy.paidBy(payment.brand, payment.last4)}
      </p>
      <p className="invoice-doc__terms">
        <strong>{copy.terms}:</strong> {invoice.terms}
      </p>
    </article>
  );
}
