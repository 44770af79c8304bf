import { MODERATION_STATUSES, type ModerationStatus } from '@hs/api/domain/review/review-messages';
import type { AdminReviewList, AdminReviewView } from '@hs/api/domain/review/review-schema';
import { useCallback, useId, useState } from 'react';
import { fetchAdminReviews, moderateReview, type ReviewFilter } from '../../api/admin-reviews-api';
import { Notice } from '../../components/Notice';
import { formatMoment } from './admin-format';
import { LoadStatus } from './LoadStatus';
import { Pager } from './Pager';
import { reviewsContent as copy } from './reviews-content';
import { type AdminSession, failureText, reportDenial, useAdminData } from './use-admin-data';

type Message = { readonly tone: 'success' | 'error'; readonly text: string } | null;

function statusOf(value: string): ReviewFilter['status'] {
  return copy.statuses.find((status) => status === value) ?? '';
}

/**
 * Customers' reviews of their visits, waiting ones first by default: an operator approves one
 * (the home and services pages show it) or hides it. The text is shown as text, as typed.
 */
export function ReviewsSection({ session }: { readonly session: AdminSession }) {
  const headingId = useId();
  const statusId = useId();
  const [filter, setFilter] = useState<ReviewFilter>({ status: 'pending', page: 1 });
  const [message, setMessage] = useState<Message>(null);
  const [working, setWorking] = useState<string | null>(null);
  const load = useCallback(
    (signal: AbortSignal) => fetchAdminReviews(session.token, filter, signal),
    [session.token, filter],
  );
  const { state, retry, update, refresh } = useAdminData(session, load);

  const moderate = async (review: AdminReviewView, status: ModerationStatus) => {
    setWorking(review.id);
    setMessage(null);
    try {
      const moderated = await moderateReview(session.token, review.id, status);
      // The counts change with it: the list is read again, and shows the change meanwhile.
      update((list: AdminReviewList) => ({
        ...list,
        reviews: list.reviews.map((entry) => (entry.id === review.id ? moderated.review : entry)),
      }));
      refresh();
      setMessage({ tone: 'success', text: copy.done(review.name, moderated.message) });
    } catch (error) {
      if (!reportDenial(session, error)) setMessage({ tone: 'error', text: failureText(error) });
    } finally {
      setWorking(null);
    }
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
                <dt>{copy.statusLabels[status]}</dt>
                <dd>{state.data.counts[status]}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      <form
        className="admin-filters"
        aria-label={copy.filtersLabel}
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <div className="admin-field">
          <label htmlFor={statusId}>{copy.statusLabel}</label>
          <select
            id={statusId}
            value={filter.status}
            onChange={(event) => {
              setFilter({ status: statusOf(event.target.value), page: 1 });
              setMessage(null);
            }}
          >
            <option value="">{copy.anyStatus}</option>
            {copy.statuses.map((status) => (
              <option key={status} value={status}>
                {copy.statusLabels[status]}
              </option>
            ))}
          </select>
        </div>
      </form>
      {message === null ? null : <Notice tone={message.tone}>{message.text}</Notice>}
      <LoadStatus state={state} loadingLabel={copy.loading} onRetry={retry} />
      {state.status === 'ready' ? (
        <>
          {state.data.reviews.length === 0 ? (
            <p>{copy.empty}</p>
          ) : (
            <ul className="admin-messages">
              {state.data.reviews.map((review) => (
                <li key={review.id}>
                  <ReviewCard
                    review={review}
                    busy={working === review.id}
                    onModerate={(status) => {
                      void moderate(review, status);
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
          <Pager
            list={state.data}
            noun="review"
            onPage={(page) => {
              setFilter((current) => ({ ...current, page }));
            }}
          />
        </>
      ) : null}
    </section>
  );
}

interface ReviewCardProps {
  readonly review: AdminReviewView;
  readonly busy: boolean;
  readonly onModerate: (status: ModerationStatus) => void;
}

function ReviewCard({ review, busy, onModerate }: ReviewCardProps) {
  const titleId = useId();
  return (
    <article className="admin-card" aria-labelledby={titleId}>
      <h3 id={titleId}>{copy.title(review.name, review.rating)}</h3>
      <dl className="admin-card__meta">
        <dt>{copy.service}</dt>
        <dd>{review.service}</dd>
        <dt>{copy.booking}</dt>
        <dd>{review.reference}</dd>
        <dt>{copy.received}</dt>
        <dd>{formatMoment(review.createdAt)}</dd>
        <dt>{copy.status}</dt>
        <dd>{copy.statusLabels[review.status]}</dd>
        {review.moderatedAt === null ? null : (
          <>
            <dt>{copy.moderated}</dt>
            <dd>{formatMoment(review.moderatedAt)}</dd>
          </>
        )}
      </dl>
      {/* As the customer typed it: React writes it as text, so markup in it stays characters. */}
      <p className="admin-card__text">{review.text}</p>
      <div className="button-row" role="group" aria-label={copy.actionsLabel(review.name)}>
        {MODERATION_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            className={status === 'approved' ? 'button' : 'button button--secondary'}
            disabled={busy || review.status === status}
            onClick={() => {
              onModerate(status);
            }}
          >
            {busy ? copy.working : copy.actions[status]}
          </button>
        ))}
      </div>
    </article>
  );
}
