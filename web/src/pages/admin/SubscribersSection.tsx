import { useCallback, useId, useState } from 'react';
import { fetchSubscribers, type SubscriberFilter } from '../../api/admin-api';
import { subscribersContent as copy } from './admin-content';
import { formatMoment } from './admin-format';
import { AdminTable } from './AdminTable';
import { LoadStatus } from './LoadStatus';
import { Pager } from './Pager';
import { type AdminSession, useAdminData } from './use-admin-data';

function statusLabel(status: string): string {
  return copy.statusLabels[status] ?? status;
}

/** The newsletter's addresses: how many stand where, and the list by status. */
export function SubscribersSection({ session }: { readonly session: AdminSession }) {
  const headingId = useId();
  const statusId = useId();
  const [filter, setFilter] = useState<SubscriberFilter>({ status: '', page: 1 });
  const load = useCallback(
    (signal: AbortSignal) => fetchSubscribers(session.token, filter, signal),
    [session.token, filter],
  );
  const { state, retry } = useAdminData(session, load);
  const turnPage = (page: number) => {
    setFilter((current) => ({ ...current, page }));
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{copy.heading}</h2>
      {state.status === 'ready' ? (
        <>
          <h3>{copy.countsLabel}</h3>
          <dl className="admin-counts">
            {copy.statuses.map((status) => (
              <div key={status} className="admin-counts__item">
                <dt>{statusLabel(status)}</dt>
                <dd>{state.data.counts[status] ?? 0}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      <div className="admin-filters">
        <div className="admin-field">
          <label htmlFor={statusId}>{copy.statusLabel}</label>
          <select
            id={statusId}
            value={filter.status}
            onChange={(event) => {
              setFilter({ status: event.target.value, page: 1 });
            }}
          >
            <option value="">{copy.anyStatus}</option>
            {copy.statuses.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </div>
      </div>
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
          <Pager list={state.data} noun="subscriber" onPage={turnPage} />
        </>
      ) : null}
    </section>
  );
}
