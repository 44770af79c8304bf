import type { Logger } from '../platform/logger';

/** What a payment pays for: a booking at its own price, or a plan's period at the plan's. */
const PAID_FOR = {
  booking: {
    idField: 'bookingId',
    message: 'payment amount differs from the booking price; left for an operator',
  },
  plan: {
    idField: 'subscriptionId',
    message: 'plan invoice amount differs from the plan price; left for an operator',
  },
} as const;

/**
 * Whether the provider took another amount than the price. Such a payment is not the one the
 * record waits for, so it changes nothing and is logged for an operator to look at. An event that
 * does not say the amount (null) is taken at its word.
 */
export function paidAmountDiffers(
  logger: Logger,
  paidFor: keyof typeof PAID_FOR,
  id: string,
  paid: number | null,
  price: number | null | undefined,
): boolean {
  if (paid === null || paid === price) return false;
  const { idField, message } = PAID_FOR[paidFor];
  logger.error({ [idField]: id, paid, price }, message);
  return true;
}
