import type { HTMLAttributes } from 'react';
import { paymentCopy as copy } from '../../content/services-content';

interface CardTextFieldProps {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly value: string;
  readonly error: string | undefined;
  readonly autoComplete: string;
  readonly inputMode: HTMLAttributes<HTMLInputElement>['inputMode'];
  readonly placeholder: string;
  readonly maxLength: number;
  readonly onChange: (value: string) => void;
}

/** One labelled text input of a card form, with its error tied to it for screen readers. */
export function CardTextField(props: CardTextFieldProps) {
  const { id, name, label, value, error, onChange, ...input } = props;
  return (
    <div
      className={`booking-form__field payment__field--${name}${error === undefined ? '' : ' booking-form__field--invalid'}`}
    >
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="text"
        required
        autoComplete={input.autoComplete}
        inputMode={input.inputMode}
        placeholder={input.placeholder}
        maxLength={input.maxLength}
        aria-invalid={error !== undefined}
        aria-describedby={error === undefined ? undefined : `${id}-error`}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      {error !== undefined && (
        <p id={`${id}-error`} className="booking-form__error">
          {error}
        </p>
      )}
    </div>
  );
}

interface PaymentFormActionsProps {
  /** A payment is on its way: Confirm says so and waits. */
  readonly busy: boolean;
  /** Confirm cannot be used yet (the card form is still loading). */
  readonly disabled?: boolean;
  readonly onBack: () => void;
}

/** The end of every card form: the SSL note, Back and Confirm Payment (docs/product.md section 2). */
export function PaymentFormActions({ busy, disabled = false, onBack }: PaymentFormActionsProps) {
  return (
    <>
      <p className="payment__ssl">
        <span aria-hidden="true">🔒 </span>
        {copy.ssl}
      </p>
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={onBack}>
          {copy.back}
        </button>
        <button type="submit" className="button" disabled={busy || disabled} aria-busy={busy}>
          {busy ? copy.confirming : copy.confirm}
        </button>
      </div>
    </>
  );
}
