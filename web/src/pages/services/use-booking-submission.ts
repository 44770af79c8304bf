import { BOOKING_IMAGE_FIELD, BookingMessages } from '@hs/api/domain/booking/booking-schema';
import type { Plan, Service, TimeWindowId } from '@hs/api/domain/booking/catalogue';
import { useState, type SyntheticEvent } from 'react';
import { readAuthToken } from '../../auth/auth-storage';
import { createBooking, type NewBooking } from '../../api/bookings-api';
import type { BookingDraft, DraftPhoto } from './booking-draft';
import { bookingFailureText, checkBooking, serverFieldErrors } from './booking-form-check';
import type { FieldErrors } from './booking-form-fields';

interface BookingSubmissionOptions {
  readonly service: Service;
  readonly plan: Plan;
  readonly draft: BookingDraft;
  readonly photo: DraftPhoto | null;
  readonly isFull: (window: TimeWindowId) => boolean;
  /** The key of the form as it is now: the same until a value changes. */
  readonly idempotencyKey: () => string;
  /** What follows a booking (thanks, checkout or the payment modal); a throw shows its message. */
  readonly onBooked: (created: NewBooking) => Promise<void>;
  /** Shows the errors found before sending, moving focus to the first. */
  readonly showErrors: (found: FieldErrors) => void;
  /** Shows the fields the server refused, leaving focus where it is. */
  readonly replaceErrors: (found: FieldErrors) => void;
}

function bookingForm(draft: BookingDraft, service: Service, plan: Plan, photo: DraftPhoto | null) {
  const form = new FormData();
  for (const [field, value] of Object.entries(draft)) form.append(field, String(value));
  form.append('service', service.id);
  form.append('plan', plan.id);
  if (photo) form.append(BOOKING_IMAGE_FIELD, photo.file, photo.file.name);
  return form;
}

/**
 * docs/product.md sections 3 to 5: the form is checked with the API's own rules before it is sent, then
 * posted as multipart with the real upload progress of its photo.
 */
export function useBookingSubmission(options: BookingSubmissionOptions) {
  const { service, plan, draft, photo, isFull, idempotencyKey, onBooked } = options;
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const check = checkBooking(draft, service, plan, isFull);
    setFormError(check.form);
    options.showErrors(check.fields);
    if (!check.ok) return;

    setBusy(true);
    setProgress(photo ? 0 : null);
    createBooking(bookingForm(draft, service, plan, photo), {
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
          setFormError(bookingFailureText(error));
          const refused = serverFieldErrors(error);
          if (Object.keys(refused).length > 0) options.replaceErrors(refused);
        },
      )
      .finally(() => {
        // After a success the modal may already be gone; React ignores the update then.
        setBusy(false);
        setProgress(null);
      });
  };

  return { formError, busy, progress, submit };
}
