import type { ReactNode } from 'react';

interface BookingFieldProps {
  /** The id of the control inside: the label, the hint and the error are tied to it. */
  readonly id: string;
  readonly label: string;
  readonly error: string | undefined;
  readonly hint?: string;
  /** What the visitor can do about the error (a link), read out with it. */
  readonly errorAction?: ReactNode;
  /**
   * The error can come without the visitor sending the form (a closed day, once the API says
   * so): it sits in a live region that is always there, so that it is read out when it comes.
   */
  readonly live?: boolean;
  readonly children: ReactNode;
}

/** One field of the booking form: its label, an optional hint, the control and its error. */
export function BookingField({
  id,
  label,
  error,
  hint,
  errorAction,
  live = false,
  children,
}: BookingFieldProps) {
  const message = error !== undefined && (
    <p id={`${id}-error`} className="booking-form__error">
      {error}
      {errorAction !== undefined && <> {errorAction}</>}
    </p>
  );
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
      {live ? <div aria-live="polite">{message}</div> : message}
    </div>
  );
}
