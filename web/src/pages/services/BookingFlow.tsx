import { CUSTOM_ESTIMATE, type Plan } from '@hs/api/domain/booking/catalogue';
import { BookingMessages } from '@hs/api/domain/booking/booking-schema';
import { PaymentMessages } from '@hs/api/domain/payment/payment-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/api-client';
import type { NewBooking } from '../../api/bookings-api';
import { fetchPaymentSetup, startCheckout } from '../../api/payments-api';
import { queryKeys } from '../../api/query-keys';
import { BookingFormModal } from './BookingFormModal';
import {
  newIdempotencyKey,
  startingDraft,
  type DraftField,
  type DraftPhoto,
  type MemberLink,
  withField,
  withVisitChoice,
} from './booking-draft';
import { CLOSED, manageHref, type BookingStep, type FlowNotice } from './booking-step';
import { clearSavedDraft, useSavedDraft } from './use-saved-draft';
import { PaymentModal } from './PaymentModal';
import { PlanModal } from './PlanModal';

interface BookingFlowProps {
  readonly step: BookingStep;
  /** The next step (a new entry in the browser's history: Back returns to this one). */
  readonly onStep: (step: BookingStep) => void;
  /** The step before, as the browser's Back would go. */
  readonly onBack: () => void;
  readonly plans: readonly Plan[];
  /** A message for the page once the modals are gone (thanks, confirmation). */
  readonly onNotice: (notice: FlowNotice) => void;
  /** Sends the browser to the payment provider's checkout page. */
  readonly redirect: (url: string) => void;
  /** The emailed member-discount link the page was opened with: its address starts each form. */
  readonly member?: MemberLink | null;
}

function paymentFailure(error: unknown): Error {
  return new Error(
    error instanceof ApiError && (error.fromServer || error.status === 0)
      ? `${PaymentMessages.failed} ${error.message}`
      : PaymentMessages.failed,
  );
}

/**
 * The plan, booking-form and payment modals, and the form's values, which survive a trip to
 * payment and back, the closing of a modal, Back and a reload (for this browser tab), until a
 * booking is made.
 */
export function BookingFlow({
  step,
  onStep,
  onBack,
  plans,
  onNotice,
  redirect,
  member = null,
}: BookingFlowProps) {
  const [draft, setDraft] = useSavedDraft(member);
  const [photo, setPhoto] = useState<DraftPhoto | null>(null);
  const client = useQueryClient();
  const key = useRef<string | null>(null);
  const photoRef = useRef<DraftPhoto | null>(null);

  const replacePhoto = useCallback((next: DraftPhoto | null) => {
    if (photoRef.current) URL.revokeObjectURL(photoRef.current.url);
    photoRef.current = next;
    key.current = null;
    setPhoto(next);
  }, []);

  useEffect(
    () => () => {
      if (photoRef.current) URL.revokeObjectURL(photoRef.current.url);
    },
    [],
  );

  const close = useCallback(() => {
    onStep(CLOSED);
  }, [onStep]);

  /** A booking was made: the next one starts from a blank form again. */
  const finished = useCallback(() => {
    clearSavedDraft();
    setDraft(startingDraft(member));
    replacePhoto(null);
    key.current = null;
    onStep(CLOSED);
  }, [onStep, replacePhoto, member, setDraft]);

  if (step.kind === 'closed') return null;

  if (step.kind === 'plans') {
    return (
      <PlanModal
        service={step.service}
        plans={plans}
        onClose={close}
        onChoose={(plan) => {
          onStep({ kind: 'form', service: step.service, plan, viaPlans: true });
        }}
      />
    );
  }

  if (step.kind === 'payment') {
    return (
      <PaymentModal
        booking={step.booking}
        token={step.token}
        plan={step.plan}
        email={step.email}
        setup={step.setup}
        onClose={close}
        onBack={onBack}
        onPaid={(message) => {
          finished();
          onNotice({
            kind: 'booked',
            tone: 'success',
            text: message,
            reference: step.booking.reference,
            manageHref: manageHref(step.booking.id, step.token),
          });
        }}
        redirect={redirect}
      />
    );
  }

  const afterBooking = async ({ booking, token }: NewBooking) => {
    if (step.plan.id === CUSTOM_ESTIMATE || booking.amountCents === null) {
      finished();
      onNotice({
        kind: 'booked',
        tone: 'success',
        text: BookingMessages.estimateThanks,
        reference: booking.reference,
        manageHref: manageHref(booking.id, token),
      });
      return;
    }
    const setup = await client
      .query({
        queryKey: queryKeys.paymentSetup(),
        queryFn: ({ signal }) => fetchPaymentSetup(signal),
      })
      .catch((error: unknown) => {
        throw paymentFailure(error);
      });
    if (setup.provider === 'none') {
      close();
      onNotice({ kind: 'message', tone: 'info', text: PaymentMessages.notSetUp });
    } else if (setup.provider === 'stripe' && setup.publishableKey === null) {
      // Without a publishable key Stripe.js cannot take the card here: Stripe's own page does.
      const amount = booking.amountCents;
      const url = await startCheckout({
        bookingId: booking.id,
        token,
        amount,
        email: draft.email,
      }).catch((error: unknown) => {
        throw paymentFailure(error);
      });
      redirect(url);
    } else {
      onStep({ ...step, kind: 'payment', booking, token, setup, email: draft.email });
    }
  };

  return (
    <BookingFormModal
      service={step.service}
      plan={step.plan}
      draft={draft}
      member={member}
      photo={photo}
      onDraftChange={(field: DraftField, value: string) => {
        key.current = null;
        setDraft((current) => withField(current, field, value));
      }}
      onVisitChoice={(plannedDate, choice) => {
        key.current = null;
        setDraft((current) => withVisitChoice(current, plannedDate, choice));
      }}
      onPhotoChange={(file) => {
        replacePhoto(file === null ? null : { file, url: URL.createObjectURL(file) });
      }}
      idempotencyKey={() => (key.current ??= newIdempotencyKey())}
      onBack={step.viaPlans ? onBack : null}
      onClose={close}
      onBooked={afterBooking}
    />
  );
}
