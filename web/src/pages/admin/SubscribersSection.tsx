import { useId } from 'react';
import { fetchSubscribers, LIST_TOP, type SubscriberFilter } from '../../api/admin-api';
import { subscribersContent as copy } from './admin-content';
import { formatMoment } from './admin-format';
import { AdminTable } from './AdminTable';
import { LoadStatus } from './LoadStatus';
import { CursorPager } from './CursorPager';
import { useKeyedList } from './use-keyed-list';
import { AdminFilters, StatusCounts, StatusSelect, type StatusWords } from './StatusFilter';
import { type AdminSession, useAdminData } from './use-admin-data';
import { queryKeys } from '../../api/query-keys';

function statusLabel(status: string): string {
  return copy.statusLabels[status] ?? status;
}

const STATUS_WORDS: StatusWords<(typeof copy.statuses)[number]> = { ...copy, label: statusLabel };

/** The newsletter's addresses: how many stand where, and the list by status. */
export function SubscribersSection({ session }: { readonly session: AdminSession }) {
  const headingId = useId();
  const { filter, turned, turnPage, changeFilter } = useKeyedList<SubscriberFilter>({
    status: '',
    ...LIST_TOP,
  });
  const { state, retry } = useAdminData(
    session,
    queryKeys.admin.subscribers(session.token, filter),
    (signal) => fetchSubscribers(session.token, filter, signal),
  );

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{copy.heading}</h2>
      {state.status === 'ready' ? (
        <StatusCounts heading={copy.countsLabel} words={STATUS_WORDS} counts={state.data.counts} />
      ) : null}
      <AdminFilters label={copy.filtersLabel}>
        <StatusSelect
          words={STATUS_WORDS}
          value={STATUS_WORDS.statuses.find((status) => status === filter.status) ?? ''}
          onChange={(status) => {
            changeFilter({ status });
          }}
        />
      </AdminFilters>
      <LoadStatus state={state} loadingLabel={copy.loading} onRetry={retry} />
      {state.status === 'ready' ? (
        <>
          <AdminTable
            content={copy}
            rows={state.data.subscribers}
            rowHeader={(subscriber) => subscriber.email}
            cells={(subscriber) => (
              <>
                <td>{statusLabel(subscriber.status)}</td>
                <td>{formatMoment(subscriber.createdAt)}</td>
                <td>{formatMoment(subscriber.confirmedAt)}</td>
              </>
            )}
          />
          <CursorPager
            list={state.data}
            shown={state.data.subscribers.length}
            noun="subscriber"
            words="time"
            turned={turned}
            onTurn={turnPage}
          />
        </>
      ) : null}
    </section>
  );
}
