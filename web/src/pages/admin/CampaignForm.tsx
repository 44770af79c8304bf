import type { CampaignView } from '@hs/api/domain/newsletter/newsletter-schema';
import { campaignSchema } from '@hs/api/domain/newsletter/newsletter-schema';
import { type SubmitEvent, useId, useRef, useState } from 'react';
import { ApiError } from '../../api/api-client';
import { createCampaign } from '../../api/admin-api';
import { Notice } from '../../components/Notice';
import { campaignsContent as copy } from './admin-content';
import { type AdminSession, failureText, reportDenial } from './use-admin-data';

type Field = 'subject' | 'body';
type FieldErrors = Partial<Record<Field, string>>;

const EMPTY = { subject: '', body: '' };

/** The first message per field: from the schema here, or from the API's `fields`. */
function fieldErrorsOf(entries: readonly (readonly [unknown, string])[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, text] of entries) {
    if ((field === 'subject' || field === 'body') && errors[field] === undefined) {
      errors[field] = text;
    }
  }
  return errors;
}

interface CampaignFormProps {
  readonly session: AdminSession;
  readonly onCreated: (campaign: CampaignView) => void;
}

/** A new campaign, checked here with the API's own schema, saved as a draft to send later. */
export function CampaignForm({ session, onCreated }: CampaignFormProps) {
  const headingId = useId();
  const subjectId = useId();
  const bodyId = useId();
  const bodyHintId = useId();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const subjectInput = useRef<HTMLInputElement>(null);
  const bodyInput = useRef<HTMLTextAreaElement>(null);

  /** Shows the errors and takes a keyboard user to the first field to fix. */
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    if (found.subject !== undefined) subjectInput.current?.focus();
    else if (found.body !== undefined) bodyInput.current?.focus();
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = campaignSchema.safeParse({ ...form, format: 'markdown' });
    if (!parsed.success) {
      showErrors(fieldErrorsOf(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      setMessage({ tone: 'error', text: copy.fixErrors });
      return;
    }
    setErrors({});
    setMessage(null);
    setBusy(true);
    createCampaign(session.token, parsed.data).then(
      (campaign) => {
        setBusy(false);
        setForm(EMPTY);
        setMessage({ tone: 'success', text: copy.created(campaign.subject) });
        onCreated(campaign);
      },
      (error: unknown) => {
        setBusy(false);
        if (reportDenial(session, error)) return;
        if (error instanceof ApiError) showErrors(fieldErrorsOf(Object.entries(error.fields)));
        setMessage({ tone: 'error', text: failureText(error) });
      },
    );
  };

  const errorId = (field: Field) => `${field === 'subject' ? subjectId : bodyId}-error`;

  return (
    <section className="admin-campaign-form" aria-labelledby={headingId}>
      <h3 id={headingId}>{copy.formHeading}</h3>
      {message === null ? null : <Notice tone={message.tone}>{message.text}</Notice>}
      <form className="form admin-form" noValidate onSubmit={submit}>
        <div className="admin-field">
          <label htmlFor={subjectId}>{copy.subjectLabel}</label>
          <input
            ref={subjectInput}
            id={subjectId}
            name="subject"
            type="text"
            value={form.subject}
            disabled={busy}
            aria-invalid={errors.subject !== undefined}
            aria-describedby={errors.subject === undefined ? undefined : errorId('subject')}
            onChange={(event) => {
              setForm((current) => ({ ...current, subject: event.target.value }));
            }}
          />
          {errors.subject === undefined ? null : (
            <p id={errorId('subject')} className="admin-field__error">
              {errors.subject}
            </p>
          )}
        </div>
        <div className="admin-field">
          <label htmlFor={bodyId}>{copy.bodyLabel}</label>
          <p id={bodyHintId} className="admin-field__hint">
            {copy.bodyHint}
          </p>
          <textarea
            ref={bodyInput}
            id={bodyId}
            name="body"
            rows={10}
            value={form.body}
            disabled={busy}
            aria-invalid={errors.body !== undefined}
            aria-describedby={
              errors.body === undefined ? bodyHintId : `${bodyHintId} ${errorId('body')}`
            }
            onChange={(event) => {
              setForm((current) => ({ ...current, body: event.target.value }));
            }}
          />
          {errors.body === undefined ? null : (
            <p id={errorId('body')} className="admin-field__error">
              {errors.body}
            </p>
          )}
        </div>
        <div className="button-row">
          <button type="submit" className="button" disabled={busy}>
            {busy ? copy.creating : copy.create}
          </button>
        </div>
      </form>
    </section>
  );
}
