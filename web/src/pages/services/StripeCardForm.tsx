import { PaymentMessages } from '@hs/api/domain/payment/payment-messages';
import { cardFormSchema } from '@hs/api/domain/payment/test-cards';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { queryKeys } from '../../api/query-keys';
import { Notice } from '../../components/Notice';
import { paymentCopy as copy } from '../../content/services-content';
import type { CardToken } from './card-token';
import { CardTextField, PaymentFormActions } from './PaymentFormParts';
import { loadStripeOnce } from './stripe-loader';

interface StripeCardFormProps {
  readonly publishableKey: string;
  /** The booking's address, given to Stripe with the card for its receipt and fraud checks. */
  readonly email: string;
  readonly busy: boolean;
  readonly onBack: () => void;
  readonly onCard: (card: CardToken) => void;
}

type Loading = 'loading' | 'ready' | 'failed';

/**
 * The card entered through Stripe Elements: number, expiry and CVC live in Stripe's own frame and
 * never touch this page's scripts or our server. Our form adds the name on the card.
 */
export function StripeCardForm({
  publishableKey,
  email,
  busy,
  onBack,
  onCard,
}: StripeCardFormProps) {
  const id = useId();
  const mountPoint = useRef<HTMLDivElement>(null);
  const stripeCard = useRef<{ stripe: Stripe; card: StripeCardElement } | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [tokenizing, setTokenizing] = useState(false);
  // Stripe.js once per key for the whole visit; a failed load is tried again when a form mounts.
  const stripeQuery = useQuery({
    queryKey: queryKeys.stripe(publishableKey),
    queryFn: () => loadStripeOnce(publishableKey),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  const stripe = stripeQuery.data;
  const loading: Loading = stripe ? 'ready' : stripeQuery.isError ? 'failed' : 'loading';

  useEffect(() => {
    if (!stripe || !mountPoint.current) return;
    const card = stripe.elements().create('card', { style: { base: { fontSize: '16px' } } });
    card.on('change', (event) => {
      setCardError(event.error?.message ?? null);
    });
    card.mount(mountPoint.current);
    stripeCard.current = { stripe, card };
    return () => {
      card.destroy();
      stripeCard.current = null;
    };
  }, [stripe]);

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || tokenizing || !stripeCard.current) return;
    const parsedName = cardFormSchema().shape.nameOnCard.safeParse(name);
    if (!parsedName.success) {
      setNameError(parsedName.error.issues[0]?.message);
      document.getElementById(`${id}-name`)?.focus();
      return;
    }
    setNameError(undefined);
    const { stripe, card } = stripeCard.current;
    setTokenizing(true);
    const { paymentMethod, error } = await stripe.createPaymentMethod({
      type: 'card',
      card,
      billing_details: { name: parsedName.data, email },
    });
    setTokenizing(false);
    if (error) {
      setCardError(error.message ?? PaymentMessages.failed);
      card.focus();
      return;
    }
    onCard({
      paymentMethodId: paymentMethod.id,
      authenticate: async (clientSecret) => {
        const answer = await stripe.handleNextAction({ clientSecret });
        return answer.error ? (answer.error.message ?? PaymentMessages.failed) : null;
      },
    });
  };

  return (
    <form
      className="payment__form"
      noValidate
      onSubmit={(event) => {
        void submit(event);
      }}
    >
      <div
        className={`booking-form__field payment__field--cardNumber${cardError === null ? '' : ' booking-form__field--invalid'}`}
      >
        {/* The inputs are in Stripe's frame, which labels them itself; this names the group. */}
        <span
          id={`${id}-card-label`}
          className="payment__label"
          onClick={() => stripeCard.current?.card.focus()}
        >
          {copy.cardDetails}
        </span>
        <div
          ref={mountPoint}
          role="group"
          aria-labelledby={`${id}-card-label`}
          aria-describedby={cardError === null ? undefined : `${id}-card-error`}
          className="payment__stripe-card"
          data-state={loading}
        />
        {loading === 'loading' && <p className="booking-form__hint">{copy.cardLoading}</p>}
        {cardError !== null && (
          <p id={`${id}-card-error`} className="booking-form__error" role="alert">
            {cardError}
          </p>
        )}
      </div>
      {loading === 'failed' && <Notice tone="error">{copy.cardUnavailable}</Notice>}
      <CardTextField
        id={`${id}-name`}
        name="nameOnCard"
        label={copy.nameOnCard}
        value={name}
        error={nameError}
        autoComplete="cc-name"
        inputMode="text"
        placeholder=""
        maxLength={100}
        onChange={(value) => {
          setName(value);
        }}
      />
      <PaymentFormActions
        busy={busy || tokenizing}
        disabled={loading !== 'ready'}
        onBack={onBack}
      />
    </form>
  );
}
