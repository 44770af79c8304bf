import { BOOKING_IMAGE_FIELD, BookingMessages } from '@hs/api/domain/booking/booking-schema';
import type { Plan, Service } from '@hs/api/domain/booking/catalogue';
import type { MonthlyPlanPreview } from '@hs/api/domain/subscription/visit-schedule';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type SyntheticEvent } from 'react';
import { ApiError } from '../../api/api-client';
import { invalidateBookingReaders } from '../../api/booking-changes';
import { readAuthToken } from '../../auth/auth-storage';
import { createBooking, type NewBooking } from '../../api/bookings-api';
import { DRAFT_FIELDS, type BookingDraft, type DraftPhoto, type MemberLink } from './booking-draft';
import { bookingFailureText, checkBooking, serverFieldErrors } from './booking-form-check';
import type { FieldErrors } from './booking-form-fields';
import { checkPlanVisits } from './monthly-plan-visits';
import type { DayAvailability } from './use-window-availability';

interface BookingSubmissionOptions {
  readonly service: Service;
  readonly plan: Plan;
  readonly draft: BookingDraft;
  /** The emailed member link the page was opened with: its token goes with the booking. */
  readonly member: MemberLink | null;
  readonly photo: DraftPhoto | null;
  /** The chosen day as the API said it: closed, or which windows are open. */
  readonly day: DayAvailability;
  /** The postal-code areas served, once known (null: the API alone judges the area). */
  readonly serviceAreas: readonly string[] | null;
  /**
   * A Monthly Visit plan's visits for the draft's date and time, once the API has shown them.
   * Null sends no `visits`: the server then books the rule's own four, or says which is full.
   */
  readonly planPreview: MonthlyPlanPreview | null;
  /** The server refused a place (409): what the form showed of the places left is out of date. */
  readonly onConflict: () => void;
  /** The key of the form as it is now: the same until a value changes. */
  readonly idempotencyKey: () => string;
  /** What follows a booking (thanks, checkout or the payment modal); a throw shows its message. */
  readonly onBooked: (created: NewBooking) => Promise<void>;
  /** Shows the errors found before sending, moving focus to the first. */
  readonly showErrors: (found: FieldErrors) => void;
  /** Shows the fields the server refused, leaving focus where it is. */
  readonly replaceErrors: (found: FieldErrors) => void;
}

interface BookingFormParts {
  readonly draft: BookingDraft;
  readonly service: Service;
  readonly plan: Plan;
  readonly photo: DraftPhoto | null;
  /** A Monthly Visit plan's confirmed visits (formatPlanVisits), when the form showed them. */
  readonly visits: string | null;
  readonly member: MemberLink | null;
}

function bookingForm({ draft, service, plan, photo, visits, member }: BookingFormParts) {
  const form = new FormData();
  for (const field of DRAFT_FIELDS) form.append(field, draft[field]);
  form.append('service', service.id);
  form.append('plan', plan.id);
  if (visits !== null) form.append('visits', visits);
  // Sent whatever the plan or service: the server alone says whether the discount applies.
  if (member !== null) form.append('member', member.token);
  if (photo) form.append(BOOKING_IMAGE_FIELD, photo.file, photo.file.name);
  return form;
}

/**
 * docs/product.md sections 3 to 5: the form is checked with the API's own rules before it is sent, then
 * posted as multipart with the real upload progress of its photo.
 */
export function useBookingSubmission(options: BookingSubmissionOptions) {
  const {
    service,
    plan,
    draft,
    member,
    photo,
    day,
    serviceAreas,
    planPreview,
    idempotencyKey,
    onBooked,
  } = options;
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const client = useQueryClient();
  const booking = useMutation({
    /** Answers what went wrong after the booking was made (showing its next step), or null. */
    mutationFn: async (form: FormData): Promise<string | null> => {
      const created = await createBooking(form, {
        idempotencyKey: idempotencyKey(),
        token: readAuthToken(),
        onProgress: setProgress,
      });
      try {
        await onBooked(created);
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : BookingMessages.failed;
      }
    },
    // The booking holds a place now, and is on the signed-in customer's list.
    onSuccess: () => invalidateBookingReaders(client),
  });
  const busy = booking.isPending;

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const check = checkBooking(draft, service, plan, day, serviceAreas);
    const visits = planPreview === null ? null : checkPlanVisits(planPreview, draft.visitChoices);
    // The draft's own rules first: a date the API refuses says so rather than that its week is full.
    const fields = visits?.ok === false ? { ...visits.fields, ...check.fields } : check.fields;
    setFormError(check.form);
    options.showErrors(fields);
    if (!check.ok || visits?.ok === false) return;

    setProgress(photo ? 0 : null);
    booking.mutate(
      bookingForm({
        draft,
        service,
        plan,
        photo,
        visits: visits?.ok ? visits.visits : null,
        member,
      }),
      {
        onSuccess: (problem) => {
          if (problem !== null) setFormError(problem);
        },
        onError: (error) => {
          setFormError(bookingFailureText(error));
          const refused = serverFieldErrors(error);
          if (Object.keys(refused).length > 0) options.replaceErrors(refused);
          if (error instanceof ApiError && error.status === 409) options.onConflict();
        },
        onSettled: () => {
          // After a success the modal may already be gone; then nothing is called.
          setProgress(null);
        },
      },
    );
  };

  return { formError, busy, progress, submit };
}
