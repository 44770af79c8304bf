import './NewsletterForm.css';
import { NewsletterMessages } from '@hs/api/domain/newsletter/newsletter-messages';
import { type SubmitEvent, useActionState, useId, useState } from 'react';
import { ApiError, apiRequest } from '../api/api-client';
import { newsletterFormContent as copy } from '../content/site-content';
import { Notice } from './Notice';

type Outcome = { readonly tone: 'success' | 'error'; readonly text: string } | null;

function failureText(error: unknown): string {
  // Status 0 is apiRequest's mark for a server that could not be reached at all.
  if (!(error instanceof ApiError) || error.status === 0) return NewsletterMessages.networkFailure;
  // docs/product.md section 8 has the newsletter's own words for a refusal the server did not explain.
  if (!error.fromServer || error.message === '') return NewsletterMessages.notOk;
  return error.message;
}

/** One sign-up attempt, its answer as the form shows it. */
async function subscribe(address: string): Promise<Outcome> {
  try {
    const body = await apiRequest<{ msg?: unknown } | null>('/api/subscribe', {
      method: 'POST',
      body: { email: address },
    });
    const msg = body?.msg;
    return {
      tone: 'success',
      text: typeof msg === 'string' && msg !== '' ? msg : NewsletterMessages.checkInbox,
    };
  } catch (error) {
    return { tone: 'error', text: failureText(error) };
  }
}

/**
 * The footer's sign-up (docs/product.md sections 4, 5 and 8): POST /api/subscribe {email}. The
 * request's state (on its way, its answer) is React's form action state: the footer is in every
 * page's first load, which has no room for the query cache (the home page's 100 KB budget).
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const inputId = useId();
  const messageId = useId();
  // Empty is answered at once, without a request (docs/product.md section 5); the browser's email
  // field and then the server judge the rest, so the form does not load the validation library on
  // every page.
  const [empty, setEmpty] = useState(false);
  const [outcome, submit, sending] = useActionState(async (_previous: Outcome, form: FormData) => {
    const entered = form.get('email');
    const outcome = await subscribe(typeof entered === 'string' ? entered.trim() : '');
    if (outcome?.tone === 'success') setEmail('');
    return outcome;
  }, null);
  const refuseEmpty = (event: SubmitEvent<HTMLFormElement>) => {
    const isEmpty = email.trim() === '';
    setEmpty(isEmpty);
    // A prevented submit never reaches the action.
    if (isEmpty) event.preventDefault();
  };

  // A new attempt hides the last one's answer until its own arrives.
  const message: Outcome = empty
    ? { tone: 'error', text: NewsletterMessages.invalidEmail }
    : sending
      ? null
      : outcome;
  const invalid = message?.tone === 'error';

  return (
    <form className="newsletter-form" action={submit} onSubmit={refuseEmpty}>
      <label className="newsletter-form__label" htmlFor={inputId}>
        {copy.emailLabel}
      </label>
      <div className="newsletter-form__row">
        <input
          id={inputId}
          className="newsletter-form__input"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          aria-invalid={invalid}
          aria-describedby={message === null ? undefined : messageId}
          onChange={(event) => {
            setEmail(event.target.value);
          }}
        />
        <button className="button newsletter-form__submit" type="submit" disabled={sending}>
          {sending ? copy.sending : copy.submit}
        </button>
      </div>
      <div id={messageId} className="newsletter-form__message">
        {message && <Notice tone={message.tone}>{message.text}</Notice>}
      </div>
    </form>
  );
}
