import { useMutation } from '@tanstack/react-query';
import { MODERATION_STATUSES, type ModerationStatus } from '@hs/api/domain/review/review-messages';
import type { AdminReviewList, AdminReviewView } from '@hs/api/domain/review/review-schema';
import { useId, useState } from 'react';
import { LIST_TOP } from '../../api/admin-api';
import { fetchAdminReviews, moderateReview, type ReviewFilter } from '../../api/admin-reviews-api';
import { Notice } from '../../components/Notice';
import { formatMoment } from './admin-format';
import { LoadStatus } from './LoadStatus';
import { CursorPager } from './CursorPager';
import { useKeyedList } from './use-keyed-list';
import { AdminFilters, StatusCounts, StatusSelect, statusWordsOf } from './StatusFilter';
import { reviewsContent as copy } from './reviews-content';
import {
  type AdminSession,
  failureText,
  reportDenial,
  useAdminData,
  type AdminMessage,
} from './use-admin-data';
import { queryKeys } from '../../api/query-keys';

const STATUS_WORDS = statusWordsOf(copy);

/**
 * Customers' reviews of their visits, waiting ones first by default: an operator approves one
 * (the home and services pages show it) or hides it. The text is shown as text, as typed.
 */
export function ReviewsSection({ session }: { readonly session: AdminSession }) {
  const headingId = useId();
  const { filter, turned, turnPage, changeFilter } = useKeyedList<ReviewFilter>({
    status: 'pending',
    ...LIST_TOP,
  });
  const [message, setMessage] = useState<AdminMessage>(null);
  const moderation = useMutation({
    mutationFn: ({ review, status }: { review: AdminReviewView; status: ModerationStatus }) =>
      moderateReview(session.token, review.id, status),
  });
  const working = moderation.isPending ? moderation.variables.review.id : null;
  const { state, retry, update, refresh } = useAdminData(
    session,
    queryKeys.admin.reviews(session.token, filter),
    (signal) => fetchAdminReviews(session.token, filter, signal),
  );

  const moderate = (review: AdminReviewView, status: ModerationStatus) => {
    setMessage(null);
    moderation.mutate(
      { review, status },
      {
        onSuccess: (moderated) => {
          // The counts change with it: the list is read again, and shows the change meanwhile.
          update((list: AdminReviewList) => ({
            ...list,
            reviews: list.reviews.map((entry) =>
              entry.id === review.id ? moderated.review : entry,
            ),
          }));
          refresh();
          setMessage({ tone: 'success', text: copy.done(review.name, moderated.message) });
        },
        onError: (error) => {
          if (!reportDenial(session, error)) {
            setMessage({ tone: 'error', text: failureText(error) });
          }
        },
      },
    );
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{copy.heading}</h2>
      {state.status === 'ready' ? (
        <StatusCounts heading={copy.countsLabel} words={STATUS_WORDS} counts={state.data.counts} />
      ) : null}
      <AdminFilters label={copy.filtersLabel}>
        <StatusSelect
          words={STATUS_WORDS}
          value={filter.status}
          onChange={(status) => {
            changeFilter({ status });
            setMessage(null);
          }}
        />
      </AdminFilters>
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
                      moderate(review, status);
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
          <CursorPager
            list={state.data}
            shown={state.data.reviews.length}
            noun="review"
            words="time"
            turned={turned}
            onTurn={turnPage}
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
