import './QuotesSection.css';
import type { AdminQuoteSummary } from '@hs/api/domain/quote/quote-schema';
import { type SubmitEvent, useId, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { fetchAdminQuotes, type QuoteFilter, quoteKeys } from '../../../api/admin-quotes-api';
import { formatMoment } from '../admin-format';
import { AdminTable } from '../AdminTable';
import { LoadStatus } from '../LoadStatus';
import { AdminFilters, StatusSelect, statusWordsOf } from '../StatusFilter';
import { type AdminSession, useAdminData } from '../use-admin-data';
import { formatCents } from './quote-form';
import { noticeOf, quoteSearch } from './quote-address';
import { QuoteDetail } from './QuoteDetail';
import { quotesContent as copy } from './quotes-content';

const STATUS_WORDS = statusWordsOf(copy);

const NO_FILTER: QuoteFilter = { status: '', q: '' };

/** Quote ids as the API makes them; anything else in the address opens the list. */
const QUOTE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The Quotes tab: every quote revision, found by the customer's name, email or the quote's
 * number and filtered by status; choosing one opens it (?quote=, so Back returns to the list).
 * Its own chunk: the console loads it when the tab opens.
 */
export default function QuotesSection({ session }: { readonly session: AdminSession }) {
  const headingId = useId();
  const [params] = useSearchParams();
  const location = useLocation();
  // Kept here, not in the list: back from a quote, the list is as the operator left it.
  const [filter, setFilter] = useState<QuoteFilter>(NO_FILTER);
  const [searchKey, setSearchKey] = useState(0);
  const quoteParam = params.get('quote');
  const quoteId = quoteParam !== null && QUOTE_ID.test(quoteParam) ? quoteParam : null;

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{copy.heading}</h2>
      {quoteId === null ? (
        <QuoteList
          session={session}
          filter={filter}
          searchKey={searchKey}
          onFilter={(change) => {
            setFilter((current) => ({ ...current, ...change }));
          }}
          onClear={() => {
            setFilter(NO_FILTER);
            setSearchKey((key) => key + 1);
          }}
        />
      ) : (
        // A fresh detail for each quote: its own message, its own editor.
        <QuoteDetail
          key={quoteId}
          session={session}
          quoteId={quoteId}
          notice={noticeOf(location.state)}
        />
      )}
    </section>
  );
}

interface QuoteListProps {
  readonly session: AdminSession;
  readonly filter: QuoteFilter;
  readonly searchKey: number;
  readonly onFilter: (change: Partial<QuoteFilter>) => void;
  readonly onClear: () => void;
}

function QuoteList({ session, filter, searchKey, onFilter, onClear }: QuoteListProps) {
  const { state, retry } = useAdminData(session, quoteKeys.list(session.token, filter), (signal) =>
    fetchAdminQuotes(session.token, filter, signal),
  );
  const untouched = filter.status === '' && filter.q === '';
  return (
    <>
      <p className="admin-muted">{copy.intro}</p>
      <QuoteSearch
        key={searchKey}
        search={filter.q}
        onSearch={(q) => {
          onFilter({ q });
        }}
      />
      <AdminFilters label={copy.filtersLabel}>
        <StatusSelect
          words={STATUS_WORDS}
          value={filter.status}
          onChange={(status) => {
            onFilter({ status });
          }}
        />
        <button
          type="button"
          className="button button--secondary"
          disabled={untouched}
          onClick={onClear}
        >
          {copy.clearFilters}
        </button>
      </AdminFilters>
      <LoadStatus state={state} loadingLabel={copy.loading} onRetry={retry} />
      {state.status === 'ready' ? <QuoteTable quotes={state.data} search={filter.q} /> : null}
    </>
  );
}

/** One box for a name, an email or a number; it searches when submitted, not at every key. */
function QuoteSearch({
  search,
  onSearch,
}: {
  readonly search: string;
  readonly onSearch: (q: string) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState(search);
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form className="admin-search" role="search" aria-label={copy.searchLabel} onSubmit={submit}>
      <div className="admin-field">
        <label htmlFor={inputId}>{copy.searchLabel}</label>
        <p id={hintId} className="admin-field__hint">
          {copy.searchHint}
        </p>
        <div className="admin-search__row">
          <input
            id={inputId}
            type="search"
            name="q"
            value={draft}
            maxLength={200}
            autoComplete="off"
            aria-describedby={hintId}
            onChange={(event) => {
              setDraft(event.target.value);
            }}
          />
          <button type="submit" className="button">
            {copy.search}
          </button>
        </div>
      </div>
    </form>
  );
}

function QuoteTable({
  quotes,
  search,
}: {
  readonly quotes: readonly AdminQuoteSummary[];
  readonly search: string;
}) {
  return (
    <AdminTable
      content={{
        caption: copy.caption,
        columns: copy.columns,
        empty: search === '' ? copy.empty : copy.emptySearch(search),
      }}
      rows={quotes}
      rowHeader={(quote) => (
        <span className="quote-number">
          <Link to={{ search: quoteSearch(quote.id) }}>
            {copy.openQuote(quote.number, quote.revision)}
          </Link>
          {quote.estimateReference === null ? null : (
            <span className="admin-muted">{copy.estimate(quote.estimateReference)}</span>
          )}
        </span>
      )}
      cells={(quote) => (
        <>
          <td>{quote.customerName}</td>
          <td>
            <a href={`mailto:${quote.email}`}>{quote.email}</a>
          </td>
          <td>
            <span className={`quote-status quote-status--${quote.status}`}>
              {quote.statusLabel}
            </span>
          </td>
          <td className="quote-money">{formatCents(quote.totalCents)}</td>
          <td>{quote.sentAt === null ? copy.notSent : formatMoment(quote.sentAt)}</td>
        </>
      )}
    />
  );
}
