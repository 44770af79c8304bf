import { BOOKING_HORIZON_DAYS } from '@hs/api/domain/booking/booking-schema';
import {
  planLabel,
  TIME_WINDOWS,
  type Plan,
  type Service,
  type TimeWindowId,
} from '@hs/api/domain/booking/catalogue';
import { addDays, todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { normalisePostalCode } from '@hs/api/domain/booking/service-area';
import { Link } from 'react-router-dom';
import { companyField } from '../../content/invoice-content';
import { bookingFormCopy as copy } from '../../content/services-content';
import type { BookingDraft, DraftField } from './booking-draft';
import { isOutsideAreaError } from './booking-form-check';
import type { FieldErrors, FieldIds } from './booking-form-fields';
import { BookingField } from './BookingField';
import type { WindowState } from './use-window-availability';

const TEXT_FIELDS = [
  { field: 'name', label: copy.name, type: 'text', autoComplete: 'name', required: true },
  // Optional: printed on the invoices under the name.
  {
    field: 'company',
    label: companyField.label,
    type: 'text',
    autoComplete: companyField.autoComplete,
    required: false,
  },
  { field: 'phone', label: copy.phone, type: 'tel', autoComplete: 'tel', required: true },
  { field: 'email', label: copy.email, type: 'email', autoComplete: 'email', required: true },
  {
    field: 'address',
    label: copy.address,
    type: 'text',
    autoComplete: 'street-address',
    required: true,
  },
] as const;

interface BookingDetailsFieldsProps {
  readonly formId: string;
  readonly ids: FieldIds;
  readonly service: Service;
  readonly plan: Plan;
  readonly draft: BookingDraft;
  readonly errors: FieldErrors;
  readonly windowState: (window: TimeWindowId) => WindowState;
  readonly onChange: (field: DraftField, value: string) => void;
  /** The visitor left the postal code: it is checked then, not at every keystroke. */
  readonly onPostalCodeBlur: () => void;
}

/** The grid of the form: the chosen service and plan, who and where, and when. */
export function BookingDetailsFields({
  formId,
  ids,
  service,
  plan,
  draft,
  errors,
  windowState,
  onChange,
  onPostalCodeBlur,
}: BookingDetailsFieldsProps) {
  const today = todayInToronto();
  // We do not serve the area: the contact page is where an estimate can still be asked for.
  // What the form already has goes along, so the visitor types none of it again.
  const askForEstimate = isOutsideAreaError(draft.postalCode, errors.postalCode) ? (
    <Link
      to="/contact"
      state={{
        service: service.title,
        prefill: {
          fullName: draft.name,
          email: draft.email,
          phone: draft.phone,
          message: copy.estimateEnquiry(
            service.title,
            draft.address.trim(),
            normalisePostalCode(draft.postalCode) ?? draft.postalCode.trim(),
          ),
        },
      }}
    >
      {copy.askForEstimate}
    </Link>
  ) : undefined;
  return (
    <div className="booking-form__grid">
      <BookingField id={`${formId}-service`} label={copy.service} error={undefined}>
        <input id={`${formId}-service`} type="text" value={service.title} readOnly />
      </BookingField>
      <BookingField id={`${formId}-plan`} label={copy.plan} error={undefined}>
        <input id={`${formId}-plan`} type="text" value={planLabel(plan)} readOnly />
      </BookingField>
      {TEXT_FIELDS.map(({ field, label, type, autoComplete, required }) => (
        <BookingField key={field} id={ids.of(field)} label={label} error={errors[field]}>
          <input
            id={ids.of(field)}
            name={field}
            type={type}
            autoComplete={autoComplete}
            required={required}
            aria-invalid={errors[field] !== undefined}
            aria-describedby={ids.describedBy(field)}
            value={draft[field]}
            onChange={(event) => {
              onChange(field, event.target.value);
            }}
          />
        </BookingField>
      ))}
      <BookingField
        id={ids.of('postalCode')}
        label={copy.postalCode}
        error={errors.postalCode}
        errorAction={askForEstimate}
      >
        <input
          id={ids.of('postalCode')}
          name="postalCode"
          type="text"
          inputMode="text"
          autoComplete="postal-code"
          autoCapitalize="characters"
          spellCheck={false}
          required
          aria-invalid={errors.postalCode !== undefined}
          aria-describedby={ids.describedBy('postalCode')}
          value={draft.postalCode}
          onChange={(event) => {
            onChange('postalCode', event.target.value);
          }}
          onBlur={onPostalCodeBlur}
        />
      </BookingField>
      {/* Said as soon as the API says the day is closed, before anything is sent: read out then. */}
      <BookingField id={ids.of('date')} label={copy.date} error={errors.date} live>
        <input
          id={ids.of('date')}
          name="date"
          type="date"
          required
          min={today}
          max={addDays(today, BOOKING_HORIZON_DAYS)}
          aria-invalid={errors.date !== undefined}
          aria-describedby={ids.describedBy('date')}
          value={draft.date}
          onChange={(event) => {
            onChange('date', event.target.value);
          }}
        />
      </BookingField>
      <BookingField id={ids.of('time')} label={copy.time} error={errors.time}>
        <select
          id={ids.of('time')}
          name="time"
          aria-invalid={errors.time !== undefined}
          aria-describedby={ids.describedBy('time')}
          value={draft.time}
          onChange={(event) => {
            onChange('time', event.target.value);
          }}
        >
          {TIME_WINDOWS.map((window) => {
            const state = windowState(window.id);
            return (
              <option key={window.id} value={window.id} disabled={state !== 'open'}>
                {`${window.label} (${window.range})${state === 'open' ? '' : ` ${copy[state]}`}`}
              </option>
            );
          })}
        </select>
      </BookingField>
    </div>
  );
}
