import type { DraftField } from './booking-draft';

/**
 * The booking form's fields that can carry an error: the draft's, a Monthly Visit plan's visits
 * (the `visits` field the API reads), and the photo.
 */
export type BookingFieldName = DraftField | 'visits' | 'image';

export type FieldErrors = Partial<Record<BookingFieldName, string>>;

/** The fields in the order they are on screen: the first one with an error takes focus. */
export const FIELD_ORDER: readonly BookingFieldName[] = [
  'name',
  'company',
  'phone',
  'email',
  'address',
  'postalCode',
  'date',
  'time',
  'visits',
  'details',
  'image',
];

export function isBookingField(name: string): name is BookingFieldName {
  return (FIELD_ORDER as readonly string[]).includes(name);
}

export interface FieldIds {
  /** The id of a field's control, which its label and error point at. */
  readonly of: (field: BookingFieldName) => string;
  /** The hint and the error a control is described by, when there are any. */
  readonly describedBy: (field: BookingFieldName, hint?: boolean) => string | undefined;
}

export function bookingFieldIds(formId: string, errors: FieldErrors): FieldIds {
  const of = (field: BookingFieldName) => `${formId}-${field}`;
  return {
    of,
    describedBy: (field, hint = false) =>
      [hint ? `${of(field)}-hint` : '', errors[field] ? `${of(field)}-error` : '']
        .filter(Boolean)
        .join(' ') || undefined,
  };
}
