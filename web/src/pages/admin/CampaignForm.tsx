import { useMutation } from '@tanstack/react-query';
import type { CampaignPreview } from '@hs/api/domain/newsletter/campaign-messages';
import type { CampaignInput, CampaignView } from '@hs/api/domain/newsletter/newsletter-schema';
import { campaignSchema } from '@hs/api/domain/newsletter/newsletter-schema';
import { type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../api/api-client';
import { createCampaign } from '../../api/admin-api';
import { updateCampaign } from '../../api/admin-campaigns-api';
import { Notice } from '../../components/Notice';
import { campaignsContent as copy } from './admin-content';
import { type AdminSession, failureText, reportDenial } from './use-admin-data';

type Field = 'subject' | 'body';
type FieldErrors = Partial<Record<Field, string>>;

/** A draft being edited: its id and what it was written as. */
export type CampaignDraft = CampaignPreview['source'] & { readonly id: string };

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
  /** The draft to write again, or null for a new campaign. */
  readonly draft: CampaignDraft | null;
  readonly onSaved: (campaign: CampaignView, created: boolean) => void;
  readonly onCancel: () => void;
}

/**
 * A new campaign, or a draft written again, checked here with the API's own schema and saved as
 * a draft to preview, test and send later. A draft keeps the format it was written in (the
 * command line can write HTML).
 */
export function CampaignForm({ session, draft, onSaved, onCancel }: CampaignFormProps) {
  const headingId = useId();
  const subjectId = useId();
  const bodyId = useId();
  const bodyHintId = useId();
  const format = draft?.format ?? 'markdown';
  const [form, setForm] = useState({ subject: draft?.subject ?? '', body: draft?.body ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const saving = useMutation({
    mutationFn: (input: CampaignInput) =>
      draft === null
        ? createCampaign(session.token, input)
        : updateCampaign(session.token, draft.id, input),
  });
  const busy = saving.isPending;
  const heading = useRef<HTMLHeadingElement>(null);
  const subjectInput = useRef<HTMLInputElement>(null);
  const bodyInput = useRef<HTMLTextAreaElement>(null);

  // Editing starts where the form is: the operator chose Edit in the preview above it.
  useEffect(() => {
    if (draft !== null) heading.current?.focus();
  }, [draft]);

  /** Shows the errors and takes a keyboard user to the first field to fix. */
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    if (found.subject !== undefined) subjectInput.current?.focus();
    else if (found.body !== undefined) bodyInput.current?.focus();
  };

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = campaignSchema.safeParse({ ...form, format });
    if (!parsed.success) {
      showErrors(fieldErrorsOf(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      setMessage({ tone: 'error', text: copy.fixErrors });
      return;
    }
    setErrors({});
    setMessage(null);
    saving.mutate(parsed.data, {
      onSuccess: (campaign) => {
        setForm({ subject: '', body: '' });
        // An edited draft's form closes; the section says it is saved.
        if (draft === null) setMessage({ tone: 'success', text: copy.created(campaign.subject) });
        onSaved(campaign, draft === null);
      },
      onError: (error) => {
        if (reportDenial(session, error)) return;
        if (error instanceof ApiError) showErrors(fieldErrorsOf(Object.entries(error.fields)));
        setMessage({ tone: 'error', text: failureText(error) });
      },
    });
  };

  const errorId = (field: Field) => `${field === 'subject' ? subjectId : bodyId}-error`;

  return (
    <section className="admin-campaign-form" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {draft === null ? copy.formHeading : copy.editHeading(draft.subject)}
      </h3>
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
          <label htmlFor={bodyId}>{format === 'html' ? copy.bodyLabelHtml : copy.bodyLabel}</label>
          <p id={bodyHintId} className="admin-field__hint">
            {format === 'html' ? copy.bodyHintHtml : copy.bodyHint}
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
            {busy ? copy.creating : draft === null ? copy.create : copy.save}
          </button>
          {draft === null ? null : (
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={onCancel}
            >
              {copy.cancelEdit}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
