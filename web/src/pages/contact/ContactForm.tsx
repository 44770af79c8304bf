import './ContactForm.css';
import {
  CONTACT_LIMITS,
  ContactMessages,
  HONEYPOT_FIELD,
} from '@hs/api/domain/contact/contact-messages';
import { type SubmitEvent, useId, useState } from 'react';
import { ApiError, apiRequest } from '../../api/api-client';
import { Notice } from '../../components/Notice';
import { contactContent } from '../../content/contact-content';

const copy = contactContent.form;

type FieldName = 'fullName' | 'email' | 'phone' | 'subject' | 'message';
type Values = Record<FieldName, string>;

interface FieldSpec {
  readonly name: FieldName;
  readonly label: string;
  readonly type?: 'email' | 'tel';
  readonly autoComplete: string;
  readonly multiline?: boolean;
}

const FIELDS: readonly FieldSpec[] = [
  { name: 'fullName', label: copy.fullName, autoComplete: 'name' },
  { name: 'email', label: copy.email, type: 'email', autoComplete: 'email' },
  { name: 'phone', label: copy.phone, type: 'tel', autoComplete: 'tel' },
  { name: 'subject', label: copy.subject, autoComplete: 'off' },
  { name: 'message', label: copy.message, autoComplete: 'off', multiline: true },
];

const EMPTY: Values = { fullName: '', email: '', phone: '', subject: '', message: '' };

type Outcome = { readonly tone: 'success' | 'error'; readonly text: string } | null;

function refusalText(error: ApiError): string {
  return error.fromServer && error.message !== '' ? error.message : ContactMessages.failed;
}

interface ContactFormProps {
  /** The service card the visitor came from, sent along so the team knows what it is about. */
  readonly service?: string | undefined;
}

/** SPEC.md sections 2, 4, 5 and 8: POST /api/contact, cleared on success, kept on failure. */
export function ContactForm({ service }: ContactFormProps) {
  const [values, setValues] = useState<Values>(() => ({
    ...EMPTY,
    subject: service === undefined ? '' : contactContent.subjectForService(service),
  }));
  const [enquiryAbout, setEnquiryAbout] = useState(service);
  const [honeypot, setHoneypot] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);
  const idPrefix = useId();
  const headingId = `${idPrefix}-title`;
  const outcomeId = `${idPrefix}-outcome`;

  const send = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setOutcome(null);
    setFieldErrors({});
    try {
      const body = await apiRequest<{ message?: unknown } | null>('/api/contact', {
        method: 'POST',
        body: {
          ...values,
          ...(enquiryAbout === undefined ? {} : { service: enquiryAbout }),
          [HONEYPOT_FIELD]: honeypot,
        },
      });
      const message = body?.message;
      setOutcome({
        tone: 'success',
        text: typeof message === 'string' && message !== '' ? message : ContactMessages.sent,
      });
      setValues(EMPTY);
      // The enquiry has been made; a next message from this page is about something else.
      setEnquiryAbout(undefined);
    } catch (error) {
      // Status 0 is apiRequest's mark for a server that could not be reached at all.
      if (error instanceof ApiError && error.status !== 0) {
        setOutcome({ tone: 'error', text: refusalText(error) });
        setFieldErrors(error.fields);
      } else {
        // SPEC.md section 8 has this failure logged as well as shown.
        console.error('Sending the contact form failed', error);
        setOutcome({ tone: 'error', text: ContactMessages.exception });
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="contact-form" aria-labelledby={headingId}>
      <p className="contact-form__eyebrow">{copy.eyebrow}</p>
      <h2 id={headingId} className="contact-form__title">
        {copy.title}
      </h2>
      <p className="contact-form__hint">{copy.requiredHint}</p>
      <form
        className="contact-form__form"
        aria-labelledby={headingId}
        onSubmit={(event) => {
          void send(event);
        }}
      >
        {FIELDS.map((field) => {
          const inputId = `${idPrefix}-${field.name}`;
          const errorId = `${inputId}-error`;
          const fieldError = fieldErrors[field.name];
          const shared = {
            id: inputId,
            name: field.name,
            className: 'contact-form__input',
            required: true,
            maxLength: CONTACT_LIMITS[field.name],
            autoComplete: field.autoComplete,
            value: values[field.name],
            'aria-invalid': fieldError !== undefined,
            'aria-describedby': fieldError === undefined ? undefined : errorId,
          };
          const onChange = (value: string) => {
            setValues((current) => ({ ...current, [field.name]: value }));
          };
          return (
            <div
              key={field.name}
              className={`contact-form__field contact-form__field--${field.name}`}
            >
              <label className="contact-form__label" htmlFor={inputId}>
                {field.label}
              </label>
              {field.multiline === true ? (
                <textarea
                  {...shared}
                  rows={6}
                  onChange={(event) => {
                    onChange(event.target.value);
                  }}
                />
              ) : (
                <input
                  {...shared}
                  type={field.type ?? 'text'}
                  {...(field.type === 'email' ? { inputMode: 'email' as const } : {})}
                  onChange={(event) => {
                    onChange(event.target.value);
                  }}
                />
              )}
              {fieldError !== undefined && (
                <p id={errorId} className="contact-form__field-error">
                  {fieldError}
                </p>
              )}
            </div>
          );
        })}
        {/* A trap for robots that fill every field: people neither see it nor reach it. */}
        <div className="visually-hidden" aria-hidden="true">
          <label htmlFor={`${idPrefix}-${HONEYPOT_FIELD}`}>{copy.honeypot}</label>
          <input
            id={`${idPrefix}-${HONEYPOT_FIELD}`}
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            value={honeypot}
            onChange={(event) => {
              setHoneypot(event.target.value);
            }}
          />
        </div>
        <div className="contact-form__actions">
          <button
            className="button contact-form__submit"
            type="submit"
            disabled={sending}
            aria-describedby={outcome === null ? undefined : outcomeId}
          >
            {sending ? copy.sending : copy.submit}
          </button>
        </div>
        <div id={outcomeId} className="contact-form__outcome">
          {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
        </div>
      </form>
    </section>
  );
}
