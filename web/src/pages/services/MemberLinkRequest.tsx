import { useMutation } from '@tanstack/react-query';
import { emailField } from '@hs/api/domain/auth/auth-schemas';
import { PLAN_MEMBER_DISCOUNT_PERCENT } from '@hs/api/domain/booking/catalogue';
import { PlanMessages } from '@hs/api/domain/subscription/plan-messages';
import { useId, useState, type SubmitEvent } from 'react';
import { ApiError, NETWORK_FAILURE } from '../../api/api-client';
import { requestMemberLink } from '../../api/plans-api';
import { Notice } from '../../components/Notice';
import { memberLinkCopy as copy } from '../../content/services-content';
import { BookingField } from './BookingField';

type Outcome = { readonly tone: 'success' | 'error'; readonly text: string } | null;

interface MemberLinkRequestProps {
  /** The booking form's email when the disclosure opens: a member has likely typed it already. */
  readonly email: string;
}

/**
 * "Monthly Visit member? Get 10% off": a disclosure where a plan's customer asks for the
 * discount link to be emailed. It stands outside the booking form, as a form may not hold
 * another, and its answer is the same whether or not the address has a plan.
 */
export function MemberLinkRequest({ email }: MemberLinkRequestProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className="member-link">
      <button
        type="button"
        className="text-button"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onClick={() => {
          setOpen(!open);
        }}
      >
        {copy.toggle(PLAN_MEMBER_DISCOUNT_PERCENT)}
      </button>
      {open && <MemberLinkForm id={`${id}-panel`} initialEmail={email} />}
    </div>
  );
}

interface MemberLinkFormProps {
  readonly id: string;
  readonly initialEmail: string;
}

function MemberLinkForm({ id, initialEmail }: MemberLinkFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const request = useMutation({ mutationFn: requestMemberLink });
  const sending = request.isPending;
  const inputId = `${id}-email`;

  const send = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setOutcome(null);
    // The API's own rule first, so that an empty or broken address is said at its field.
    const checked = emailField.safeParse(email);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    request.mutate(checked.data, {
      onSuccess: (body) => {
        const message = body?.message;
        setOutcome({
          tone: 'success',
          text:
            typeof message === 'string' && message !== '' ? message : PlanMessages.memberLinkSent,
        });
      },
      onError: (failure) => {
        // A 400 names the field as well; a 429 or an unreachable server says only why.
        if (failure instanceof ApiError) setError(failure.fields.email);
        setOutcome({
          tone: 'error',
          text: failure instanceof Error ? failure.message : NETWORK_FAILURE,
        });
      },
    });
  };

  return (
    <form id={id} className="member-link__form" noValidate onSubmit={send}>
      <p className="booking-form__hint">{copy.lead}</p>
      <BookingField id={inputId} label={copy.email} error={error}>
        <input
          id={inputId}
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : `${inputId}-error`}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
        />
      </BookingField>
      <div className="button-row">
        <button type="submit" className="button button--secondary" disabled={sending}>
          {sending ? copy.sending : copy.send}
        </button>
      </div>
      {/* A status for the answer, an alert for a refusal: each is read out as it comes. */}
      {outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}
    </form>
  );
}
