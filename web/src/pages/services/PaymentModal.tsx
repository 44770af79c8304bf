import type { BookingView } from '@hs/api/domain/booking/booking-schema';
import { formatCad, planLabel, type Plan } from '@hs/api/domain/booking/catalogue';
import { longDate } from '@hs/api/domain/calendar/toronto-date';
import { PaymentMessages } from '@hs/api/domain/payment/payment-messages';
import {
  CardMessages,
  cardFormSchema,
  testPaymentMethodFor,
} from '@hs/api/domain/payment/test-cards';
import { useId, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { ApiError } from '../../api/api-client';
import { payInPage, startCheckout } from '../../api/payments-api';
import { Modal } from '../../components/modal/Modal';
import { Notice } from '../../components/Notice';
import { paymentCopy as copy } from '../../content/services-content';
import './PaymentModal.css';

type CardField = 'cardNumber' | 'expiry' | 'cvv' | 'nameOnCard';
type CardValues = Record<CardField, string>;
type Method = 'card' | 'paypal';

const EMPTY_CARD: CardValues = { cardNumber: '', expiry: '', cvv: '', nameOnCard: '' };

const CARD_FIELDS = [
  {
    field: 'cardNumber',
    label: copy.cardNumber,
    autoComplete: 'cc-number',
    inputMode: 'numeric',
    placeholder: '1234 5678 9012 3456',
    maxLength: 19,
  },
  {
    field: 'expiry',
    label: copy.expiry,
    autoComplete: 'cc-exp',
    inputMode: 'numeric',
    placeholder: 'MM/YY',
    maxLength: 5,
  },
  {
    field: 'cvv',
    label: copy.cvv,
    autoComplete: 'cc-csc',
    inputMode: 'numeric',
    placeholder: '123',
    maxLength: 3,
  },
  {
    field: 'nameOnCard',
    label: copy.nameOnCard,
    autoComplete: 'cc-name',
    inputMode: 'text',
    placeholder: '',
    maxLength: 100,
  },
] as const;

interface PaymentModalProps {
  readonly booking: BookingView;
  readonly plan: Plan;
  /** Where the confirmation goes: the email of the booking form. */
  readonly email: string;
  readonly onBack: () => void;
  readonly onClose: () => void;
  /** Called with the confirmation text once the payment is taken. */
  readonly onPaid: (message: string) => void;
  /** Sends the browser to the provider's checkout page. */
  readonly redirect: (url: string) => void;
}

/**
 * SPEC.md section 2: 'Complete Your Payment' with the local test provider. The card number is
 * turned into the provider's token here, as Stripe.js would do, and never sent to our server.
 */
export function PaymentModal({
  booking,
  plan,
  email,
  onBack,
  onClose,
  onPaid,
  redirect,
}: PaymentModalProps) {
  const id = useId();
  const [method, setMethod] = useState<Method>('card');
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tabs = useRef<Record<Method, HTMLButtonElement | null>>({ card: null, paypal: null });
  const amount = booking.amountCents ?? 0;

  const fieldId = (field: CardField) => `${id}-${field}`;

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

  const payOnCheckoutPage = () => {
    setBusy(true);
    setFailure(null);
    startCheckout({ bookingId: booking.id, amount, email }).then(redirect, (error: unknown) => {
      setBusy(false);
      setFailure(
        error instanceof ApiError && error.fromServer
          ? `${PaymentMessages.failed} ${error.message}`
          : PaymentMessages.failed,
      );
    });
  };

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const parsed = cardFormSchema().safeParse(card);
    if (!parsed.success) {
      const found: Partial<Record<CardField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as CardField;
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = CARD_FIELDS.find(({ field }) => found[field] !== undefined);
      if (first) document.getElementById(fieldId(first.field))?.focus();
      return;
    }
    const paymentMethodId = testPaymentMethodFor(parsed.data.cardNumber);
    if (paymentMethodId === null) {
      setErrors({ cardNumber: CardMessages.notATestCard });
      document.getElementById(fieldId('cardNumber'))?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    payInPage({ bookingId: booking.id, amount, customerEmail: email, paymentMethodId }).then(
      (result) => {
        if (result.status === 'requires_action') {
          setBusy(false);
          setFailure(PaymentMessages.failed);
          return;
        }
        onPaid(PaymentMessages.confirmed(booking.service, email));
      },
      (error: unknown) => {
        setBusy(false);
        // A decline (402) says why in the server's words; anything else keeps to SPEC's text.
        setFailure(
          error instanceof ApiError && error.status === 402 && error.fromServer
            ? `${PaymentMessages.failed} ${error.message}`
            : PaymentMessages.failed,
        );
      },
    );
  };

  return (
    <Modal title={copy.title} onClose={onClose} size="wide">
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
            <form className="payment__form" noValidate onSubmit={submit}>
              {CARD_FIELDS.map(({ field, label, ...input }) => (
                <div
                  key={field}
                  className={`booking-form__field payment__field--${field}${errors[field] === undefined ? '' : ' booking-form__field--invalid'}`}
                >
                  <label htmlFor={fieldId(field)}>{label}</label>
                  <input
                    id={fieldId(field)}
                    name={field}
                    type="text"
                    required
                    autoComplete={input.autoComplete}
                    inputMode={input.inputMode}
                    placeholder={input.placeholder}
                    maxLength={input.maxLength}
                    aria-invalid={errors[field] !== undefined}
                    aria-describedby={errors[field] ? `${fieldId(field)}-error` : undefined}
                    value={card[field]}
                    onChange={(event) => {
                      const value = event.target.value;
                      setCard((current) => ({ ...current, [field]: value }));
                    }}
                  />
                  {errors[field] !== undefined && (
                    <p id={`${fieldId(field)}-error`} className="booking-form__error">
                      {errors[field]}
                    </p>
                  )}
                </div>
              ))}
              <p className="payment__ssl">
                <span aria-hidden="true">🔒 </span>
                {copy.ssl}
              </p>
              <div className="button-row">
                <button type="button" className="button button--secondary" onClick={onBack}>
                  {copy.back}
                </button>
                <button type="submit" className="button" disabled={busy} aria-busy={busy}>
                  {busy ? copy.confirming : copy.confirm}
                </button>
              </div>
            </form>
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
