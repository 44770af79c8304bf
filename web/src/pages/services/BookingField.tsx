import type { ReactNode } from 'react';

interface BookingFieldProps {
  /** The id of the control inside: the label, the hint and the error are tied to it. */
  readonly id: string;
  readonly label: string;
  readonly error: string | undefined;
  readonly hint?: string;
  /** What the visitor can do about the error (a link), read out with it. */
  readonly errorAction?: ReactNode;
  readonly children: ReactNode;
}

/** One field of the booking form: its label, an optional hint, the control and its error. */
export function BookingField({ id, label, error, hint, errorAction, children }: BookingFieldProps) {
  return (
    <div
      className={`booking-form__field${error === undefined ? '' : ' booking-form__field--invalid'}`}
    >
      <label htmlFor={id}>{label}</label>
      {hint !== undefined && (
        <p id={`${id}-hint`} className="booking-form__hint">
          {hint}
        </p>
      )}
      {children}
      {error !== undefined && (
        <p id={`${id}-error`} className="booking-form__error">
          {error}
          {errorAction !== undefined && <> {errorAction}</>}
        </p>
      )}
    </div>
  );
}
