/**
 * What a quote's payment names at the payment provider where a booking's payment names its booking
 * id (the `bookingId` of a checkout's metadata): `quote_<quote id>_deposit` or `_balance`. Letters,
 * digits and underscores only, as Stripe's `client_reference_id` wants; never a booking id's shape
 * (32 hex characters), so a payment event is one or the other.
 */
export type QuotePaymentStage = 'deposit' | 'balance';

const PATTERN = /^quote_([a-f0-9]{24})_(deposit|balance)$/;

export function quotePaymentId(quoteId: string, stage: QuotePaymentStage): string {
  return `quote_${quoteId}_${stage}`;
}

export function parseQuotePaymentId(
  value: string | null | undefined,
): { quoteId: string; stage: QuotePaymentStage } | null {
  const match = PATTERN.exec(value ?? '');
  if (!match?.[1] || !match[2]) return null;
  return { quoteId: match[1], stage: match[2] as QuotePaymentStage };
}
