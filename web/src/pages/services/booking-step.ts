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
  | {
      readonly kind: 'payment';
      readonly service: Service;
      readonly plan: Plan;
      readonly viaPlans: boolean;
      readonly booking: BookingView;
      /** The booking's token from the booking answer: it lets this page pay for the booking. */
      readonly token: string;
      readonly setup: PaymentSetup;
    };

export const CLOSED: BookingStep = { kind: 'closed' };

export interface FlowNotice {
  readonly tone: 'success' | 'info';
  readonly text: string;
}
