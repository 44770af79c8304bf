import type { BookingView } from '@hs/api/domain/booking/booking-schema';
import { formatCad, planLabel, type Plan } from '@hs/api/domain/booking/catalogue';
import { longDate } from '@hs/api/domain/calendar/toronto-date';
import { PaymentMessages } from '@hs/api/domain/payment/payment-messages';
import type { PaymentSetup } from '@hs/api/domain/payment/payment-schema';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError } from '../../api/api-client';
import { payInPage, startCheckout } from '../../api/payments-api';
import { Modal } from '../../components/modal/Modal';
import { Notice } from '../../components/Notice';
import { paymentCopy as copy } from '../../content/services-content';
import type { CardToken } from './card-token';
import './PaymentModal.css';
import { StripeCardForm } from './StripeCardForm';
import { TestCardForm } from './TestCardForm';

type Method = 'card' | 'paypal';

interface PaymentModalProps {
  readonly booking: BookingView;
  /** The booking's token from the booking answer: the proof that this page may pay for it. */
  readonly token: string;
  readonly plan: Plan;
  /** Where the confirmation goes: the email of the booking form. */
  readonly email: string;
  /** Who takes the card: Stripe Elements with a publishable key, else the test card form. */
  readonly setup: PaymentSetup;
  readonly onBack: () => void;
  readonly onClose: () => void;
  /** Called with the confirmation text once the payment is taken. */
  readonly onPaid: (message: string) => void;
  /** Sends the browser to the provider's checkout page. */
  readonly redirect: (url: string) => void;
}

/**
 * SPEC.md section 2: 'Complete Your Payment'. The card becomes the provider's token in the card
 * form (Stripe Elements, or the test card form locally) and only the token reaches our server.
 */
export function PaymentModal({
  booking,
  token,
  plan,
  email,
  setup,
  onBack,
  onClose,
  onPaid,
  redirect,
}: PaymentModalProps) {
  const id = useId();
  const [method, setMethod] = useState<Method>('card');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [authenticating, setAuthenticating] = useState(false);
  const tabs = useRef<Record<Method, HTMLButtonElement | null>>({ card: null, paypal: null });
  const amount = booking.amountCents ?? 0;

  const chooseMethod = (next: Method) => {
    setMethod(next);
    tabs.current[next]?.focus();
  };

  // The tabs follow the ARIA tabs pattern: arrows, Home and End move between them.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) {
      event.preventDefault();
      const next: Method =
        event.key === 'Home'
          ? 'card'
          : event.key === 'End'
            ? 'paypal'
            : method === 'card'
              ? 'paypal'
              : 'card';
      chooseMethod(next);
    }
  };

  /** SPEC.md's 'Payment failed. Please try again.', with the reason when someone gave one. */
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
        // The bank wants the customer to confirm (3-D Secure); only Stripe.js can show that, in
        // an overlay of its own that a modal dialog would cover and make inert.
        let problem: string | null = PaymentMessages.failed;
        if (card.authenticate && result.clientSecret) {
          setAuthenticating(true);
          try {
            problem = await card.authenticate(result.clientSecret);
          } finally {
            setAuthenticating(false);
          }
        }
        if (problem !== null) {
          fail(problem === PaymentMessages.failed ? null : problem);
          return;
        }
      }
      onPaid(PaymentMessages.confirmed(booking.service, email));
    } catch (error) {
      // A decline (402) says why in the card issuer's words; anything else keeps to SPEC's text.
      fail(error instanceof ApiError && error.status === 402 ? error.reason : null);
    }
  };

  const onCard = (card: CardToken) => {
    void pay(card);
  };

  return (
    <Modal title={copy.title} onClose={onClose} size="wide" modal={!authenticating}>
      <div className="payment">
        <section className="payment__summary" aria-labelledby={`${id}-summary`}>
          <h3 id={`${id}-summary`}>{copy.summary}</h3>
          <dl className="booking-summary">
            <dt>{copy.service}</dt>
            <dd>{booking.service}</dd>
            <dt>{copy.plan}</dt>
            <dd>{planLabel(plan)}</dd>
            <dt>{copy.date}</dt>
            <dd>{booking.date ? longDate(booking.date) : copy.toBeScheduled}</dd>
            <dt>{copy.time}</dt>
            <dd>{booking.timeLabel}</dd>
            <dt>{copy.total}</dt>
            <dd className="payment__total">{formatCad(amount)}</dd>
          </dl>
        </section>
        <section className="payment__method" aria-labelledby={`${id}-methods`}>
          <h3 id={`${id}-methods`}>{copy.methods}</h3>
          <div className="payment__tabs" role="tablist" aria-labelledby={`${id}-methods`}>
            {(['card', 'paypal'] as const).map((tab) => (
              <button
                key={tab}
                ref={(element) => {
                  tabs.current[tab] = element;
                }}
                id={`${id}-tab-${tab}`}
                type="button"
                role="tab"
                className="payment__tab"
                aria-selected={method === tab}
                aria-controls={`${id}-panel-${tab}`}
                tabIndex={method === tab ? 0 : -1}
                onClick={() => {
                  setMethod(tab);
                }}
                onKeyDown={onTabKey}
              >
                {tab === 'card' ? copy.card : copy.paypal}
              </button>
            ))}
          </div>
          <div
            id={`${id}-panel-card`}
            role="tabpanel"
            aria-labelledby={`${id}-tab-card`}
            hidden={method !== 'card'}
          >
            {setup.provider === 'stripe' && setup.publishableKey !== null ? (
              <StripeCardForm
                publishableKey={setup.publishableKey}
                email={email}
                busy={busy}
                onBack={onBack}
                onCard={onCard}
              />
            ) : (
              <TestCardForm busy={busy} onBack={onBack} onCard={onCard} />
            )}
          </div>
          <div
            id={`${id}-panel-paypal`}
            role="tabpanel"
            aria-labelledby={`${id}-tab-paypal`}
            hidden={method !== 'paypal'}
          >
            <Notice tone="info">{copy.paypalNote}</Notice>
            <div className="button-row">
              <button type="button" className="button button--secondary" onClick={onBack}>
                {copy.back}
              </button>
            </div>
          </div>
          {failure !== null && <Notice tone="error">{failure}</Notice>}
          <button
            type="button"
            className="button button--secondary payment__checkout"
            disabled={busy}
            onClick={payOnCheckoutPage}
          >
            {copy.checkoutInstead}
          </button>
        </section>
      </div>
    </Modal>
  );
}
