import './AuthField.css';
import { type HTMLInputAutoCompleteAttribute, useId } from 'react';

interface AuthFieldProps {
  readonly label: string;
  readonly name: string;
  readonly type: 'text' | 'email' | 'password';
  readonly autoComplete: HTMLInputAutoCompleteAttribute;
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** The problem to show under the field; it also marks the field invalid. */
  readonly error?: string | undefined;
  /** A standing hint, read out with the field. */
  readonly hint?: string | undefined;
  readonly disabled?: boolean;
}

/** A labelled, required input whose hint and error are tied to it for screen readers. */
export function AuthField({
  label,
  name,
  type,
  autoComplete,
  value,
  onChange,
  error,
  hint,
  disabled = false,
}: AuthFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const describedBy = [hint === undefined ? null : hintId, error === undefined ? null : errorId]
    .filter((id) => id !== null)
    .join(' ');

  return (
    <div className="auth-field">
      <label className="auth-field__label" htmlFor={inputId}>
        {label}
      </label>
      {hint !== undefined && (
        <p id={hintId} className="auth-field__hint">
          {hint}
        </p>
      )}
      <input
        id={inputId}
        className="auth-field__input"
        type={type}
        name={name}
        autoComplete={autoComplete}
        inputMode={type === 'email' ? 'email' : undefined}
        required
        value={value}
        disabled={disabled}
        aria-invalid={error !== undefined}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
      {error !== undefined && (
        <p id={errorId} className="auth-field__error">
          {error}
        </p>
      )}
    </div>
  );
}
