import type { InPagePaymentResult, PaymentSetup } from '@hs/api/domain/payment/payment-schema';
import { apiRequest } from './api-client';

/** The payment calls of the services page (docs/product.md section 7). */

/** Which provider takes the card: Stripe's hosted checkout, the local test form, or none. */
export function fetchPaymentSetup(signal?: AbortSignal): Promise<PaymentSetup> {
  return apiRequest<PaymentSetup>('/api/payments/config', signal ? { signal } : {});
}

export interface CheckoutRequest {
  bookingId: string;
  /**
   * The booking's token from the booking answer or the manage link: only the booking's owner can
   * pay for it. Without one, the signed-in owner's `login` proves it.
   */
  token?: string;
  login?: string | null;
  /** CAD cents, as the server priced the booking. */
  amount: number;
  email: string;
}

/** Opens the provider's hosted checkout for a booking; the browser is then sent to `url`. */
export async function startCheckout(request: CheckoutRequest): Promise<string> {
  const { login, ...body } = request;
  const { url } = await apiRequest<{ url: string }>('/api/payments/checkout', {
    method: 'POST',
    body,
    ...(login ? { token: login } : {}),
  });
  return url;
}

export interface InPagePaymentRequest {
  bookingId: string;
  /** The booking's token from the booking answer. */
  token: string;
  amount: number;
  customerEmail: string;
  /** The provider's card token: the card number itself never reaches our server. */
  paymentMethodId: string;
}

/** Confirm Payment in the 'Complete Your Payment' modal; a declined card is a 402 ApiError. */
export function payInPage(request: InPagePaymentRequest): Promise<InPagePaymentResult> {
  return apiRequest<InPagePaymentResult>('/api/payments', {
    method: 'POST',
    body: { ...request, paymentMethod: 'card' },
  });
}
