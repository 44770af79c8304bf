import { BookingMessages } from '@hs/api/domain/booking/booking-schema';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useCancelBooking } from '../../api/booking-changes';
import { Notice } from '../../components/Notice';
import { bookingResultCopy as copy } from '../../content/services-content';
import { manageHref, type FlowNotice, type PaymentStep } from './booking-step';
import './BookingResult.css';

interface BookingResultProps {
  readonly notice: FlowNotice;
  /** Pay now, for a booking left unpaid: the payment modal again. */
  readonly onPay: (payment: PaymentStep) => void;
  /** The result changed (the unpaid booking was cancelled) or was put away. */
  readonly onNotice: (notice: FlowNotice | null) => void;
  /**
   * A booking dialog is still open: the flow's last step goes with the browser's history, a
   * moment after the result is known, and a focus taken before then would be taken back.
   */
  readonly flowOpen: boolean;
}

/**
 * How the booking flow ended, in the page rather than in a passing toast (docs/product.md
 * section 4): brought into view and focused as it appears, so the person reads it where they
 * are looking, with the reference and what they can do next.
 */
export function BookingResult({ notice, onPay, onNotice, flowOpen }: BookingResultProps) {
  const id = useId();
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    if (flowOpen) return;
    // Once the modal has closed and given the focus back: the result takes it from there.
    region.current?.scrollIntoView({ block: 'center' });
    region.current?.focus({ preventScroll: true });
  }, [notice, flowOpen]);

  return (
    <section
      ref={region}
      className={`booking-result booking-result--${notice.kind === 'unpaid' ? 'unpaid' : notice.tone}`}
      aria-labelledby={`${id}-heading`}
      tabIndex={-1}
    >
      <h2 id={`${id}-heading`} className="booking-result__heading">
        {notice.kind === 'unpaid'
          ? copy.unpaidHeading
          : notice.kind === 'booked'
            ? copy.bookedHeading
            : copy.messageHeading}
      </h2>
      {notice.kind === 'unpaid' ? (
        <Unpaid payment={notice.payment} onPay={onPay} onNotice={onNotice} />
      ) : (
        <>
          <Notice tone={notice.tone}>{notice.text}</Notice>
          {notice.kind === 'booked' ? (
            <>
              <p className="booking-result__reference">
                {copy.reference} <strong>{notice.reference}</strong>
              </p>
              <p className="button-row">
                <Link className="button" to={notice.manageHref}>
                  {copy.manage}
                </Link>
                <Dismiss onNotice={onNotice} />
              </p>
            </>
          ) : (
            <p className="button-row">
              <Dismiss onNotice={onNotice} />
            </p>
          )}
        </>
      )}
    </section>
  );
}

function Dismiss({ onNotice }: Pick<BookingResultProps, 'onNotice'>) {
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => {
        onNotice(null);
      }}
    >
      {copy.dismiss}
    </button>
  );
}

/** A booking the customer stepped away from before paying: Pay now, or cancel it outright. */
function Unpaid({
  payment,
  onPay,
  onNotice,
}: {
  readonly payment: PaymentStep;
} & Pick<BookingResultProps, 'onPay' | 'onNotice'>) {
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { booking, token } = payment;
  const cancellation = useCancelBooking({ bookingId: booking.id, token });
  // Once cancelled, the page says so in place of this result.
  const busy = cancellation.isPending || cancellation.isSuccess;
  const cancel = () => {
    cancellation.mutate(undefined, {
      onSuccess: () => {
        onNotice({ kind: 'message', tone: 'success', text: BookingMessages.cancelled });
      },
      onError: (error) => {
        setAsking(false);
        setFailure(error instanceof Error ? error.message : BookingMessages.cannotCancel);
      },
    });
  };
  return (
    <>
      <Notice tone="info">{copy.unpaidText(booking.service)}</Notice>
      <p className="booking-result__reference">
        {copy.reference} <strong>{booking.reference}</strong>
      </p>
      <p>{copy.unpaidEmail}</p>
      {failure === null ? null : <Notice tone="error">{failure}</Notice>}
      {asking ? (
        <div className="button-row" role="group" aria-label={copy.cancelQuestion}>
          <p className="booking-result__question">{copy.cancelQuestion}</p>
          <button type="button" className="button button--danger" onClick={cancel} disabled={busy}>
            {busy ? copy.cancelling : copy.cancelConfirm}
          </button>
          <button
            type="button"
            className="button button--secondary"
            autoFocus
            disabled={busy}
            onClick={() => {
              setAsking(false);
            }}
          >
            {copy.cancelKeep}
          </button>
        </div>
      ) : (
        <p className="button-row">
          <button
            type="button"
            className="button"
            onClick={() => {
              onPay(payment);
            }}
          >
            {copy.payNow}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setAsking(true);
            }}
          >
            {copy.cancel}
          </button>
          <Link to={manageHref(booking.id, token)}>{copy.manage}</Link>
        </p>
      )}
    </>
  );
}
