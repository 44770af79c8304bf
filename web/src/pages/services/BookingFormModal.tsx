import {
  CUSTOM_ESTIMATE,
  TIME_WINDOW_IDS,
  PLAN_MEMBER_DISCOUNT_PERCENT,
  type Plan,
  type Service,
} from '@hs/api/domain/booking/catalogue';
import { useEffect, useId } from 'react';
import type { NewBooking } from '../../api/bookings-api';
import { useServiceAreas } from '../../api/use-service-areas';
import { Modal } from '../../components/modal/Modal';
import { Notice } from '../../components/Notice';
import {
  bookingFormCopy as copy,
  closedDayCopy,
  memberLinkCopy,
} from '../../content/services-content';
import type { BookingDraft, DraftField, DraftPhoto, MemberLink } from './booking-draft';
import { postalCodeError } from './booking-form-check';
import { bookingFieldIds } from './booking-form-fields';
import { BookingDetailsFields } from './BookingDetailsFields';
import { BookingPhotoField } from './BookingPhotoField';
import { ProjectDetailsField } from './ProjectDetailsField';
import { MemberLinkRequest } from './MemberLinkRequest';
import { MonthlyPlanVisits } from './MonthlyPlanVisits';
import { UploadProgress } from './UploadProgress';
import { useBookingSubmission } from './use-booking-submission';
import { useFieldErrors } from './use-field-errors';
import { useMonthlyPlanPreview } from './use-monthly-plan-preview';
import { usePhotoChoice } from './use-photo-choice';
import { useWindowAvailability } from './use-window-availability';
import './BookingFormModal.css';

interface BookingFormModalProps {
  readonly service: Service;
  readonly plan: Plan;
  readonly draft: BookingDraft;
  /** The emailed member link the page was opened with, sent with the booking. */
  readonly member?: MemberLink | null;
  readonly photo: DraftPhoto | null;
  readonly onDraftChange: (field: DraftField, value: string) => void;
  /** A Monthly Visit's full window swapped for `choice` ('' for none) of its week. */
  readonly onVisitChoice: (plannedDate: string, choice: string) => void;
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

/** docs/product.md sections 3 to 5: the booking form in its modal. */
export function BookingFormModal({
  service,
  plan,
  draft,
  member = null,
  photo,
  onDraftChange,
  onVisitChoice,
  onPhotoChange,
  idempotencyKey,
  onBack,
  onClose,
  onBooked,
}: BookingFormModalProps) {
  const id = useId();
  const isEstimate = plan.id === CUSTOM_ESTIMATE;
  const isMonthly = plan.id === 'monthly';
  // The member discount is for a one-time visit only: a plan or an estimate has none to offer.
  const isOneTime = plan.id === 'one-time';
  const day = useWindowAvailability(draft.date, !isEstimate);
  const { windowState } = day;
  // The chosen window closed or filled up for the chosen day: the first one still open is chosen
  // in its place, rather than a window the form would then refuse. A closed day has none.
  const chosenState = windowState(draft.time);
  const firstOpen = TIME_WINDOW_IDS.find((window) => windowState(window) === 'open');
  useEffect(() => {
    if (chosenState !== 'open' && firstOpen !== undefined) onDraftChange('time', firstOpen);
  }, [chosenState, firstOpen, onDraftChange]);
  const monthly = useMonthlyPlanPreview(draft.date, draft.time, isMonthly);
  const serviceAreas = useServiceAreas();
  const fieldErrors = useFieldErrors((field) => `${id}-${field}`);
  // A day we are closed is said at the date field as soon as the API says so, not only when the
  // form is sent: an error the form or the API gave there comes first until the date changes.
  const errors =
    day.closedReason === null || fieldErrors.errors.date !== undefined
      ? fieldErrors.errors
      : { ...fieldErrors.errors, date: closedDayCopy.dateError(day.closedReason) };
  const ids = bookingFieldIds(id, errors);
  const photoChoice = usePhotoChoice({
    onPhotoChange,
    onRefused: (message) => {
      fieldErrors.set('image', message);
    },
    onAccepted: () => {
      fieldErrors.clear('image');
    },
  });
  const { formError, busy, progress, submit } = useBookingSubmission({
    service,
    plan,
    draft,
    member,
    photo,
    day,
    serviceAreas,
    planPreview: monthly.state.kind === 'ready' ? monthly.state.preview : null,
    onConflict: monthly.retry,
    idempotencyKey,
    onBooked,
    showErrors: fieldErrors.show,
    replaceErrors: fieldErrors.replace,
  });

  return (
    <Modal title={isEstimate ? copy.estimateTitle : copy.title} onClose={onBack ?? onClose}>
      <form className="booking-form" noValidate onSubmit={submit}>
        {isOneTime && member !== null && (
          <p className="booking-form__member-note">
            {memberLinkCopy.note(PLAN_MEMBER_DISCOUNT_PERCENT)}
          </p>
        )}
        <BookingDetailsFields
          formId={id}
          ids={ids}
          service={service}
          plan={plan}
          draft={draft}
          errors={errors}
          windowState={windowState}
          onChange={(field, value) => {
            onDraftChange(field, value);
            fieldErrors.clear(field);
            // Another date or time is another plan: what was said of its visits no longer holds.
            if (field === 'date' || field === 'time') fieldErrors.clear('visits');
          }}
          onPostalCodeBlur={() => {
            // Only ever adds an error: typing clears it, and one the API gave stays until then.
            const error = postalCodeError(draft.postalCode, serviceAreas);
            if (error !== undefined) fieldErrors.set('postalCode', error);
          }}
        />
        {isMonthly && (
          <MonthlyPlanVisits
            ids={ids}
            state={monthly.state}
            choices={draft.visitChoices}
            error={errors.visits}
            onRetry={monthly.retry}
            onChoose={(plannedDate, choice) => {
              onVisitChoice(plannedDate, choice);
              fieldErrors.clear('visits');
            }}
          />
        )}
        {isEstimate && (
          <ProjectDetailsField
            id={ids.of('details')}
            describedBy={ids.describedBy('details', true)}
            value={draft.details}
            error={errors.details}
            onChange={(value) => {
              onDraftChange('details', value);
              fieldErrors.clear('details');
            }}
          />
        )}
        <BookingPhotoField
          ids={ids}
          error={errors.image}
          fileInput={photoChoice.fileInput}
          photo={photo}
          onChoose={photoChoice.choose}
          onRemove={photoChoice.remove}
        />
        {progress !== null && <UploadProgress id={`${id}-progress`} progress={progress} />}
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
            {busy ? copy.submitting : isEstimate ? copy.submitEstimate : copy.submit}
          </button>
        </div>
        {isEstimate && (
          <p id={`${id}-estimate-note`} className="booking-form__hint">
            {copy.estimateNote}
          </p>
        )}
      </form>
      {isOneTime && <MemberLinkRequest email={draft.email} />}
    </Modal>
  );
}
