import type { AdminQuote } from '@hs/api/domain/quote/quote-schema';
import { useId } from 'react';
import { formatMoment } from '../admin-format';
import { quoteDetailContent as copy } from './quotes-content';

/** Everything that happened to a quote revision, oldest first, each with its time and label. */
export function QuoteHistory({ history }: { readonly history: AdminQuote['history'] }) {
  const headingId = useId();
  return (
    <section className="quote-history" aria-labelledby={headingId}>
      <h4 id={headingId}>{copy.history}</h4>
      {history.length === 0 ? (
        <p>{copy.noHistory}</p>
      ) : (
        <ol className="quote-history__list">
          {history.map((entry, index) => (
            <li key={`${entry.at}-${entry.event}-${String(index)}`}>
              <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
              <span className="quote-history__label">{entry.label}</span>
              {entry.detail === null || entry.detail === '' ? null : (
                <span className="quote-history__detail">{entry.detail}</span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
