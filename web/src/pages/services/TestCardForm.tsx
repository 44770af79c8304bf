import {
  CardMessages,
  cardFormSchema,
  testPaymentMethodFor,
} from '@hs/api/domain/payment/test-cards';
import { useId, useState, type SyntheticEvent } from 'react';
import { paymentCopy as copy } from '../../content/services-content';
import { formatExpiry } from './card-format';
import type { CardToken } from './card-token';
import { CardTextField, PaymentFormActions } from './PaymentFormParts';

type CardField = 'cardNumber' | 'expiry' | 'cvv' | 'nameOnCard';
type CardValues = Record<CardField, string>;

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

interface TestCardFormProps {
  readonly busy: boolean;
  readonly onBack: () => void;
  readonly onCard: (card: CardToken) => void;
}

/**
 * The card fields of docs/product.md section 2 with the rules of section 5, for the local test provider.
 * A test card becomes the provider's token here, as Stripe.js would do with a real card.
 */
export function TestCardForm({ busy, onBack, onCard }: TestCardFormProps) {
  const id = useId();
  const [card, setCard] = useState<CardValues>(EMPTY_CARD);
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const fieldId = (field: CardField) => `${id}-${field}`;

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
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
    onCard({ paymentMethodId });
  };

  return (
    <form className="payment__form" noValidate onSubmit={submit}>
      {CARD_FIELDS.map(({ field, ...input }) => (
        <CardTextField
          key={field}
          id={fieldId(field)}
          name={field}
          {...input}
          value={card[field]}
          error={errors[field]}
          onChange={(value) => {
            setCard((current) => ({
              ...current,
              [field]: field === 'expiry' ? formatExpiry(value) : value,
            }));
          }}
        />
      ))}
      <PaymentFormActions busy={busy} onBack={onBack} />
    </form>
  );
}
