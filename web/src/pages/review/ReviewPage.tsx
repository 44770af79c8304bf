import './ReviewPage.css';
import { longDate } from '@hs/api/domain/calendar/toronto-date';
import { ReviewMessages } from '@hs/api/domain/review/review-messages';
import type { ReviewVisitView } from '@hs/api/domain/review/review-schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/api-client';
import { fetchReviewVisit } from '../../api/reviews-api';
import { useDocumentTitle } from '../../app/use-document-title';
import { Notice } from '../../components/Notice';
import { RetryNotice } from '../../components/RetryNotice';
import { reviewPageContent as copy } from '../../content/review-content';
import { ReviewForm } from './ReviewForm';

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

/**
 * /review?token=: the page the thank-you email's link opens. No account is needed: the signed
 * link proves the visit. It shows the visit, takes 1 to 5 stars and a text once, and says plainly
 * when the link is not valid, has expired or was used already.
 */
export function ReviewPage() {
  useDocumentTitle(copy.title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PageState>(
    token === '' ? { kind: 'refused', text: ReviewMessages.linkInvalid } : { kind: 'loading' },
  );
  const outcomeHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (token === '') return;
    const controller = new AbortController();
    fetchReviewVisit(token, controller.signal).then(
      (visit) => {
        setState(visit.alreadyReviewed ? { kind: 'already' } : { kind: 'ready', visit });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isRefusal(error)) setState({ kind: 'refused', text: error.message });
        else {
          setState({
            kind: 'failed',
            reason: error instanceof ApiError && error.fromServer ? error.message : null,
          });
        }
      },
    );
    return () => {
      controller.abort();
    };
  }, [token, attempt]);

  // A screen reader hears where the form went: the heading of what replaced it takes focus.
  useEffect(() => {
    if (state.kind === 'thanked' || state.kind === 'already') outcomeHeading.current?.focus();
  }, [state.kind]);

  const sent = useCallback((message: string) => {
    setState({ kind: 'thanked', text: message });
  }, []);
  const refused = useCallback((error: ApiError) => {
    setState(
      error.status === 409 && error.message === ReviewMessages.alreadyReviewed
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
            setState({ kind: 'loading' });
            setAttempt((count) => count + 1);
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
