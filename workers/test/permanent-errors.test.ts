import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { isPermanentClientError } from '../src/worker-pool';

describe('which job failures are final', () => {
  it("treats a remote service's refusal as final, but not a timeout, a rate limit or an outage", () => {
    const refusal = (statusCode: number) =>
      new Stripe.errors.StripeInvalidRequestError({
        type: 'invalid_request_error',
        message: 'Charge ch_1 has already been refunded.',
        statusCode,
      });
    expect(isPermanentClientError(refusal(400))).toBe(true);
    expect(isPermanentClientError(refusal(404))).toBe(true);
    expect(isPermanentClientError(refusal(408))).toBe(false);
    expect(isPermanentClientError(refusal(429))).toBe(false);
    expect(isPermanentClientError(refusal(500))).toBe(false);
    expect(isPermanentClientError(new Error('connect ECONNREFUSED 127.0.0.1:1025'))).toBe(false);
    expect(isPermanentClientError('nonsense')).toBe(false);
  });
});
