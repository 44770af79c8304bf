import { REVIEW_LIMITS } from '@hs/api/domain/review/review-messages';
import { reviewFormSchema } from '@hs/api/domain/review/review-schema';
import { type SubmitEvent, useId, useRef, useState } from 'react';
import { ApiError } from '../../api/api-client';
import { useSendReview } from './use-send-review';
import { Notice } from '../../components/Notice';
import { reviewPageContent as copy } from '../../content/review-content';

type Field = 'rating' | 'text';
type FieldErrors = Partial<Record<Field, string>>;

const STARS = Array.from(
  { length: REVIEW_LIMITS.maxRating - REVIEW_LIMITS.minRating + 1 },
  (_, index) => REVIEW_LIMITS.minRating + index,
);

interface ReviewFormProps {
  readonly token: string;
  /** The review was stored; the API's thanks. */
  readonly onSent: (message: string) => void;
  /** The link itself was refused (not valid, expired, already used): the form has no more use. */
  readonly onRefused: (error: ApiError) => void;
}

/** The first problem of each field, as the API's own schema words it. */
function problemsOf(token: string, rating: number | null, text: string): FieldErrors {
  const result = reviewFormSchema.safeParse({ token, rating: rating ?? undefined, text });
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field === 'rating' || field === 'text') errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * 1 to 5 stars as a group of real radio buttons, and the text with a count of its characters.
 * Checked here with the API's schema first, so a person hears every problem at once.
 */
export function ReviewForm({ token, onSent, onRefused }: ReviewFormProps) {
  const id = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const send = useSendReview();
  // Once sent, the form stays shut while the page replaces it with the thanks.
  const sending = send.isPending || send.isSuccess;
  const firstStar = useRef<HTMLInputElement>(null);
  const textBox = useRef<HTMLTextAreaElement>(null);

  const ratingErrorId = `${id}-rating-error`;
  const textHintId = `${id}-text-hint`;
  const counterId = `${id}-counter`;
  const textErrorId = `${id}-text-error`;

  const showProblems = (found: FieldErrors) => {
    setErrors(found);
    setNotice(copy.fixErrors);
    if (found.rating !== undefined) firstStar.current?.focus();
    else if (found.text !== undefined) textBox.current?.focus();
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const found = problemsOf(token, rating, text);
    if (Object.keys(found).length > 0) {
      showProblems(found);
      return;
    }
    setErrors({});
    setNotice(null);
    send.mutate(
      { token, rating: rating ?? 0, text },
      {
        onSuccess: ({ message }) => {
          onSent(message);
        },
        onError: (error) => {
          if (error instanceof ApiError && [404, 409, 410].includes(error.status)) {
            onRefused(error);
            return;
          }
          if (error instanceof ApiError && error.status === 400) {
            showProblems({ rating: error.fields.rating, text: error.fields.text });
            setNotice(error.message);
          } else {
            setNotice(
              error instanceof ApiError && error.fromServer ? error.message : copy.sendFailed,
            );
          }
        },
      },
    );
  };

  return (
    <form className="review-form" noValidate onSubmit={submit}>
      <fieldset className="review-form__rating">
        <legend className="review-form__label">{copy.ratingLegend}</legend>
        <div className="review-form__stars">
          {STARS.map((stars) => (
            <div key={stars} className="review-form__star">
              <input
                ref={stars === REVIEW_LIMITS.minRating ? firstStar : undefined}
                id={`${id}-stars-${String(stars)}`}
                type="radio"
                name="rating"
                value={stars}
                checked={rating === stars}
                required
                aria-describedby={errors.rating === undefined ? undefined : ratingErrorId}
                onChange={() => {
                  setRating(stars);
                  setErrors((current) => ({ ...current, rating: undefined }));
                }}
              />
              <label htmlFor={`${id}-stars-${String(stars)}`}>
                <span className="review-form__glyphs" aria-hidden="true">
                  {'★'.repeat(stars)}
                  {'☆'.repeat(REVIEW_LIMITS.maxRating - stars)}
                </span>
                {copy.starLabel(stars)}
              </label>
            </div>
          ))}
        </div>
        {errors.rating === undefined ? null : (
          <p id={ratingErrorId} className="review-form__error">
            {errors.rating}
          </p>
        )}
      </fieldset>

      <div className="review-form__field">
        <label className="review-form__label" htmlFor={`${id}-text`}>
          {copy.textLabel}
        </label>
        <p id={textHintId} className="review-form__hint">
          {copy.textHint}
        </p>
        <textarea
          ref={textBox}
          id={`${id}-text`}
          name="text"
          className="review-form__text"
          rows={6}
          required
          maxLength={REVIEW_LIMITS.maxText}
          value={text}
          aria-invalid={errors.text !== undefined}
          aria-describedby={[
            textHintId,
            counterId,
            ...(errors.text === undefined ? [] : [textErrorId]),
          ].join(' ')}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
        <p id={counterId} className="review-form__counter">
          {copy.counter(text.length)}
        </p>
        {errors.text === undefined ? null : (
          <p id={textErrorId} className="review-form__error">
            {errors.text}
          </p>
        )}
      </div>

      {notice === null ? null : <Notice tone="error">{notice}</Notice>}
      <button className="button review-form__submit" type="submit" disabled={sending}>
        {sending ? copy.sending : copy.submit}
      </button>
    </form>
  );
}
