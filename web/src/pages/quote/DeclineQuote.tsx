import { QUOTE_LIMITS } from '@hs/api/domain/quote/quote-schema';
import { type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../api/api-client';
import { type DeclineQuoteAnswer, useDeclineQuote } from '../../api/quotes-api';
import { Notice } from '../../components/Notice';
import { isRefusal } from './AcceptQuoteForm';
import { quotePageContent as copy } from './quote-content';

interface DeclineQuoteProps {
  readonly quoteId: string;
  readonly token: string;
  readonly onDeclined: (answer: DeclineQuoteAnswer) => void;
  readonly onRefused: (error: ApiError) => void;
}

/**
 * Declining, behind a button so that it is never pressed by mistake: the form asks an optional
 * reason, and can be put away again ("Keep the quote").
 */
export function DeclineQuote({ quoteId, token, onDeclined, onRefused }: DeclineQuoteProps) {
  const id = useId();
  const headingId = `${id}-heading`;
  const reasonId = `${id}-reason`;
  const hintId = `${id}-hint`;
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const decline = useDeclineQuote();
  const busy = decline.isPending || decline.isSuccess;
  const reasonBox = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  // Where the keyboard goes when the form opens or closes, once it has been opened.
  const [moved, setMoved] = useState(false);

  useEffect(() => {
    if (!moved) return;
    if (open) reasonBox.current?.focus();
    else opener.current?.focus();
  }, [open, moved]);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setNotice(null);
    decline.mutate(
      { quoteId, token, reason: reason.trim() },
      {
        onSuccess: onDeclined,
        onError: (error) => {
          if (isRefusal(error)) onRefused(error);
          else
            setNotice(
              error instanceof ApiError && error.fromServer
                ? (error.fields.reason ?? error.message)
                : copy.acceptFailed,
            );
        },
      },
    );
  };

  return (
    <section className="quote-decline" aria-labelledby={headingId}>
      <h2 id={headingId}>{copy.declineHeading}</h2>
      {open ? (
        <form className="quote-answer__form" noValidate onSubmit={submit}>
          <div className="quote-field">
            <label className="quote-field__label" htmlFor={reasonId}>
              {copy.reasonLabel}
            </label>
            <p id={hintId} className="quote-field__hint">
              {copy.reasonHint}
            </p>
            <textarea
              ref={reasonBox}
              id={reasonId}
              name="reason"
              className="quote-field__input quote-field__textarea"
              rows={4}
              maxLength={QUOTE_LIMITS.maxReason}
              value={reason}
              aria-describedby={hintId}
              onChange={(event) => {
                setReason(event.target.value);
              }}
            />
          </div>
          {notice === null ? null : <Notice tone="error">{notice}</Notice>}
          <p className="button-row">
            <button className="button button--danger" type="submit" disabled={busy}>
              {busy ? copy.declining : copy.declineConfirm}
            </button>
            <button
              className="button button--secondary"
              type="button"
              disabled={busy}
              onClick={() => {
                setOpen(false);
                setNotice(null);
              }}
            >
              {copy.declineCancel}
            </button>
          </p>
        </form>
      ) : (
        <p className="button-row">
          <button
            ref={opener}
            className="button button--secondary"
            type="button"
            onClick={() => {
              setMoved(true);
              setOpen(true);
            }}
          >
            {copy.declineOpen}
          </button>
        </p>
      )}
    </section>
  );
}
