import './ReviewPage.css';
import { longDate } from '@hs/api/domain/calendar/toronto-date';
import { ReviewMessages } from '@hs/api/domain/review/review-messages';
import type { ErrorCode } from '@hs/api/domain/domain-error';
import type { ReviewVisitView } from '@hs/api/domain/review/review-schema';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/api-client';
import { queryKeys } from '../../api/query-keys';
import { fetchReviewVisit } from '../../api/reviews-api';
import { useDocumentTitle } from '../../app/use-document-title';
import { Notice } from '../../components/Notice';
import { RetryNotice } from '../../components/RetryNotice';
import { reviewPageContent as copy } from '../../content/review-content';
import { ReviewForm } from './ReviewForm';
import { markVisitReviewed } from './use-send-review';

/** The refusal of a second review of one visit: the page thanks instead of refusing. */
const ALREADY_REVIEWED: ErrorCode = 'review.already_reviewed';

type PageState =
  | { readonly kind: 'loading' }
  /** The link proves nothing to review: not valid, expired, or the visit is no longer done. */
  | { readonly kind: 'refused'; readonly text: string }
  /** The API could not be reached or failed: trying again may work. */
  | { readonly kind: 'failed'; readonly reason: string | null }
  | { readonly kind: 'ready'; readonly visit: ReviewVisitView }
  | { readonly kind: 'already' }
  | { readonly kind: 'thanked'; readonly text: string };

/** A refusal of the link itself (404, 409, 410), as opposed to a failure worth retrying. */
const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && [404, 409, 410].includes(error.status);

/** The page as the visit's answer leaves it, before the form is sent. */
function stateOf(visit: UseQueryResult<ReviewVisitView>): PageState {
  if (visit.status === 'success') {
    return visit.data.alreadyReviewed ? { kind: 'already' } : { kind: 'ready', visit: visit.data };
  }
  if (visit.status === 'pending' || visit.isFetching) return { kind: 'loading' };
  const { error } = visit;
  if (isRefusal(error)) return { kind: 'refused', text: error.message };
  return {
    kind: 'failed',
    reason: error instanceof ApiError && error.fromServer ? error.message : null,
  };
}

/**
 * /review?token=: the page the thank-you email's link opens. No account is needed: the signed
 * link proves the visit. It shows the visit, takes 1 to 5 stars and a text once, and says plainly
 * when the link is not valid, has expired or was used already.
 */
export function ReviewPage() {
  useDocumentTitle(copy.title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const visit = useQuery({
    queryKey: queryKeys.reviewVisit(token),
    queryFn: ({ signal }) => fetchReviewVisit(token, signal),
    enabled: token !== '',
  });
  /** What the form's answer made of the page, once it answered. */
  const [outcome, setOutcome] = useState<PageState | null>(null);
  const outcomeHeading = useRef<HTMLHeadingElement>(null);
  const state: PageState =
    token === ''
      ? { kind: 'refused', text: ReviewMessages.linkInvalid }
      : (outcome ?? stateOf(visit));

  // A screen reader hears where the form went: the heading of what replaced it takes focus.
  useEffect(() => {
    if (state.kind === 'thanked' || state.kind === 'already') outcomeHeading.current?.focus();
  }, [state.kind]);

  const client = useQueryClient();
  const sent = useCallback(
    (message: string) => {
      setOutcome({ kind: 'thanked', text: message });
      markVisitReviewed(client, token);
    },
    [client, token],
  );
  const refused = useCallback((error: ApiError) => {
    setOutcome(
      error.code === ALREADY_REVIEWED
        ? { kind: 'already' }
        : { kind: 'refused', text: error.message },
    );
  }, []);

  return (
    <section className="screen review-page" aria-labelledby="screen-title">
      <h1 id="screen-title">{copy.title}</h1>
      {state.kind === 'loading' ? <p className="loading">{copy.loading}</p> : null}
      {state.kind === 'refused' ? (
        <>
          <Notice tone="error">{state.text}</Notice>
          <NextLinks />
        </>
      ) : null}
      {state.kind === 'failed' ? (
        <RetryNotice
          message={copy.failed}
          reason={state.reason}
          retryLabel={copy.retry}
          onRetry={() => {
            void visit.refetch();
          }}
        />
      ) : null}
      {state.kind === 'ready' ? (
        <>
          <p className="review-page__visit">
            {copy.greeting(state.visit.firstName)}{' '}
            <strong>{copy.visit(state.visit.service, longDate(state.visit.date))}</strong>
          </p>
          <p>{copy.intro}</p>
          <ReviewForm token={token} onSent={sent} onRefused={refused} />
        </>
      ) : null}
      {state.kind === 'already' || state.kind === 'thanked' ? (
        <>
          <h2 ref={outcomeHeading} tabIndex={-1} className="review-page__outcome">
            {state.kind === 'thanked' ? copy.thanksTitle : copy.alreadyTitle}
          </h2>
          <Notice tone="success">
            {state.kind === 'thanked' ? state.text : ReviewMessages.alreadyReviewed}
          </Notice>
          <NextLinks />
        </>
      ) : null}
    </section>
  );
}

function NextLinks() {
  return (
    <p className="button-row review-page__next">
      <Link className="button" to="/">
        {copy.home}
      </Link>
      <Link className="button button--secondary" to="/service/service1">
        {copy.services}
      </Link>
    </p>
  );
}
