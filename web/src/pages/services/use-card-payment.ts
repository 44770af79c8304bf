import type { BookingView } from '@hs/api/domain/booking/booking-schema';
import { PaymentMessages } from '@hs/api/domain/payment/payment-messages';
import { useState } from 'react';
import { ApiError } from '../../api/api-client';
import { payInPage, startCheckout } from '../../api/payments-api';
import type { CardToken } from './card-token';

interface CardPaymentOptions {
  readonly booking: BookingView;
  /** The booking's token from the booking answer: the proof that this page may pay for it. */
  readonly token: string;
  readonly email: string;
  /** Called with the confirmation text once the payment is taken. */
  readonly onPaid: (message: string) => void;
  /** Sends the browser to the provider's checkout page. */
  readonly redirect: (url: string) => void;
}

/**
 * Paying for the booking: in the page with the card form's token, through the bank's check when
 * it asks for one, or on the provider's checkout page instead.
 */
export function useCardPayment({ booking, token, email, onPaid, redirect }: CardPaymentOptions) {
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [authenticating, setAuthenticating] = useState(false);
  const amount = booking.amountCents ?? 0;

  /** docs/product.md's 'Payment failed. Please try again.', with the reason when someone gave one. */
  const fail = (reason: string | null) => {
    setBusy(false);
    setFailure(reason === null ? PaymentMessages.failed : `${PaymentMessages.failed} ${reason}`);
  };

  const payOnCheckoutPage = () => {
    setBusy(true);
    setFailure(null);
    startCheckout({ bookingId: booking.id, token, amount, email }).then(
      redirect,
      (error: unknown) => {
        fail(error instanceof ApiError && error.fromServer ? error.message : null);
      },
    );
  };

  /** The bank's answer: null once the customer passed its check, else why not. */
  const authenticate = async (card: CardToken, clientSecret: string | undefined) => {
    if (!card.authenticate || !clientSecret) return PaymentMessages.failed;
    // Only Stripe.js can show the check, in an overlay of its own that a modal dialog would
    // cover and make inert: the payment dialog steps aside meanwhile.
    setAuthenticating(true);
    try {
      return await card.authenticate(clientSecret);
    } finally {
      setAuthenticating(false);
    }
  };

  const pay = async (card: CardToken) => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      const result = await payInPage({
        bookingId: booking.id,
        token,
        amount,
        customerEmail: email,
        paymentMethodId: card.paymentMethodId,
      });
      if (result.status === 'requires_action') {
        // The bank wants the customer to confirm the payment (3-D Secure).
        const problem = await authenticate(card, result.clientSecret);
        if (problem !== null) {
          fail(problem === PaymentMessages.failed ? null : problem);
          return;
        }
      }
      onPaid(PaymentMessages.confirmed(booking.service, email));
    } catch (error) {
      // A decline (402) says why in the card issuer's words; anything else keeps to docs/product.md's text.
      fail(error instanceof ApiError && error.status === 402 ? error.reason : null);
    }
  };

  return {
    amount,
    busy,
    failure,
    authenticating,
    payOnCheckoutPage,
    payWithCard: (card: CardToken) => {
      void pay(card);
    },
  };
}
