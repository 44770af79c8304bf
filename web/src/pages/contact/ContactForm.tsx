import './ContactForm.css';
import { HONEYPOT_FIELD } from '@hs/api/domain/contact/contact-messages';
import { useId } from 'react';
import { Notice } from '../../components/Notice';
import { contactContent } from '../../content/contact-content';
import { CONTACT_FIELDS, type ContactValues } from './contact-fields';
import { ContactFormField } from './ContactFormField';
import { useContactSend } from './use-contact-send';

const copy = contactContent.form;

interface ContactFormProps {
  /** The service card the visitor came from, sent along so the team knows what it is about. */
  readonly service?: string | undefined;
  /** Fields the page that sent the visitor here already knew. */
  readonly prefill?: Partial<ContactValues>;
}

/** docs/product.md sections 2, 4, 5 and 8: POST /api/contact, cleared on success, kept on failure. */
export function ContactForm({ service, prefill = {} }: ContactFormProps) {
  const { values, change, honeypot, setHoneypot, fieldErrors, outcome, sending, send } =
    useContactSend(service, prefill);
  const idPrefix = useId();
  const headingId = `${idPrefix}-title`;
  const outcomeId = `${idPrefix}-outcome`;

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
          send(event);
        }}
      >
        {CONTACT_FIELDS.map((field) => (
          <ContactFormField
            key={field.name}
            field={field}
            idPrefix={idPrefix}
            value={values[field.name]}
            error={fieldErrors[field.name]}
            onChange={(value) => {
              change(field.name, value);
            }}
          />
        ))}
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
