import './NewsletterForm.css';
import { NewsletterMessages } from '@hs/api/domain/newsletter/newsletter-messages';
import { type SubmitEvent, useId, useState } from 'react';
import { ApiError, apiRequest } from '../api/api-client';
import { newsletterFormContent as copy } from '../content/site-content';
import { Notice } from './Notice';

type Message = { readonly tone: 'success' | 'error'; readonly text: string } | null;

function failureText(error: unknown): string {
  // Status 0 is apiRequest's mark for a server that could not be reached at all.
  if (!(error instanceof ApiError) || error.status === 0) return NewsletterMessages.networkFailure;
  // docs/product.md section 8 has the newsletter's own words for a refusal the server did not explain.
  if (!error.fromServer || error.message === '') return NewsletterMessages.notOk;
  return error.message;
}

/** The footer's sign-up (docs/product.md sections 4, 5 and 8): POST /api/subscribe {email}. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const inputId = useId();
  const messageId = useId();

  const subscribe = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    // Empty is answered here (docs/product.md section 5); the browser's email field and then the
    // server judge the rest, so the form does not load the validation library on every page.
    const address = email.trim();
    if (address === '') {
      setMessage({ tone: 'error', text: NewsletterMessages.invalidEmail });
      return;
    }
    setSending(true);
    setMessage(null);
    try {
      const body = await apiRequest<{ msg?: unknown } | null>('/api/subscribe', {
        method: 'POST',
        body: { email: address },
      });
      const msg = body?.msg;
      setMessage({
        tone: 'success',
        text: typeof msg === 'string' && msg !== '' ? msg : NewsletterMessages.checkInbox,
      });
      setEmail('');
    } catch (error) {
      setMessage({ tone: 'error', text: failureText(error) });
    } finally {
      setSending(false);
    }
  };

  const invalid = message?.tone === 'error';

  return (
    <form
      className="newsletter-form"
      onSubmit={(event) => {
        void subscribe(event);
      }}
    >
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
