import { useId } from 'react';
import { fetchContactMessages, LIST_TOP, type ListPlace } from '../../api/admin-api';
import { messagesContent as copy } from './admin-content';
import { formatMoment } from './admin-format';
import { LoadStatus } from './LoadStatus';
import { CursorPager } from './CursorPager';
import { useKeyedList } from './use-keyed-list';
import { type AdminSession, useAdminData } from './use-admin-data';
import { queryKeys } from '../../api/query-keys';

/** What visitors sent through the contact form, newest first. */
export function MessagesSection({ session }: { readonly session: AdminSession }) {
  const headingId = useId();
  const { filter: place, turned, turnPage } = useKeyedList<ListPlace>(LIST_TOP);
  const { state, retry } = useAdminData(
    session,
    queryKeys.admin.messages(session.token, place),
    (signal) => fetchContactMessages(session.token, place, signal),
  );

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{copy.heading}</h2>
      <LoadStatus state={state} loadingLabel={copy.loading} onRetry={retry} />
      {state.status === 'ready' ? (
        <>
          {state.data.messages.length === 0 ? (
            <p>{copy.empty}</p>
          ) : (
            <ul className="admin-messages">
              {state.data.messages.map((message) => (
                <li key={message.id}>
                  <article className="admin-card" aria-labelledby={`message-${message.id}`}>
                    <h3 id={`message-${message.id}`}>{message.subject}</h3>
                    <dl className="admin-card__meta">
                      <dt>{copy.from}</dt>
                      <dd>
                        {message.fullName}{' '}
                        <a href={`mailto:${message.email}`}>&lt;{message.email}&gt;</a>
                      </dd>
                      {message.phone === '' ? null : (
                        <>
                          <dt>{copy.phone}</dt>
                          <dd>{message.phone}</dd>
                        </>
                      )}
                      <dt>{copy.received}</dt>
                      <dd>{formatMoment(message.createdAt)}</dd>
                    </dl>
                    <p className="admin-card__text">{message.message}</p>
                  </article>
                </li>
              ))}
            </ul>
          )}
          <CursorPager
            list={state.data}
            shown={state.data.messages.length}
            noun="message"
            words="time"
            turned={turned}
            onTurn={turnPage}
          />
        </>
      ) : null}
    </section>
  );
}
