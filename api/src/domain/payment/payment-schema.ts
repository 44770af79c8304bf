import '../zod-config';
import { z } from 'zod';
import { emailField } from '../auth/auth-schemas';
import { BOOKING_ID_PATTERN } from '../booking/booking-id';
import { bookingTokenField } from '../booking/booking-schema';
import { PaymentMessages } from './payment-messages';

/**
 * The payment calls of docs/product.md section 7, shared by the API and the site. Browser-safe.
 * Card numbers are not here on purpose: they go to the payment provider, never to our server.
 */

const bookingId = z
  .string({ error: 'bookingId is required.' })
  .regex(BOOKING_ID_PATTERN, 'bookingId must be a booking id.');

const amountCents = z
  .number({ error: 'amount must be a number of cents.' })
  .int('amount must be a whole number of cents.')
  .positive('amount must be a whole number of cents.')
  .max(10_000_000, 'amount must be a whole number of cents.');

/** POST /api/payments/checkout: opens the provider's hosted checkout for a booking. */
export const checkoutSchema = z.object({
  bookingId,
  amount: amountCents,
  email: emailField,
  token: bookingTokenField,
});

/** A provider's card token: Stripe's `pm_...` ids, or the local test provider's test tokens. */
export const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]{1,100}$/;

/** POST /api/payments: the in-page payment from the 'Complete Your Payment' modal. */
export const inPagePaymentSchema = z.object({
  bookingId,
  amount: amountCents,
  token: bookingTokenField,
  paymentMethod: z.literal('card', { error: PaymentMessages.methodNotOffered }),
  customerEmail: emailField,
  paymentMethodId: z
    .string({ error: 'paymentMethodId is required.' })
    .regex(PAYMENT_METHOD_ID, 'paymentMethodId must be a card token from the payment form.'),
});

export type CheckoutInput = z.infer<typeof checkoutSchema>;
export type InPagePaymentInput = z.infer<typeof inPagePaymentSchema>;

/** GET /api/payments/config: how the site's payment modal takes the card. */
export interface PaymentSetup {
  /**
   * 'stripe': Stripe's card form with `publishableKey`; 'test': the test card form; 'none': no
   * payment is taken (a production site without Stripe keys).
   */
  provider: 'stripe' | 'test' | 'none';
  publishableKey: string | null;
  currency: 'cad';
}

/** What POST /api/payments answers: the booking becomes paid when the provider's event arrives. */
export interface InPagePaymentResult {
  status: 'succeeded' | 'processing' | 'requires_action';
  message: string;
  /** For 'requires_action': the site hands it to Stripe.js to finish (3-D Secure). */
  clientSecret?: string;
}
