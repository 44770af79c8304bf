import type { BookingView } from '@hs/api/domain/booking/booking-schema';
import { PaymentMessages } from '@hs/api/domain/payment/payment-messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/api-client';
import { invalidateBookingReaders } from '../../api/booking-changes';
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
  const [authenticating, setAuthenticating] = useState(false);
  const amount = booking.amountCents ?? 0;
  const client = useQueryClient();

  const checkout = useMutation({ mutationFn: startCheckout });

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

  const payment = useMutation({
    /** Answers null once paid, or what the bank's check said when it was not passed. */
    mutationFn: async (card: CardToken): Promise<string | null> => {
      const result = await payInPage({
        bookingId: booking.id,
        token,
        amount,
        customerEmail: email,
        paymentMethodId: card.paymentMethodId,
      });
      // The bank may want the customer to confirm the payment (3-D Secure).
      return result.status === 'requires_action' ? authenticate(card, result.clientSecret) : null;
    },
    // Paid (or on its way): the signed-in customer's list shows it so.
    onSuccess: () => invalidateBookingReaders(client),
  });

  // Once paid, or on the way to the checkout page, nothing more is to be pressed.
  const busy =
    checkout.isPending ||
    checkout.isSuccess ||
    payment.isPending ||
    (payment.isSuccess && payment.data === null);

  /** docs/product.md's 'Payment failed. Please try again.', with the reason when someone gave one. */
  const fail = (reason: string | null) => {
    setFailure(reason === null ? PaymentMessages.failed : `${PaymentMessages.failed} ${reason}`);
  };

  const payOnCheckoutPage = () => {
    setFailure(null);
    checkout.mutate(
      { bookingId: booking.id, token, amount, email },
      {
        onSuccess: (url) => {
          redirect(url);
        },
        onError: (error) => {
          fail(error instanceof ApiError && error.fromServer ? error.message : null);
        },
      },
    );
  };

  const payWithCard = (card: CardToken) => {
    if (busy) return;
    setFailure(null);
    payment.mutate(card, {
      onSuccess: (problem) => {
        if (problem === null) onPaid(PaymentMessages.confirmed(booking.service, email));
        else fail(problem === PaymentMessages.failed ? null : problem);
      },
      onError: (error) => {
        // A decline (402) says why in the card issuer's words; anything else keeps to docs/product.md's text.
        fail(error instanceof ApiError && error.status === 402 ? error.reason : null);
      },
    });
  };

  return { amount, busy, failure, authenticating, payOnCheckoutPage, payWithCard };
}
