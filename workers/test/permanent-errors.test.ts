import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { isPermanentRefusal } from '../src/worker-pool';

describe('which job failures are final', () => {
  it("treats a remote service's refusal as final, but not a timeout, a rate limit or an outage", () => {
    const refusal = (statusCode: number) =>
      new Stripe.errors.StripeInvalidRequestError({
        type: 'invalid_request_error',
        message: 'Charge ch_1 has already been refunded.',
        statusCode,
      });
    expect(isPermanentRefusal(refusal(400))).toBe(true);
    expect(isPermanentRefusal(refusal(404))).toBe(true);
    expect(isPermanentRefusal(refusal(408))).toBe(false);
    expect(isPermanentRefusal(refusal(429))).toBe(false);
    expect(isPermanentRefusal(refusal(500))).toBe(false);
    expect(isPermanentRefusal(new Error('connect ECONNREFUSED 127.0.0.1:1025'))).toBe(false);
    expect(isPermanentRefusal('nonsense')).toBe(false);
  });

  it("treats a mail server's 5xx reply as final and its 4xx as a request to try later", () => {
    const reply = (responseCode: number) =>
      Object.assign(new Error(`Message failed: ${String(responseCode)} try elsewhere`), {
        code: 'EMESSAGE',
        responseCode,
      });
    expect(isPermanentRefusal(reply(550))).toBe(true);
    expect(isPermanentRefusal(reply(553))).toBe(true);
    expect(isPermanentRefusal(reply(421))).toBe(false);
    expect(isPermanentRefusal(reply(451))).toBe(false);
  });
});
