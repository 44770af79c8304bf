import { useMutation } from '@tanstack/react-query';
import type { AdminClosurePreview, AdminClosureResult } from '@hs/api/domain/admin/admin-views';
import { closureFormSchema } from '@hs/api/domain/calendar/closure-schema';
import { todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { closeDays, type ClosureRequest, previewClosure } from '../../api/admin-closures-api';
import { ApiError } from '../../api/api-client';
import { Notice } from '../../components/Notice';
import { ClosurePreviewPanel } from './ClosurePreviewPanel';
import { closuresContent as copy } from './closures-content';
import { type AdminSession, failureText, reportDenial } from './use-admin-data';

type Field = 'from' | 'to' | 'reason';
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['from', 'to', 'reason'];

const EMPTY_FORM: Record<Field, string> = { from: '', to: '', reason: '' };

/** The first message per field: from the schema here, or from the API's `fields`. */
function fieldErrorsOf(entries: readonly (readonly [unknown, string])[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, text] of entries) {
    const known = FIELDS.find((name) => name === field);
    if (known !== undefined && errors[known] === undefined) errors[known] = text;
  }
  return errors;
}

/** The schedule board's week of the closure's first day, in the console's Schedule tab. */
const boardOf = ({ closure }: AdminClosureResult) => `/admin?tab=schedule&week=${closure.from}`;

/** What the section is doing: nothing, reading a preview, or closing the days it showed. */
type Busy = 'checking' | 'closing' | null;

interface CloseDaysFormProps {
  readonly session: AdminSession;
  /** The days are closed: the list of closures reads them. */
  readonly onClosed: (result: AdminClosureResult) => void;
}

/**
 * A day or a range to close, in two steps: "Check visits" lists, first, every visit those days
 * hold and what will happen to it (nothing changes yet); its confirm button closes them. The form
 * is checked here with the API's own schema, and the API's refusals land at their fields too.
 */
export function CloseDaysForm({ session, onClosed }: CloseDaysFormProps) {
  const headingId = useId();
  const fieldId = useId();
  const [form, setForm] = useState(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  /** The API could not close the days shown: said beside the button that asked it to. */
  const [closeFailure, setCloseFailure] = useState<string | null>(null);
  const checking = useMutation({
    mutationFn: (closure: ClosureRequest) => previewClosure(session.token, closure),
  });
  const closing = useMutation({
    mutationFn: (closure: ClosureRequest) => closeDays(session.token, closure),
  });
  const busy: Busy = checking.isPending ? 'checking' : closing.isPending ? 'closing' : null;
  const [preview, setPreview] = useState<AdminClosurePreview | null>(null);
  const [result, setResult] = useState<AdminClosureResult | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const today = todayInToronto();

  // The confirm button that made the closure is gone: the operator is taken to what it did.
  useEffect(() => {
    if (result !== null) resultHeading.current?.focus();
  }, [result]);

  // What to focus once it is enabled again after a refusal (disabled, it lost the focus): the
  // first field to fix, or the button to try again.
  const checkButton = useRef<HTMLButtonElement>(null);
  const pendingFocus = useRef<Field | 'check' | null>(null);
  useEffect(() => {
    const target = pendingFocus.current;
    const element =
      target === 'check' ? checkButton.current : target === null ? null : inputs.current[target];
    if (element === null || element === undefined || element.disabled) return;
    pendingFocus.current = null;
    element.focus();
  });

  /** Shows the errors and takes a keyboard user to the first field to fix. */
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    pendingFocus.current = FIELDS.find((field) => found[field] !== undefined) ?? null;
  };

  /** Forgets what was checked, and what the API said of closing it. */
  const dropPreview = () => {
    setPreview(null);
    setCloseFailure(null);
  };

  /**
   * A refusal: at its fields when the API named them; otherwise in words where the operator is,
   * above the form after "Check visits", beside the confirm button after it.
   */
  const refused = (step: NonNullable<Busy>) => (error: unknown) => {
    if (reportDenial(session, error)) return;
    const found = error instanceof ApiError ? fieldErrorsOf(Object.entries(error.fields)) : {};
    if (Object.keys(found).length > 0) {
      dropPreview();
      showErrors(found);
      setFailure(copy.fixErrors);
    } else if (step === 'closing') {
      setCloseFailure(failureText(error));
    } else {
      setFailure(failureText(error));
      pendingFocus.current = 'check';
    }
  };

  const check = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setResult(null);
    dropPreview();
    const parsed = closureFormSchema().safeParse(form);
    if (!parsed.success) {
      showErrors(fieldErrorsOf(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      setFailure(copy.fixErrors);
      return;
    }
    setErrors({});
    setFailure(null);
    // A preview still on its way when the section is gone is of no use: nothing is said then.
    checking.mutate(parsed.data, {
      onSuccess: (found) => {
        setPreview(found);
      },
      onError: refused('checking'),
    });
  };

  const close = (shown: AdminClosurePreview) => {
    setFailure(null);
    setCloseFailure(null);
    closing.mutate(
      { from: shown.from, to: shown.to, reason: shown.reason },
      {
        onSuccess: (closed) => {
          dropPreview();
          setForm(EMPTY_FORM);
          setResult(closed);
          onClosed(closed);
        },
        onError: refused('closing'),
      },
    );
  };

  const edit = (field: Field, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    // What was checked is no longer what would be closed: it is checked again first.
    dropPreview();
  };

  const changeDays = () => {
    dropPreview();
    inputs.current.from?.focus();
  };

  const idOf = (field: Field) => `${fieldId}-${field}`;
  const errorIdOf = (field: Field) => `${idOf(field)}-error`;
  const describedBy = (field: Field, hintId?: string) =>
    [hintId, errors[field] === undefined ? undefined : errorIdOf(field)]
      .filter((id) => id !== undefined)
      .join(' ') || undefined;

  const fieldError = (field: Field) =>
    errors[field] === undefined ? null : (
      <p id={errorIdOf(field)} className="admin-field__error">
        {errors[field]}
      </p>
    );

  const dateInput = (field: 'from' | 'to', min: string, hintId?: string) => (
    <input
      ref={(input) => {
        inputs.current[field] = input;
      }}
      id={idOf(field)}
      name={field}
      type="date"
      min={min}
      value={form[field]}
      disabled={busy !== null}
      aria-invalid={errors[field] !== undefined}
      aria-describedby={describedBy(field, hintId)}
      onChange={(event) => {
        edit(field, event.target.value);
      }}
    />
  );

  return (
    <section className="admin-closure-form" aria-labelledby={headingId}>
      <h3 id={headingId}>{copy.formHeading}</h3>
      {failure === null ? null : <Notice tone="error">{failure}</Notice>}
      <form className="admin-closure-form__form" noValidate onSubmit={check}>
        <div className="admin-closure-form__days">
          <div className="admin-field">
            <label htmlFor={idOf('from')}>{copy.fromLabel}</label>
            {dateInput('from', today)}
            {fieldError('from')}
          </div>
          <div className="admin-field">
            <label htmlFor={idOf('to')}>{copy.toLabel}</label>
            {dateInput('to', form.from === '' ? today : form.from, `${idOf('to')}-hint`)}
            {/* Under its field, so that the two days' fields stand level. */}
            <p id={`${idOf('to')}-hint`} className="admin-field__hint">
              {copy.toHint}
            </p>
            {fieldError('to')}
          </div>
        </div>
        <div className="admin-field">
          <label htmlFor={idOf('reason')}>{copy.reasonLabel}</label>
          <p id={`${idOf('reason')}-hint`} className="admin-field__hint">
            {copy.reasonHint}
          </p>
          <input
            ref={(input) => {
              inputs.current.reason = input;
            }}
            id={idOf('reason')}
            name="reason"
            type="text"
            autoComplete="off"
            value={form.reason}
            disabled={busy !== null}
            aria-invalid={errors.reason !== undefined}
            aria-describedby={describedBy('reason', `${idOf('reason')}-hint`)}
            onChange={(event) => {
              edit('reason', event.target.value);
            }}
          />
          {fieldError('reason')}
        </div>
        <div className="button-row">
          <button ref={checkButton} type="submit" className="button" disabled={busy !== null}>
            {busy === 'checking' ? copy.checking : copy.check}
          </button>
        </div>
      </form>
      {/* What the last step found or did, said as soon as it is known. */}
      <div className="admin-closure-live" role="status" aria-live="polite">
        {preview === null ? null : <p>{copy.visitsFound(preview.visits.length)}</p>}
        {result === null ? null : (
          <div className="admin-closure-result">
            <h4 ref={resultHeading} tabIndex={-1}>
              {copy.resultHeading}
            </h4>
            <p>{result.message}</p>
            <ul>
              <li>{copy.moved(result.moved)}</li>
              <li>{copy.asked(result.asked)}</li>
            </ul>
          </div>
        )}
      </div>
      {result === null ? null : (
        <div className="admin-closure-next">
          {result.unplaced === 0 ? (
            <Link to={boardOf(result)}>{copy.openBoard}</Link>
          ) : (
            // Not one line among others: the operators must act on these visits.
            <>
              <Notice tone="error">{copy.unplaced(result.unplaced)}</Notice>
              <Link className="button" to={boardOf(result)}>
                {copy.arrangeOnBoard}
              </Link>
            </>
          )}
        </div>
      )}
      {preview === null ? null : (
        <ClosurePreviewPanel
          preview={preview}
          closing={busy === 'closing'}
          failure={closeFailure}
          onClose={close}
          onChangeDays={changeDays}
        />
      )}
    </section>
  );
}
