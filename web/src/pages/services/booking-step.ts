import type { BookingView } from '@hs/api/domain/booking/booking-schema';
import type { Plan, Service } from '@hs/api/domain/booking/catalogue';
import type { PaymentSetup } from '@hs/api/domain/payment/payment-schema';

/*
 * The booking flow's steps, which the services page holds. In a file of their own: the page
 * loads BookingFlow.tsx (the modals, their checks, the payment forms) only after its cards.
 */

/** Where the visitor is in docs/product.md section 4's booking flow; one modal at a time. */
export type BookingStep =
  | { readonly kind: 'closed' }
  | { readonly kind: 'plans'; readonly service: Service }
  | {
      readonly kind: 'form';
      readonly service: Service;
      readonly plan: Plan;
      /** The plan modal led here, so Back and × return to it. */
      readonly viaPlans: boolean;
    }
  | PaymentStep;

/** Paying for a booking just made: what the payment modal, and a return to it, need. */
export interface PaymentStep {
  readonly kind: 'payment';
  readonly service: Service;
  readonly plan: Plan;
  readonly viaPlans: boolean;
  readonly booking: BookingView;
  /** The booking's token from the booking answer: it lets this page pay for the booking. */
  readonly token: string;
  readonly setup: PaymentSetup;
  /** Where the confirmation goes: the form's email. */
  readonly email: string;
}

export const CLOSED: BookingStep = { kind: 'closed' };

/**
 * How the booking flow ended, shown on the page once the modals are gone (docs/product.md
 * section 4): a plain message, a booking paid or an estimate asked for (with its reference and
 * its page), or a booking left unpaid (with Pay now and Cancel: never a dead end).
 */
export type FlowNotice =
  | { readonly kind: 'message'; readonly tone: 'success' | 'info'; readonly text: string }
  | {
      readonly kind: 'booked';
      readonly tone: 'success';
      readonly text: string;
      readonly reference: string;
      readonly manageHref: string;
    }
  | { readonly kind: 'unpaid'; readonly payment: PaymentStep };

/** The page of a booking, with the token of the booking answer as its proof. */
export function manageHref(bookingId: string, token: string): string {
  return `/bookings/manage?${new URLSearchParams({ booking: bookingId, token }).toString()}`;
}
