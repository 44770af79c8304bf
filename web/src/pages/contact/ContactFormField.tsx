import { CONTACT_LIMITS } from '@hs/api/domain/contact/contact-messages';
import type { ContactFieldSpec } from './contact-fields';

interface ContactFormFieldProps {
  readonly field: ContactFieldSpec;
  readonly idPrefix: string;
  readonly value: string;
  readonly error: string | undefined;
  readonly onChange: (value: string) => void;
}

/** One field of the contact form: its label, a line or a box to type in, and its error. */
export function ContactFormField({
  field,
  idPrefix,
  value,
  error,
  onChange,
}: ContactFormFieldProps) {
  const inputId = `${idPrefix}-${field.name}`;
  const errorId = `${inputId}-error`;
  const shared = {
    id: inputId,
    name: field.name,
    className: 'contact-form__input',
    required: true,
    maxLength: CONTACT_LIMITS[field.name],
    autoComplete: field.autoComplete,
    value,
    'aria-invalid': error !== undefined,
    'aria-describedby': error === undefined ? undefined : errorId,
  };
  return (
    <div className={`contact-form__field contact-form__field--${field.name}`}>
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
      {error !== undefined && (
        <p id={errorId} className="contact-form__field-error">
          {error}
        </p>
      )}
    </div>
  );
}
