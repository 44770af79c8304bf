import {
  BOOKING_HORIZON_DAYS,
  BOOKING_IMAGE_FIELD,
  BOOKING_IMAGE_MAX_BYTES,
  BOOKING_IMAGE_TYPES,
  BookingMessages,
  bookingFormSchema,
  timeLabel,
} from '@hs/api/domain/booking/booking-schema';
import {
  CUSTOM_ESTIMATE,
  planLabel,
  TIME_WINDOWS,
  type Plan,
  type Service,
  type TimeWindowId,
} from '@hs/api/domain/booking/catalogue';
import { readAuthToken } from '../../auth/auth-storage';
import { addDays, todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { useEffect, useId, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { ApiError } from '../../api/api-client';
import { createBooking, fetchAvailability, type NewBooking } from '../../api/bookings-api';
import { Modal } from '../../components/modal/Modal';
import { Notice } from '../../components/Notice';
import { bookingFormCopy as copy } from '../../content/services-content';
import { type BookingDraft, type DraftField, type DraftPhoto } from './booking-draft';
import './BookingFormModal.css';

type FieldErrors = Partial<Record<DraftField | 'image', string>>;

interface BookingFormModalProps {
  readonly service: Service;
  readonly plan: Plan;
  readonly draft: BookingDraft;
  readonly photo: DraftPhoto | null;
  readonly onDraftChange: (field: DraftField, value: string) => void;
  /** A file already checked against the size and type limits, or null to remove it. */
  readonly onPhotoChange: (file: File | null) => void;
  /** The key of the form as it is now: the same until a value changes. */
  readonly idempotencyKey: () => string;
  /** Present when the plan modal led here: Back and × return to it. */
  readonly onBack: (() => void) | null;
  readonly onClose: () => void;
  /** What follows a booking (thanks, checkout or the payment modal); a throw shows its message. */
  readonly onBooked: (created: NewBooking) => Promise<void>;
}

const TEXT_FIELDS = [
  { field: 'name', label: copy.name, type: 'text', autoComplete: 'name' },
  { field: 'phone', label: copy.phone, type: 'tel', autoComplete: 'tel' },
  { field: 'email', label: copy.email, type: 'email', autoComplete: 'email' },
  { field: 'address', label: copy.address, type: 'text', autoComplete: 'street-address' },
] as const;

const FIELD_ORDER: readonly (DraftField | 'image')[] = [
  'name',
  'phone',
  'email',
  'address',
  'date',
  'time',
  'image',
];

function failureText(error: unknown): string {
  if (error instanceof ApiError && (error.fromServer || error.status === 0)) {
    return `${BookingMessages.failed}: ${error.message}`;
  }
  return BookingMessages.failed;
}

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
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
        </p>
      )}
    </div>
  );
}

/**
 * SPEC.md sections 3 to 5: the booking form, checked with the API's own rules before it is sent,
 * then posted as multipart with the real upload progress of its photo.
 */
export function BookingFormModal({
  service,
  plan,
  draft,
  photo,
  onDraftChange,
  onPhotoChange,
  idempotencyKey,
  onBack,
  onClose,
  onBooked,
}: BookingFormModalProps) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const today = todayInToronto();
  const isEstimate = plan.id === CUSTOM_ESTIMATE;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [availability, setAvailability] = useState<{
    date: string;
    windows: Partial<Record<TimeWindowId, number>>;
  } | null>(null);

  useEffect(() => {
    // A Custom Estimate holds no place, so every window is open to it.
    if (isEstimate || !/^\d{4}-\d{2}-\d{2}$/.test(draft.date)) return;
    const date = draft.date;
    let current = true;
    fetchAvailability(date, date).then(
      (answer) => {
        if (current) setAvailability({ date, windows: answer.days[0]?.windows ?? {} });
      },
      () => {
        // Unknown availability leaves every window choosable; the server has the last word.
      },
    );
    return () => {
      current = false;
    };
  }, [draft.date, isEstimate]);

  const isFull = (window: TimeWindowId) =>
    !isEstimate && availability?.date === draft.date && availability.windows[window] === 0;

  const fieldId = (field: DraftField | 'image') => `${id}-${field}`;
  const describedBy = (field: DraftField | 'image', hint = false) =>
    [hint ? `${fieldId(field)}-hint` : '', errors[field] ? `${fieldId(field)}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;

  const change = (field: DraftField, value: string) => {
    onDraftChange(field, value);
    if (errors[field] !== undefined) {
      setErrors(({ [field]: _cleared, ...rest }) => rest);
    }
  };

  const choosePhoto = (file: File | undefined) => {
    const refuse = (message: string) => {
      if (fileInput.current) fileInput.current.value = '';
      setErrors((current) => ({ ...current, image: message }));
    };
    if (file === undefined) return;
    if (!(BOOKING_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      refuse(BookingMessages.imageWrongType);
    } else if (file.size > BOOKING_IMAGE_MAX_BYTES) {
      refuse(BookingMessages.imageTooLarge);
    } else {
      setErrors(({ image: _cleared, ...rest }) => rest);
      onPhotoChange(file);
    }
  };

  const removePhoto = () => {
    if (fileInput.current) fileInput.current.value = '';
    onPhotoChange(null);
  };

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field] !== undefined);
    if (first !== undefined) document.getElementById(fieldId(first))?.focus();
  };

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    const parsed = bookingFormSchema().safeParse({
      ...draft,
      service: service.id,
      plan: plan.id,
    });
    const found: FieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string' && FIELD_ORDER.includes(field as DraftField)) {
          found[field as DraftField] ??= issue.message;
        } else {
          setFormError(issue.message);
        }
      }
    }
    if (isFull(draft.time)) {
      found.time ??= BookingMessages.windowFull(draft.date, timeLabel(draft.time));
    }
    if (Object.keys(found).length > 0 || !parsed.success) {
      showErrors(found);
      return;
    }

    setErrors({});
    const form = new FormData();
    for (const [field, value] of Object.entries(draft)) form.append(field, String(value));
    form.append('service', service.id);
    form.append('plan', plan.id);
    if (photo) form.append(BOOKING_IMAGE_FIELD, photo.file, photo.file.name);
    setBusy(true);
    setProgress(photo ? 0 : null);
    createBooking(form, {
      idempotencyKey: idempotencyKey(),
      token: readAuthToken(),
      onProgress: setProgress,
    })
      .then(
        async (created) => {
          try {
            await onBooked(created);
          } catch (error) {
            setFormError(error instanceof Error ? error.message : BookingMessages.failed);
          }
        },
        (error: unknown) => {
          setFormError(failureText(error));
          if (error instanceof ApiError) {
            const fromServer: FieldErrors = {};
            for (const [field, message] of Object.entries(error.fields)) {
              if (FIELD_ORDER.includes(field as DraftField)) {
                fromServer[field as DraftField] = message;
              }
            }
            if (Object.keys(fromServer).length > 0) setErrors(fromServer);
          }
        },
      )
      .finally(() => {
        // After a success the modal may already be gone; React ignores the update then.
        setBusy(false);
        setProgress(null);
      });
  };

  const title = isEstimate ? copy.estimateTitle : copy.title;
  return (
    <Modal title={title} onClose={onBack ?? onClose}>
      <form className="booking-form" noValidate onSubmit={submit}>
        <div className="booking-form__grid">
          <Field id={`${id}-service`} label={copy.service} error={undefined}>
            <input id={`${id}-service`} type="text" value={service.title} readOnly />
          </Field>
          <Field id={`${id}-plan`} label={copy.plan} error={undefined}>
            <input id={`${id}-plan`} type="text" value={planLabel(plan)} readOnly />
          </Field>
          {TEXT_FIELDS.map(({ field, label, type, autoComplete }) => (
            <Field key={field} id={fieldId(field)} label={label} error={errors[field]}>
              <input
                id={fieldId(field)}
                name={field}
                type={type}
                autoComplete={autoComplete}
                required
                aria-invalid={errors[field] !== undefined}
                aria-describedby={describedBy(field)}
                value={draft[field]}
                onChange={(event) => {
                  change(field, event.target.value);
                }}
              />
            </Field>
          ))}
          <Field id={fieldId('date')} label={copy.date} error={errors.date}>
            <input
              id={fieldId('date')}
              name="date"
              type="date"
              required
              min={today}
              max={addDays(today, BOOKING_HORIZON_DAYS)}
              aria-invalid={errors.date !== undefined}
              aria-describedby={describedBy('date')}
              value={draft.date}
              onChange={(event) => {
                change('date', event.target.value);
              }}
            />
          </Field>
          <Field id={fieldId('time')} label={copy.time} error={errors.time}>
            <select
              id={fieldId('time')}
              name="time"
              aria-invalid={errors.time !== undefined}
              aria-describedby={describedBy('time')}
              value={draft.time}
              onChange={(event) => {
                change('time', event.target.value);
              }}
            >
              {TIME_WINDOWS.map((window) => (
                <option key={window.id} value={window.id} disabled={isFull(window.id)}>
                  {`${window.label} (${window.range})${isFull(window.id) ? ` ${copy.full}` : ''}`}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field id={fieldId('image')} label={copy.photo} hint={copy.photoHint} error={errors.image}>
          <input
            ref={fileInput}
            id={fieldId('image')}
            name={BOOKING_IMAGE_FIELD}
            type="file"
            accept={BOOKING_IMAGE_TYPES.join(',')}
            aria-invalid={errors.image !== undefined}
            aria-describedby={describedBy('image', true)}
            onChange={(event) => {
              choosePhoto(event.target.files?.[0]);
            }}
          />
        </Field>
        {photo !== null && (
          <div className="booking-form__photo">
            <img src={photo.url} alt={copy.photoPreview} className="booking-form__preview" />
            <span className="booking-form__file-name">{photo.file.name}</span>
            <button type="button" className="button button--secondary" onClick={removePhoto}>
              {copy.removePhoto}
            </button>
          </div>
        )}
        {progress !== null && (
          <div className="booking-form__progress">
            <label htmlFor={`${id}-progress`}>{copy.uploading}</label>
            <progress id={`${id}-progress`} max={1} value={progress}>
              {`${String(Math.round(progress * 100))}%`}
            </progress>
          </div>
        )}
        {formError !== null && <Notice tone="error">{formError}</Notice>}
        <div className="button-row booking-form__actions">
          {onBack !== null && (
            <button type="button" className="button button--secondary" onClick={onBack}>
              {copy.back}
            </button>
          )}
          <button
            type="submit"
            className="button"
            disabled={busy}
            aria-busy={busy}
            aria-describedby={isEstimate ? `${id}-estimate-note` : undefined}
          >
            {busy ? copy.submitting : copy.submit}
          </button>
        </div>
        {isEstimate && (
          <p id={`${id}-estimate-note`} className="booking-form__hint">
            {copy.estimateNote}
          </p>
        )}
      </form>
    </Modal>
  );
}
