import { z } from 'zod';
import type { InPagePaymentResult, PaymentSetup } from '../domain/payment/payment-schema';

/** The shapes of the payment routes' answers, for the API reference (they check nothing). */

export const paymentSetupSchema = z.object({
  provider: z
    .enum(['stripe', 'test', 'none'])
    .describe("'stripe': Stripe's card form; 'test': the test cards; 'none': no payment is taken."),
  publishableKey: z.string().nullable(),
  currency: z.literal('cad'),
}) satisfies z.ZodType<PaymentSetup>;

export const inPagePaymentResultSchema = z.object({
  status: z.enum(['succeeded', 'processing', 'requires_action']),
  message: z.string(),
  clientSecret: z
    .string()
    .optional()
    .describe("For 'requires_action': hand it to Stripe.js to finish (3-D Secure)."),
}) satisfies z.ZodType<InPagePaymentResult>;
