import '../zod-config';
import { z } from 'zod';

/**
 * The card form of docs/product.md section 5, and the test cards of the local test provider, which
 * behaves like Stripe's test mode. The site turns a test card into the provider's token in the
 * browser, as Stripe.js does with a real card, so no card number is ever sent to our server.
 */

export const CardMessages = {
  number: 'Card number must be 16 digits.',
  expiry: 'Expiry must be MM/YY with a month from 01 to 12.',
  expired: 'This card has expired.',
  cvv: 'CVV must be 3 digits.',
  name: 'Name on card is required.',
  notATestCard:
    'Payments here are in test mode: use 4242 4242 4242 4242 (succeeds) or 4000 0000 0000 0002 (declined).',
} as const;

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** True when MM/YY is this month or later. */
function notExpired(expiry: string, now: Date): boolean {
  const [month, year] = expiry.split('/').map(Number) as [number, number];
  const current = now.getFullYear() % 100;
  return year > current || (year === current && month >= now.getMonth() + 1);
}

export function cardFormSchema(now: () => Date = () => new Date()) {
  return z.object({
    cardNumber: z
      .string({ error: CardMessages.number })
      .transform(digitsOnly)
      .pipe(z.string().regex(/^\d{16}$/, CardMessages.number)),
    expiry: z
      .string({ error: CardMessages.expiry })
      .trim()
      .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, CardMessages.expiry)
      .refine((expiry) => notExpired(expiry, now()), CardMessages.expired),
    cvv: z
      .string({ error: CardMessages.cvv })
      .trim()
      .regex(/^\d{3}$/, CardMessages.cvv),
    nameOnCard: z.string({ error: CardMessages.name }).trim().min(1, CardMessages.name).max(100),
  });
}

export type CardForm = z.infer<ReturnType<typeof cardFormSchema>>;

/** Stripe's own test tokens, so the same ids work against Stripe in test mode. */
export const TEST_PAYMENT_METHODS = {
  succeeds: 'pm_card_visa',
  declined: 'pm_card_chargeDeclined',
} as const;

const TEST_CARDS: Record<string, string> = {
  '4242424242424242': TEST_PAYMENT_METHODS.succeeds,
  '4000000000000002': TEST_PAYMENT_METHODS.declined,
};

/** The test provider's token for a test card number, or null for any other number. */
export function testPaymentMethodFor(cardNumber: string): string | null {
  return TEST_CARDS[digitsOnly(cardNumber)] ?? null;
}
