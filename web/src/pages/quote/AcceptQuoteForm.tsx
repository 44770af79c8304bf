import { QUOTE_LIMITS, QuoteWords } from '@hs/api/domain/quote/quote-schema';
import { type SubmitEvent, useId, useRef, useState } from 'react';
import { ApiError } from '../../api/api-client';
import { type AcceptQuoteAnswer, type QuoteTotalsView, useAcceptQuote } from '../../api/quotes-api';
import { invoiceMoney } from '../../components/invoices/invoice-format';
import { Notice } from '../../components/Notice';
import { quotePageContent as copy } from './quote-content';

/** The API's answers that say the quote itself can no longer be answered. */
export const isRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && [404, 409, 410].includes(error.status);

interface AcceptQuoteFormProps {
  readonly quoteId: string;
  readonly token: string;
  readonly optionalItems: readonly number[];
  /** The totals shown for the items chosen. */
  readonly totals: QuoteTotalsView;
  /** False while the totals of the items chosen are not yet the server's: nothing is sent. */
  readonly totalsSettled: boolean;
  readonly onAccepted: (answer: AcceptQuoteAnswer) => void;
  /** The quote can no longer be accepted (already answered, expired, replaced): why. */
  readonly onRefused: (error: ApiError) => void;
}

/**
 * The acceptance: the customer types their full name (their signature) and accepts the quote
 * with the optional items they chose. A name left empty is said under the field, without asking
 * the API; the API's own field error (400) is said there too.
 */
export function AcceptQuoteForm({
  quoteId,
  token,
  optionalItems,
  totals,
  totalsSettled,
  onAccepted,
  onRefused,
}: AcceptQuoteFormProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const nameId = `${id}-name`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const accept = useAcceptQuote();
  // Once accepted, the form stays shut while the page moves on (or the browser leaves).
  const busy = accept.isPending || accept.isSuccess;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!totalsSettled) {
      setNotice(copy.totalsPending);
      return;
    }
    const typed = name.trim();
    if (typed === '') {
      setNameError(QuoteWords.nameRequired);
      setNotice(null);
      nameInput.current?.focus();
      return;
    }
    setNameError(null);
    setNotice(null);
    accept.mutate(
      { quoteId, token, name: typed, optionalItems },
      {
        onSuccess: onAccepted,
        onError: (error) => {
          if (isRefusal(error)) {
            onRefused(error);
          } else if (error instanceof ApiError && error.status === 400) {
            const field = error.fields.name;
            if (field === undefined) {
              setNotice(error.message);
            } else {
              setNameError(field);
              nameInput.current?.focus();
            }
          } else {
            setNotice(
              error instanceof ApiError && error.fromServer ? error.message : copy.acceptFailed,
            );
          }
        },
      },
    );
  };

  return (
    <section className="quote-answer" aria-labelledby={headingId}>
      <h2 id={headingId}>{copy.acceptHeading}</h2>
      <p>{copy.acceptIntro(invoiceMoney(totals.totalCents))}</p>
      {totals.depositCents > 0 ? (
        <p>{copy.acceptDepositIntro(invoiceMoney(totals.depositCents))}</p>
      ) : null}
      <form className="quote-answer__form" noValidate onSubmit={submit}>
        <div className="quote-field">
          <label className="quote-field__label" htmlFor={nameId}>
            {copy.nameLabel}
          </label>
          <p id={hintId} className="quote-field__hint">
            {copy.nameHint}
          </p>
          <input
            ref={nameInput}
            id={nameId}
            name="name"
            type="text"
            className="quote-field__input"
            autoComplete="name"
            required
            maxLength={QUOTE_LIMITS.maxName}
            value={name}
            aria-invalid={nameError !== null}
            aria-describedby={nameError === null ? hintId : `${hintId} ${errorId}`}
            onChange={(event) => {
              setName(event.target.value);
            }}
          />
          {nameError === null ? null : (
            <p id={errorId} className="quote-field__error">
              {nameError}
            </p>
          )}
        </div>
        {notice === null ? null : <Notice tone="error">{notice}</Notice>}
        <p className="button-row">
          <button className="button" type="submit" disabled={busy}>
            {busy ? copy.accepting : copy.accept}
          </button>
        </p>
      </form>
    </section>
  );
}
