import type { AdminBookingList, AdminBookingView } from '@hs/api/domain/admin/admin-views';
import {
  BOOKING_SEARCH_MAX,
  BOOKING_SORTS,
  DEFAULT_BOOKING_SORT,
  type BookingSort,
} from '@hs/api/domain/admin/booking-search';
import {
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  type BookingStatus,
} from '@hs/api/domain/booking/booking-status';
import { type SubmitEvent, useId, useState } from 'react';
import { type BookingFilter, type BookingMove, fetchAdminBookings } from '../../api/admin-api';
import { Notice } from '../../components/Notice';
import { bookingsContent as copy } from './admin-content';
import { formatVisitDate } from './admin-format';
import { AdminTable } from './AdminTable';
import { BookingPhoto } from './BookingPhoto';
import { BookingStatusControl } from './BookingStatusControl';
import { LoadStatus } from './LoadStatus';
import { CursorPager } from './CursorPager';
import { useKeyedList } from './use-keyed-list';
import { isQuotableEstimate, WriteQuoteButton } from './quotes/WriteQuoteButton';
import { AdminFilters, StatusSelect, type StatusWords } from './StatusFilter';
import { type AdminSession, useAdminData, type AdminMessage } from './use-admin-data';
import { queryKeys } from '../../api/query-keys';

const NO_FILTER: BookingFilter = {
  date: '',
  status: '',
  q: '',
  sort: DEFAULT_BOOKING_SORT,
  after: '',
  before: '',
};

const STATUS_WORDS: StatusWords<BookingStatus> = {
  statusLabel: copy.statusLabel,
  anyStatus: copy.anyStatus,
  statuses: BOOKING_STATUSES,
  label: (status) => BOOKING_STATUS_LABELS[status],
};

/**
 * Every booking, today's work first, found by whatever the customer says on the phone (name,
 * email, phone, reference or postal code: the API reads it), filtered by visit date and status,
 * with the moves each may still make.
 */
export function BookingsSection({ session }: { readonly session: AdminSession }) {
  const headingId = useId();
  const dateId = useId();
  const sortId = useId();
  const {
    filter,
    turned,
    turnPage,
    changeFilter: refilter,
  } = useKeyedList<BookingFilter>(NO_FILTER);
  // Tells one search from the next, so the box shows what the list was searched for.
  const [searchKey, setSearchKey] = useState(0);
  const [message, setMessage] = useState<AdminMessage>(null);
  const { state, retry, update } = useAdminData(
    session,
    queryKeys.admin.bookings(session.token, filter),
    (signal) => fetchAdminBookings(session.token, filter, signal),
  );

  const changeFilter = (change: Partial<Omit<BookingFilter, 'after' | 'before'>>) => {
    refilter(change);
    setMessage(null);
  };

  const onChanged = ({ booking: changed, message: said }: BookingMove) => {
    update((list: AdminBookingList) => ({
      ...list,
      bookings: list.bookings.map((booking) => (booking.id === changed.id ? changed : booking)),
    }));
    setMessage({
      tone: 'success',
      // The API's words say more (a refund waits for the provider); the reference says which.
      text:
        said === undefined
          ? copy.changed(changed.reference, BOOKING_STATUS_LABELS[changed.status])
          : `${changed.reference}: ${said}`,
    });
  };

  const untouched =
    filter.date === '' &&
    filter.status === '' &&
    filter.q === '' &&
    filter.sort === DEFAULT_BOOKING_SORT;

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{copy.heading}</h2>
      <BookingSearch
        key={searchKey}
        search={filter.q}
        onSearch={(q) => {
          changeFilter({ q });
        }}
      />
      <AdminFilters label={copy.filtersLabel}>
        <div className="admin-field">
          <label htmlFor={dateId}>{copy.dateLabel}</label>
          <input
            id={dateId}
            type="date"
            value={filter.date}
            onChange={(event) => {
              changeFilter({ date: event.target.value });
            }}
          />
        </div>
        <StatusSelect
          words={STATUS_WORDS}
          value={filter.status}
          onChange={(status) => {
            changeFilter({ status });
          }}
        />
        <div className="admin-field">
          <label htmlFor={sortId}>{copy.sortLabel}</label>
          <select
            id={sortId}
            value={filter.sort}
            onChange={(event) => {
              const sort = BOOKING_SORTS.find((candidate) => candidate === event.target.value);
              changeFilter({ sort: sort ?? DEFAULT_BOOKING_SORT });
            }}
          >
            {BOOKING_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {copy.sorts[sort]}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button--secondary"
          disabled={untouched}
          onClick={() => {
            changeFilter(NO_FILTER);
            // The search box empties with the rest.
            setSearchKey((key) => key + 1);
          }}
        >
          {copy.clearFilters}
        </button>
      </AdminFilters>
      {message === null ? null : <Notice tone={message.tone}>{message.text}</Notice>}
      <LoadStatus state={state} loadingLabel={copy.loading} onRetry={retry} />
      {state.status === 'ready' ? (
        <>
          <BookingTable
            session={session}
            bookings={state.data.bookings}
            sort={filter.sort}
            search={filter.q}
            onChanged={onChanged}
            onFailed={(text) => {
              setMessage({ tone: 'error', text });
            }}
          />
          <CursorPager
            list={state.data}
            shown={state.data.bookings.length}
            noun="booking"
            words={filter.sort === 'latest' ? 'time' : 'order'}
            turned={turned}
            onTurn={turnPage}
          />
        </>
      ) : null}
    </section>
  );
}

/**
 * One box for whatever identifies a booking. It searches when submitted (Enter or the button),
 * not at every key: a half-typed phone number would find nothing and ask the API for it.
 */
function BookingSearch({
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
            maxLength={BOOKING_SEARCH_MAX}
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

interface BookingTableProps {
  readonly session: AdminSession;
  readonly bookings: readonly AdminBookingView[];
  readonly sort: BookingSort;
  readonly search: string;
  readonly onChanged: (move: BookingMove) => void;
  readonly onFailed: (message: string) => void;
}

function BookingTable({ session, bookings, sort, search, onChanged, onFailed }: BookingTableProps) {
  return (
    <AdminTable
      content={{
        caption: copy.captions[sort],
        columns: copy.columns,
        empty: search === '' ? copy.empty : copy.emptySearch(search),
      }}
      rows={bookings}
      rowHeader={(booking) => booking.reference}
      cells={(booking) => (
        <>
          <td>{formatVisitDate(booking.date)}</td>
          <td>{booking.timeLabel}</td>
          <td>{booking.service}</td>
          <td>{booking.plan}</td>
          <td>
            <span className="admin-customer">
              <span>{booking.name}</span>
              <a href={`mailto:${booking.email}`}>{booking.email}</a>
              <span>{booking.phone}</span>
              <span className="admin-muted">{booking.address}</span>
              {booking.postalCode ? (
                <span className="admin-muted">{booking.postalCode}</span>
              ) : null}
              {booking.details === '' ? null : (
                <span className="admin-project">{booking.details}</span>
              )}
            </span>
          </td>
          <td>
            <span className={`status status--${booking.status}`}>
              {BOOKING_STATUS_LABELS[booking.status]}
            </span>
          </td>
          <td>
            <BookingPhoto reference={booking.reference} url={booking.photoUrl} />
          </td>
          <td>
            <BookingStatusControl
              session={session}
              booking={booking}
              onChanged={onChanged}
              onFailed={onFailed}
            />
            {isQuotableEstimate(booking) ? (
              <p className="admin-actions">
                <WriteQuoteButton session={session} booking={booking} onFailed={onFailed} />
              </p>
            ) : null}
          </td>
        </>
      )}
    />
  );
}
