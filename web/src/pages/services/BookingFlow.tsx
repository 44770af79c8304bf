import { CUSTOM_ESTIMATE, type Plan } from '@hs/api/domain/booking/catalogue';
import { BookingMessages } from '@hs/api/domain/booking/booking-schema';
import { PaymentMessages } from '@hs/api/domain/payment/payment-messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/api-client';
import type { NewBooking } from '../../api/bookings-api';
import { fetchPaymentSetup, startCheckout } from '../../api/payments-api';
import { BookingFormModal } from './BookingFormModal';
import {
  newIdempotencyKey,
  startingDraft,
  type BookingDraft,
  type DraftField,
  type DraftPhoto,
  type MemberLink,
  withField,
  withVisitChoice,
} from './booking-draft';
import { CLOSED, type BookingStep, type FlowNotice } from './booking-step';
import { PaymentModal } from './PaymentModal';
import { PlanModal } from './PlanModal';

interface BookingFlowProps {
  readonly step: BookingStep;
  readonly onStep: (step: BookingStep) => void;
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
 * payment and back but not the closing of a modal.
 */
export function BookingFlow({
  step,
  onStep,
  plans,
  onNotice,
  redirect,
  member = null,
}: BookingFlowProps) {
  const [draft, setDraft] = useState<BookingDraft>(() => startingDraft(member));
  const [photo, setPhoto] = useState<DraftPhoto | null>(null);
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
    setDraft(startingDraft(member));
    replacePhoto(null);
    key.current = null;
    onStep(CLOSED);
  }, [onStep, replacePhoto, member]);

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

  const backToPlans = () => {
    setDraft(startingDraft(member));
    replacePhoto(null);
    key.current = null;
    onStep({ kind: 'plans', service: step.service });
  };

  if (step.kind === 'payment') {
    return (
      <PaymentModal
        booking={step.booking}
        token={step.token}
        plan={step.plan}
        email={draft.email}
        setup={step.setup}
        onClose={close}
        onBack={() => {
          onStep({ kind: 'form', service: step.service, plan: step.plan, viaPlans: step.viaPlans });
        }}
        onPaid={(message) => {
          close();
          onNotice({ tone: 'success', text: message });
        }}
        redirect={redirect}
      />
    );
  }

  const afterBooking = async ({ booking, token }: NewBooking) => {
    if (step.plan.id === CUSTOM_ESTIMATE || booking.amountCents === null) {
      close();
      onNotice({ tone: 'success', text: BookingMessages.estimateThanks });
      return;
    }
    const setup = await fetchPaymentSetup().catch((error: unknown) => {
      throw paymentFailure(error);
    });
    if (setup.provider === 'none') {
      close();
      onNotice({ tone: 'info', text: PaymentMessages.notSetUp });
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
      onStep({ ...step, kind: 'payment', booking, token, setup });
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
      onBack={step.viaPlans ? backToPlans : null}
      onClose={close}
      onBooked={afterBooking}
    />
  );
}
