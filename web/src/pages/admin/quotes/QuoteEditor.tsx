import { QUOTE_LIMITS, type AdminQuote } from '@hs/api/domain/quote/quote-schema';
import { todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { saveQuoteDraft, sendQuote, type QuoteSent } from '../../../api/admin-quotes-api';
import { ApiError } from '../../../api/api-client';
import { ConfirmQuestion } from '../ConfirmQuestion';
import { type AdminSession, failureText, reportDenial } from '../use-admin-data';
import {
  blankLine,
  type DraftForm,
  type FieldErrors,
  fieldErrorsOf,
  formOf,
  lineField,
  type LineForm,
  readDraft,
} from './quote-form';
import { QuoteTotals } from './QuoteTotals';
import { quoteEditorContent as copy } from './quotes-content';

/** How long the typing must pause before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 800;

type SaveState =
  | { readonly status: 'saved' }
  /** Edited since the last save; the save waits for the typing to pause. */
  | { readonly status: 'pending' }
  | { readonly status: 'saving' }
  /** Something typed cannot be sent (a price that is not a number): the marked fields say what. */
  | { readonly status: 'invalid' }
  | { readonly status: 'failed'; readonly message: string };

interface QuoteEditorProps {
  readonly session: AdminSession;
  /** The quote as the server last answered it: its totals are the ones shown. */
  readonly quote: AdminQuote;
  /** Each save's answer, for the page's copy of the quote. */
  readonly onSaved: (quote: AdminQuote) => void;
  /** The quote is no longer a draft (sent from elsewhere): the page reads it again. */
  readonly onStale: () => void;
  readonly onSent: (sent: QuoteSent) => void;
}

/**
 * A draft quote's editor: its lines (description, quantity, unit price in dollars, optional), its
 * validity date, deposit percent, terms and note. Every change is saved by itself once the typing
 * pauses (the whole draft, each time); the totals shown are those of the server's last answer.
 * Mounted once per quote id (keyed by the page): what is typed is never overwritten by an answer.
 */
export function QuoteEditor({ session, quote, onSaved, onStale, onSent }: QuoteEditorProps) {
  const formId = useId();
  const ids = useId();
  const [form, setForm] = useState<DraftForm>(() => formOf(quote.draft));
  const [save, setSave] = useState<SaveState>({ status: 'saved' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirmingSend, setConfirmingSend] = useState(false);
  const [today] = useState(todayInToronto);

  // The autosave's own bookkeeping, read by its timer and its answers (never while rendering).
  const latest = useRef(form);
  const edits = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef(false);
  const again = useRef(false);
  const pendingFocus = useRef<string | null>(null);
  const quoteId = quote.id;
  const token = session.token;

  const send = useMutation({ mutationFn: () => sendQuote(token, quoteId) });

  const timerWaiting = () => timer.current !== undefined;

  const flush = async (): Promise<void> => {
    timer.current = undefined;
    if (inFlight.current) {
      again.current = true;
      return;
    }
    const reading = readDraft(latest.current);
    if (!reading.ok) {
      setErrors(reading.errors);
      setSave({ status: 'invalid' });
      return;
    }
    const version = edits.current;
    inFlight.current = true;
    setSave({ status: 'saving' });
    try {
      const saved = await saveQuoteDraft(token, quoteId, reading.draft);
      onSaved(saved);
      if (edits.current === version) {
        setErrors({});
        setSave({ status: 'saved' });
      }
    } catch (error) {
      if (reportDenial(session, error)) return;
      if (error instanceof ApiError && error.status === 400) {
        setErrors(fieldErrorsOf(error.fields, reading.sentKeys));
      }
      setSave({ status: 'failed', message: failureText(error) });
      if (error instanceof ApiError && error.status === 409) onStale();
    } finally {
      inFlight.current = false;
      if (again.current) {
        again.current = false;
        // Unless the timer of a later edit is about to save anyway.
        if (!timerWaiting() && edits.current !== version) void flush();
      }
    }
  };

  const change = (next: DraftForm) => {
    setForm(next);
    latest.current = next;
    edits.current += 1;
    setSave({ status: 'pending' });
    setConfirmingSend(false);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void flush();
    }, AUTOSAVE_DELAY_MS);
  };

  // Leaving the page (another tab, All quotes) saves what the timer was still waiting for.
  useEffect(
    () => () => {
      if (timer.current === undefined) return;
      clearTimeout(timer.current);
      const reading = readDraft(latest.current);
      if (reading.ok) {
        saveQuoteDraft(token, quoteId, reading.draft).then(onSaved, () => undefined);
      }
    },
    // Once per editor: the page mounts a new one for another quote.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  // A reload or a closed window would lose what is not saved yet: the browser asks first.
  const unsaved = save.status !== 'saved';
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
    };
  }, [unsaved]);

  // After a line is added, removed or moved, the focus goes where the operator expects it.
  useEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    pendingFocus.current = null;
    document.getElementById(target)?.focus();
  });

  const controlId = (key: string, field: string) => `${ids}-${key}-${field}`;
  const addButtonId = `${ids}-add`;

  const changeLine = (key: string, patch: Partial<Omit<LineForm, 'key'>>) => {
    change({
      ...form,
      lines: form.lines.map((line) => (line.key === key ? { ...line, ...patch } : line)),
    });
  };

  const addLine = () => {
    const line = blankLine();
    pendingFocus.current = controlId(line.key, 'description');
    // A blank line is not saved: nothing to save until it is typed in.
    const next = { ...form, lines: [...form.lines, line] };
    setForm(next);
    latest.current = next;
  };

  const removeLine = (index: number) => {
    const lines = form.lines.filter((_, at) => at !== index);
    // The line that took its place, else the one before it, else the button that adds one.
    const neighbour = lines[index] ?? lines[index - 1];
    pendingFocus.current =
      neighbour === undefined ? addButtonId : controlId(neighbour.key, 'description');
    change({ ...form, lines });
  };

  const moveLine = (index: number, by: -1 | 1) => {
    const lines = [...form.lines];
    const line = lines[index];
    const other = lines[index + by];
    if (line === undefined || other === undefined) return;
    lines[index + by] = line;
    lines[index] = other;
    // The same button on the moved line, or its twin once the line reaches an end (disabled).
    const atEnd = index + by === 0 || index + by === lines.length - 1;
    const same = by === -1 ? 'up' : 'down';
    const twin = by === -1 ? 'down' : 'up';
    pendingFocus.current = controlId(line.key, atEnd ? twin : same);
    change({ ...form, lines });
  };

  const errorOf = (field: string) => errors[field];
  const known = new Set([
    'lines',
    'validUntil',
    'depositPercent',
    'terms',
    'note',
    ...form.lines.flatMap((line) =>
      (['description', 'quantity', 'unitPriceCents', 'optional'] as const).map((field) =>
        lineField(line.key, field),
      ),
    ),
  ]);
  const otherErrors = Object.entries(errors).filter(([field]) => !known.has(field));

  const canSend = save.status === 'saved' && quote.draft.lines.length > 0 && !send.isPending;
  const sendBlocked =
    save.status !== 'saved'
      ? copy.sendNeedsSave
      : quote.draft.lines.length === 0
        ? copy.sendNeedsLine
        : null;

  const confirmSend = () => {
    send.mutate(undefined, {
      onSuccess: (sent) => {
        setConfirmingSend(false);
        onSent(sent);
      },
      onError: (error) => {
        setConfirmingSend(false);
        if (reportDenial(session, error)) return;
        setSave({ status: 'failed', message: failureText(error) });
        if (error instanceof ApiError && error.status === 409) onStale();
      },
    });
  };

  return (
    <section className="quote-editor" aria-labelledby={`${formId}-heading`}>
      <h4 id={`${formId}-heading`}>{copy.heading}</h4>
      <form
        id={formId}
        aria-label={copy.formLabel}
        noValidate
        // Enter in a field sends nothing: the draft saves by itself.
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <h5 className="quote-editor__subheading">{copy.linesHeading}</h5>
        <p className="admin-field__hint" id={`${formId}-lines-hint`}>
          {copy.linesHint}
        </p>
        {form.lines.length === 0 ? (
          <p>{copy.noLines}</p>
        ) : (
          <table className="quote-lines" aria-describedby={`${formId}-lines-hint`}>
            <caption className="visually-hidden">{copy.linesCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{copy.lineColumns.line}</th>
                <th scope="col">{copy.lineColumns.description}</th>
                <th scope="col">{copy.lineColumns.quantity}</th>
                <th scope="col">{copy.lineColumns.unitPrice}</th>
                <th scope="col">{copy.lineColumns.optional}</th>
                <th scope="col">{copy.lineColumns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {form.lines.map((line, index) => (
                <LineRow
                  key={line.key}
                  line={line}
                  number={index + 1}
                  first={index === 0}
                  last={index === form.lines.length - 1}
                  idOf={(field) => controlId(line.key, field)}
                  errorOf={(field) => errorOf(lineField(line.key, field))}
                  onChange={(patch) => {
                    changeLine(line.key, patch);
                  }}
                  onMove={(by) => {
                    moveLine(index, by);
                  }}
                  onRemove={() => {
                    removeLine(index);
                  }}
                />
              ))}
            </tbody>
          </table>
        )}
        <FieldError id={`${formId}-lines-error`} error={errorOf('lines')} />
        <p>
          <button
            id={addButtonId}
            type="button"
            className="button button--secondary"
            disabled={form.lines.length >= QUOTE_LIMITS.maxLines}
            onClick={addLine}
          >
            {copy.addLine}
          </button>
        </p>
        {form.lines.length >= QUOTE_LIMITS.maxLines ? (
          <p className="admin-field__hint">{copy.tooManyLines}</p>
        ) : null}

        <div className="quote-editor__fields">
          <Field id={`${formId}-valid`} label={copy.validUntil} error={errorOf('validUntil')}>
            {(described) => (
              <input
                {...described}
                type="date"
                min={today}
                required
                value={form.validUntil}
                onChange={(event) => {
                  change({ ...form, validUntil: event.target.value });
                }}
              />
            )}
          </Field>
          <Field
            id={`${formId}-deposit`}
            label={copy.depositPercent}
            hint={copy.depositHint}
            error={errorOf('depositPercent')}
          >
            {(described) => (
              <input
                {...described}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                maxLength={5}
                value={form.depositPercent}
                onChange={(event) => {
                  change({ ...form, depositPercent: event.target.value });
                }}
              />
            )}
          </Field>
        </div>
        <Field id={`${formId}-terms`} label={copy.terms} error={errorOf('terms')}>
          {(described) => (
            <textarea
              {...described}
              rows={4}
              maxLength={QUOTE_LIMITS.maxTerms}
              value={form.terms}
              onChange={(event) => {
                change({ ...form, terms: event.target.value });
              }}
            />
          )}
        </Field>
        <Field id={`${formId}-note`} label={copy.note} error={errorOf('note')}>
          {(described) => (
            <textarea
              {...described}
              rows={3}
              maxLength={QUOTE_LIMITS.maxNote}
              value={form.note}
              onChange={(event) => {
                change({ ...form, note: event.target.value });
              }}
            />
          )}
        </Field>
      </form>

      <SaveStatus save={save} />
      {otherErrors.length === 0 ? null : (
        <div className="quote-editor__other-errors">
          <p>{copy.otherErrors}</p>
          <ul>
            {otherErrors.map(([field, message]) => (
              <li key={field}>{message}</li>
            ))}
          </ul>
        </div>
      )}

      <QuoteTotals quote={quote} stale={save.status !== 'saved'} />

      <div className="quote-editor__send">
        {confirmingSend ? (
          <ConfirmQuestion
            question={copy.sendQuestion(quote.number, quote.customer.email)}
            yes={send.isPending ? copy.sending : copy.sendYes}
            no={copy.sendNo}
            busy={send.isPending}
            onYes={confirmSend}
            onNo={() => {
              setConfirmingSend(false);
            }}
          />
        ) : (
          <>
            <button
              type="button"
              className="button"
              disabled={!canSend}
              aria-describedby={`${formId}-send-hint`}
              onClick={() => {
                setConfirmingSend(true);
              }}
            >
              {copy.send}
            </button>
            <p id={`${formId}-send-hint`} className="admin-field__hint">
              {sendBlocked ?? copy.sendHint}
            </p>
          </>
        )}
      </div>
    </section>
  );
}

/** What the autosave is doing, read out politely as it changes. */
function SaveStatus({ save }: { readonly save: SaveState }) {
  const text = (() => {
    switch (save.status) {
      case 'saved':
        return copy.saved;
      case 'pending':
        return copy.unsaved;
      case 'saving':
        return copy.saving;
      case 'invalid':
        return copy.invalid;
      case 'failed':
        return copy.notSaved(save.message);
    }
  })();
  const failed = save.status === 'invalid' || save.status === 'failed';
  return (
    <p
      className={`quote-save${failed ? ' quote-save--failed' : ''}`}
      role="status"
      aria-live="polite"
    >
      {text}
    </p>
  );
}

interface DescribedProps {
  readonly id: string;
  readonly 'aria-describedby'?: string;
  readonly 'aria-invalid'?: true;
}

/** A labelled field with its hint and its error, tied to the control by id. */
function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  readonly id: string;
  readonly label: string;
  readonly hint?: string;
  readonly error: string | undefined;
  readonly children: (described: DescribedProps) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint === undefined ? null : hintId, error === undefined ? null : errorId]
    .filter((part) => part !== null)
    .join(' ');
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      {hint === undefined ? null : (
        <p id={hintId} className="admin-field__hint">
          {hint}
        </p>
      )}
      {children({
        id,
        ...(describedBy === '' ? {} : { 'aria-describedby': describedBy }),
        ...(error === undefined ? {} : { 'aria-invalid': true }),
      })}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

function FieldError({ id, error }: { readonly id: string; readonly error: string | undefined }) {
  if (error === undefined) return null;
  return (
    <p id={id} className="admin-field__error">
      {error}
    </p>
  );
}

type LineField = 'description' | 'quantity' | 'unitPriceCents' | 'optional';

interface LineRowProps {
  readonly line: LineForm;
  /** From 1, as the labels say it. */
  readonly number: number;
  readonly first: boolean;
  readonly last: boolean;
  readonly idOf: (field: string) => string;
  readonly errorOf: (field: LineField) => string | undefined;
  readonly onChange: (patch: Partial<Omit<LineForm, 'key'>>) => void;
  readonly onMove: (by: -1 | 1) => void;
  readonly onRemove: () => void;
}

/**
 * One line of the quote. Every control is labelled with its line ("Description, line 2"); on a
 * narrow screen the row stacks and the labels show, on a wide one the column headings say them.
 */
function LineRow({
  line,
  number,
  first,
  last,
  idOf,
  errorOf,
  onChange,
  onMove,
  onRemove,
}: LineRowProps) {
  const suffix = <span className="visually-hidden">{copy.lineSuffix(number)}</span>;
  const described = (field: LineField) => {
    const error = errorOf(field);
    return error === undefined
      ? {}
      : { 'aria-invalid': true as const, 'aria-describedby': `${idOf(field)}-error` };
  };
  return (
    <tr className="quote-line">
      <th scope="row" className="quote-line__number">
        {copy.lineName(number)}
      </th>
      <td className="quote-line__description">
        <label className="quote-line__label" htmlFor={idOf('description')}>
          {copy.description}
          {suffix}
        </label>
        <input
          id={idOf('description')}
          type="text"
          autoComplete="off"
          maxLength={QUOTE_LIMITS.maxDescription}
          value={line.description}
          {...described('description')}
          onChange={(event) => {
            onChange({ description: event.target.value });
          }}
        />
        <FieldError id={`${idOf('description')}-error`} error={errorOf('description')} />
      </td>
      <td className="quote-line__quantity">
        <label className="quote-line__label" htmlFor={idOf('quantity')}>
          {copy.quantity}
          {suffix}
        </label>
        <input
          id={idOf('quantity')}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={7}
          value={line.quantity}
          {...described('quantity')}
          onChange={(event) => {
            onChange({ quantity: event.target.value });
          }}
        />
        <FieldError id={`${idOf('quantity')}-error`} error={errorOf('quantity')} />
      </td>
      <td className="quote-line__price">
        <label className="quote-line__label" htmlFor={idOf('unitPriceCents')}>
          {copy.unitPrice}
          {suffix}
        </label>
        <input
          id={idOf('unitPriceCents')}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          maxLength={16}
          value={line.price}
          {...described('unitPriceCents')}
          onChange={(event) => {
            onChange({ price: event.target.value });
          }}
        />
        <FieldError id={`${idOf('unitPriceCents')}-error`} error={errorOf('unitPriceCents')} />
      </td>
      <td className="quote-line__optional">
        <span className="quote-line__check">
          <input
            id={idOf('optional')}
            type="checkbox"
            checked={line.optional}
            {...described('optional')}
            onChange={(event) => {
              onChange({ optional: event.target.checked });
            }}
          />
          <label htmlFor={idOf('optional')}>
            <span className="quote-line__check-text">{copy.optional}</span>
            {suffix}
          </label>
        </span>
        <FieldError id={`${idOf('optional')}-error`} error={errorOf('optional')} />
      </td>
      <td className="quote-line__actions">
        <span className="admin-actions">
          <button
            id={idOf('up')}
            type="button"
            className="button button--secondary"
            disabled={first}
            onClick={() => {
              onMove(-1);
            }}
          >
            {copy.moveUp}
            {suffix}
          </button>
          <button
            id={idOf('down')}
            type="button"
            className="button button--secondary"
            disabled={last}
            onClick={() => {
              onMove(1);
            }}
          >
            {copy.moveDown}
            {suffix}
          </button>
          <button type="button" className="button button--secondary" onClick={onRemove}>
            {copy.remove}
            {suffix}
          </button>
        </span>
      </td>
    </tr>
  );
}
