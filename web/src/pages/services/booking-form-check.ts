import {
  BookingMessages,
  bookingFormSchema,
  postalCodeField,
  timeLabel,
} from '@hs/api/domain/booking/booking-schema';
import type { Plan, Service } from '@hs/api/domain/booking/catalogue';
import { forwardSortationArea, normalisePostalCode } from '@hs/api/domain/booking/service-area';
import { todayInToronto } from '@hs/api/domain/calendar/toronto-date';
import { ApiError } from '../../api/api-client';
import { closedDayCopy } from '../../content/services-content';
import type { BookingDraft } from './booking-draft';
import { isBookingField, type FieldErrors } from './booking-form-fields';
import type { DayAvailability } from './use-window-availability';

export interface BookingCheck {
  readonly ok: boolean;
  readonly fields: FieldErrors;
  /** A rule that belongs to no single field. */
  readonly form: string | null;
}

/**
 * The API's own rules, before anything is sent, a day known to be closed (on the date field: no
 * window of it can be chosen) and a time window known to be full or closed. The postal code is
 * judged against `serviceAreas` once the site knows them (null: its format only).
 */
export function checkBooking(
  draft: BookingDraft,
  service: Service,
  plan: Plan,
  day: DayAvailability,
  serviceAreas: readonly string[] | null,
): BookingCheck {
  const parsed = bookingFormSchema(todayInToronto, serviceAreas ?? undefined).safeParse({
    ...draft,
    service: service.id,
    plan: plan.id,
  });
  const fields: FieldErrors = {};
  let form: string | null = null;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && isBookingField(field)) fields[field] ??= issue.message;
      else form = issue.message;
    }
  }
  const state = day.windowState(draft.time);
  if (day.closedReason !== null) {
    fields.date ??= closedDayCopy.dateError(day.closedReason);
  } else if (state === 'closed') {
    fields.time ??= BookingMessages.windowClosed(draft.date, timeLabel(draft.time));
  } else if (state === 'full') {
    fields.time ??= BookingMessages.windowFull(draft.date, timeLabel(draft.time));
  }
  return { ok: parsed.success && Object.keys(fields).length === 0, fields, form };
}

/**
 * The postal code alone, as the field is left: what is wrong with it, or undefined. A field left
 * blank is not scolded until the form is sent.
 */
export function postalCodeError(
  postalCode: string,
  serviceAreas: readonly string[] | null,
): string | undefined {
  if (postalCode.trim() === '') return undefined;
  const parsed = postalCodeField(serviceAreas ?? undefined).safeParse(postalCode);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * Whether `error` says we do not serve the postal code's area: the field then offers the contact
 * page. Matched against the one message, so the API's refusal and the page's own check read alike.
 */
export function isOutsideAreaError(postalCode: string, error: string | undefined): boolean {
  const code = normalisePostalCode(postalCode);
  return (
    error !== undefined &&
    code !== null &&
    error === BookingMessages.outsideServiceArea(forwardSortationArea(code))
  );
}

/** The fields the API refused, by name, from its answer. */
export function serverFieldErrors(error: unknown): FieldErrors {
  const fields: FieldErrors = {};
  if (error instanceof ApiError) {
    for (const [field, message] of Object.entries(error.fields)) {
      if (isBookingField(field)) fields[field] = message;
    }
  }
  return fields;
}

export function bookingFailureText(error: unknown): string {
  if (error instanceof ApiError && (error.fromServer || error.status === 0)) {
    return `${BookingMessages.failed}: ${error.message}`;
  }
  return BookingMessages.failed;
}
