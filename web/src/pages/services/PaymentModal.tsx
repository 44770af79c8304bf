import type { BookingView } from '@hs/api/domain/booking/booking-schema';
import type { Plan } from '@hs/api/domain/booking/catalogue';
import type { PaymentSetup } from '@hs/api/domain/payment/payment-schema';
import { useId, useState } from 'react';
import { Modal } from '../../components/modal/Modal';
import { Notice } from '../../components/Notice';
import { paymentCopy as copy } from '../../content/services-content';
import './PaymentModal.css';
import {
  methodPanelId,
  methodTabId,
  PaymentMethodTabs,
  type PaymentMethod,
} from './PaymentMethodTabs';
import { PaymentSummary } from './PaymentSummary';
import { StripeCardForm } from './StripeCardForm';
import { TestCardForm } from './TestCardForm';
import { useCardPayment } from './use-card-payment';

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
 * docs/product.md section 2: 'Complete Your Payment'. The card becomes the provider's token in the card
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
  const [method, setMethod] = useState<PaymentMethod>('card');
  const payment = useCardPayment({ booking, token, email, onPaid, redirect });
  const { busy } = payment;

  const panel = (of: PaymentMethod) => ({
    id: methodPanelId(id, of),
    role: 'tabpanel',
    'aria-labelledby': methodTabId(id, of),
    hidden: method !== of,
  });

  return (
    <Modal title={copy.title} onClose={onClose} size="wide" modal={!payment.authenticating}>
      <div className="payment">
        <PaymentSummary
          headingId={`${id}-summary`}
          booking={booking}
          plan={plan}
          amount={payment.amount}
        />
        <section className="payment__method" aria-labelledby={`${id}-methods`}>
          <h3 id={`${id}-methods`}>{copy.methods}</h3>
          <PaymentMethodTabs
            idPrefix={id}
            labelledBy={`${id}-methods`}
            method={method}
            onChange={setMethod}
          />
          <div {...panel('card')}>
            {setup.provider === 'stripe' && setup.publishableKey !== null ? (
              <StripeCardForm
                publishableKey={setup.publishableKey}
                email={email}
                busy={busy}
                onBack={onBack}
                onCard={payment.payWithCard}
              />
            ) : (
              <TestCardForm busy={busy} onBack={onBack} onCard={payment.payWithCard} />
            )}
          </div>
          <div {...panel('paypal')}>
            <Notice tone="info">{copy.paypalNote}</Notice>
            <div className="button-row">
              <button type="button" className="button button--secondary" onClick={onBack}>
                {copy.back}
              </button>
            </div>
          </div>
          {payment.failure !== null && <Notice tone="error">{payment.failure}</Notice>}
          <button
            type="button"
            className="button button--secondary payment__checkout"
            disabled={busy}
            onClick={payment.payOnCheckoutPage}
          >
            {copy.checkoutInstead}
          </button>
        </section>
      </div>
    </Modal>
  );
}
