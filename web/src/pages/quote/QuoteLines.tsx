import { HST_RATE_PERCENT } from '@hs/api/domain/invoice/hst';
import type { CustomerQuote } from '@hs/api/domain/quote/quote-schema';
import { useId } from 'react';
import { invoiceMoney } from '../../components/invoices/invoice-format';
import { quotePageContent as copy } from './quote-content';

type QuoteLine = CustomerQuote['lines'][number];

interface QuoteLinesProps {
  readonly lines: readonly QuoteLine[];
  /** The optional items ticked (their indexes). */
  readonly chosen: readonly number[];
  /** Ticks or unticks an optional item; null once the quote can no longer be answered. */
  readonly onToggle: ((index: number, checked: boolean) => void) | null;
}

/**
 * The quote's lines as its PDF prints them, each split by the one HST rule (the server's split:
 * nothing is worked out here). A table on a wide screen; on a phone each line is a card, its
 * figures labelled one under the other (QuotePage.css). The table's roles are written out, since
 * a browser may drop a table's meaning once its CSS no longer displays it as a table.
 *
 * While the quote is open each optional item has a checkbox named by its description; once it
 * is answered, each optional item says whether it was added.
 */
export function QuoteLines({ lines, chosen, onToggle }: QuoteLinesProps) {
  const idPrefix = useId();
  const captionId = `${idPrefix}-caption`;
  const rate = lines[0]?.split.hstRatePercent ?? HST_RATE_PERCENT;
  const hasOptional = lines.some((line) => line.optional);
  return (
    <>
      {hasOptional && onToggle !== null ? (
        <p className="quote-lines__hint">{copy.optionalHint}</p>
      ) : null}
      <div className="quote-lines">
        <table role="table">
          <caption id={captionId} className="visually-hidden">
            {copy.linesCaption}
          </caption>
          <thead role="rowgroup">
            <tr role="row">
              <th role="columnheader" scope="col">
                {copy.description}
              </th>
              <th role="columnheader" scope="col" className="quote-lines__number">
                {copy.quantity}
              </th>
              <th role="columnheader" scope="col" className="quote-lines__number">
                {copy.unitPrice}
              </th>
              <th role="columnheader" scope="col" className="quote-lines__number">
                {copy.hstColumn(rate)}
              </th>
              <th role="columnheader" scope="col" className="quote-lines__number">
                {copy.amount}
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {lines.map((line) => {
              const counted = line.optional
                ? onToggle === null
                  ? line.included
                  : chosen.includes(line.index)
                : true;
              return (
                <LineRow
                  key={line.index}
                  line={line}
                  idPrefix={idPrefix}
                  counted={counted}
                  rate={rate}
                  onToggle={onToggle}
                />
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

interface LineRowProps {
  readonly line: QuoteLine;
  readonly idPrefix: string;
  /** Whether the line counts in the totals shown under the lines. */
  readonly counted: boolean;
  readonly rate: number;
  readonly onToggle: QuoteLinesProps['onToggle'];
}

function LineRow({ line, idPrefix, counted, rate, onToggle }: LineRowProps) {
  const rowId = `${idPrefix}-line-${String(line.index)}`;
  const tagId = `${rowId}-tag`;
  const amountId = `${rowId}-amount`;
  const className = [
    'quote-lines__row',
    line.optional ? 'quote-lines__row--optional' : '',
    counted ? '' : 'quote-lines__row--left-out',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <tr role="row" className={className}>
      <th role="rowheader" scope="row" className="quote-lines__description">
        {line.optional && onToggle !== null ? (
          <span className="quote-lines__choice">
            <input
              id={`${rowId}-choice`}
              type="checkbox"
              checked={counted}
              aria-describedby={`${tagId} ${amountId}`}
              onChange={(event) => {
                onToggle(line.index, event.target.checked);
              }}
            />
            {/* The description is the checkbox's name: React writes it as text, never as HTML. */}
            <label htmlFor={`${rowId}-choice`}>{line.description}</label>
          </span>
        ) : (
          <span className="quote-lines__text">{line.description}</span>
        )}
        {line.optional ? (
          <span id={tagId} className="quote-lines__tag">
            {onToggle !== null
              ? copy.optional
              : `${copy.optional}: ${counted ? copy.added : copy.notAdded}`}
          </span>
        ) : null}
      </th>
      <td role="cell" className="quote-lines__number" data-label={copy.quantity}>
        {line.quantity}
      </td>
      <td role="cell" className="quote-lines__number" data-label={copy.unitPrice}>
        {invoiceMoney(line.split.unitPriceCents)}
      </td>
      <td role="cell" className="quote-lines__number" data-label={copy.hstColumn(rate)}>
        {invoiceMoney(line.split.hstCents)}
      </td>
      <td
        role="cell"
        id={amountId}
        className="quote-lines__number quote-lines__amount"
        data-label={copy.amount}
      >
        {invoiceMoney(line.split.totalCents)}
      </td>
    </tr>
  );
}
