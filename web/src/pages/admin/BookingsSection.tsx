import type { AdminBookingList, AdminBookingView } from '@hs/api/domain/admin/admin-views';
import {
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  type BookingStatus,
} from '@hs/api/domain/booking/booking-status';
import { useCallback, useId, useState } from 'react';
import { type BookingFilter, type BookingMove, fetchAdminBookings } from '../../api/admin-api';
import { Notice } from '../../components/Notice';
import { bookingsContent as copy } from './admin-content';
import { formatVisitDate } from './admin-format';
import { AdminTable } from './AdminTable';
import { BookingPhoto } from './BookingPhoto';
import { BookingStatusControl } from './BookingStatusControl';
import { LoadStatus } from './LoadStatus';
import { Pager } from './Pager';
import { AdminFilters, StatusSelect, type StatusWords } from './StatusFilter';
import { type AdminSession, useAdminData, type AdminMessage } from './use-admin-data';

const NO_FILTER: BookingFilter = { date: '', status: '', page: 1 };

const STATUS_WORDS: StatusWords<BookingStatus> = {
  statusLabel: copy.statusLabel,
  anyStatus: copy.anyStatus,
  statuses: BOOKING_STATUSES,
  label: (status) => BOOKING_STATUS_LABELS[status],
};

/** Every booking, filtered by visit date and status, with the moves each may still make. */
export function BookingsSection({ session }: { readonly session: AdminSession }) {
  const headingId = useId();
  const dateId = useId();
  const [filter, setFilter] = useState<BookingFilter>(NO_FILTER);
  const [message, setMessage] = useState<AdminMessage>(null);
  const load = useCallback(
    (signal: AbortSignal) => fetchAdminBookings(session.token, filter, signal),
    [session.token, filter],
  );
  const { state, retry, update } = useAdminData(session, load);

  const changeFilter = (change: Partial<BookingFilter>) => {
    // A new filter starts again from its first page.
    setFilter((current) => ({ ...current, page: 1, ...change }));
    setMessage(null);
  };

  const turnPage = (page: number) => {
    setFilter((current) => ({ ...current, page }));
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

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{copy.heading}</h2>
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
        <button
          type="button"
          className="button button--secondary"
          disabled={filter.date === '' && filter.status === ''}
          onClick={() => {
            changeFilter(NO_FILTER);
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
            onChanged={onChanged}
            onFailed={(text) => {
              setMessage({ tone: 'error', text });
            }}
          />
          <Pager list={state.data} noun="booking" onPage={turnPage} />
        </>
      ) : null}
    </section>
  );
}

interface BookingTableProps {
  readonly session: AdminSession;
  readonly bookings: readonly AdminBookingView[];
  readonly onChanged: (move: BookingMove) => void;
  readonly onFailed: (message: string) => void;
}

function BookingTable({ session, bookings, onChanged, onFailed }: BookingTableProps) {
  return (
    <AdminTable
      content={copy}
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
          </td>
        </>
      )}
    />
  );
}
