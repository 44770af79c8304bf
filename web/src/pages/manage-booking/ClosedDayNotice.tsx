import {
  timeLabel,
  type ClosedDayNotice as ClosedDay,
  type ManagedBookingView,
} from '@hs/api/domain/booking/booking-schema';
import { longDate } from '@hs/api/domain/calendar/toronto-date';
import { useId, useRef, useState } from 'react';
import { ApiError } from '../../api/api-client';
import { useRescheduleBooking } from '../../api/booking-changes';
import type { BookingChange, BookingLink } from '../../api/bookings-api';
import { closedDayCopy as copy } from '../../content/services-content';
import { bookingPageContent, torontoMoment } from '../../content/site-content';
import { CancelBooking, type CancelWords } from './CancelBooking';
import { RescheduleBooking } from './RescheduleBooking';
import './ManageBooking.css';

type Step = 'choose' | 'cancel';

interface ClosedDayNoticeProps {
  readonly booking: ManagedBookingView;
  /** The booking's `closedDay`: the day we closed, why, and the day offered instead. */
  readonly closedDay: ClosedDay;
  readonly link: BookingLink;
  /** The email's Cancel link opened the page: the cancel asks straight away. */
  readonly cancelAsked?: boolean;
  /** The visit moved or was cancelled here: the page shows it as it now is, and says so. */
  readonly onChanged: (change: BookingChange) => void;
  readonly onFailed: (message: string) => void;
  /**
   * A Monthly Visit plan's visit moves within its plan month, from the plan's own list:
   * "Choose another day" opens its Move there instead of a form here.
   */
  readonly onChooseInPlan?: () => void;
}

/**
 * The top of the manage page while the visit sits on a day the business closed after it was
 * booked (an operator's closure): the day and why, and the ways on. Move to the day offered in
 * one click, choose another day, or cancel (with a full refund for a paid visit, whatever the
 * 24-hour rule says). A plan's visit is moved in the plan's list, or skipped there.
 */
export function ClosedDayNotice({
  booking,
  closedDay,
  link,
  cancelAsked = false,
  onChanged,
  onFailed,
  onChooseInPlan,
}: ClosedDayNoticeProps) {
  const id = useId();
  const [step, setStep] = useState<Step | null>(cancelAsked ? 'cancel' : null);
  const move = useRescheduleBooking(link);
  const busy = move.isPending;
  // The day offered was booked by someone else, or closed too: it is offered no more.
  const [offerGone, setOfferGone] = useState(false);
  const openers = useRef<Record<Step, HTMLButtonElement | null>>({ choose: null, cancel: null });
  const inPlan = onChooseInPlan !== undefined;
  const offer =
    inPlan || offerGone || !booking.canReschedule || closedDay.offer === null
      ? null
      : {
          ...closedDay.offer,
          when: `${longDate(closedDay.offer.date)}, ${timeLabel(closedDay.offer.time)}`,
        };
  const canCancel = booking.canCancel && !inPlan;
  const refund = booking.refundOnCancel;

  const moveToOffer = () => {
    if (offer === null) return;
    move.mutate(
      { date: offer.date, time: offer.time },
      {
        onSuccess: onChanged,
        onError: (error) => {
          if (!(error instanceof ApiError)) {
            onFailed(error instanceof Error ? error.message : 'Something went wrong!');
            return;
          }
          // Its window filled up (409 on `time`), or its day is refused now (400): the offer
          // cannot be had any more, and the form to choose another day opens in its place.
          const taken = error.status === 409 && error.fields.time !== undefined;
          if (taken || error.status === 400) {
            setOfferGone(true);
            setStep('choose');
            onFailed(taken ? copy.offerTaken(offer.when) : error.message);
          } else {
            onFailed(error.message);
          }
        },
      },
    );
  };

  const close = (closing: Step) => () => {
    setStep(null);
    openers.current[closing]?.focus();
  };

  const opener = (opens: Step, text: string, primary: boolean) => (
    <button
      ref={(button) => {
        openers.current[opens] = button;
      }}
      type="button"
      className={primary ? 'button' : 'button button--secondary'}
      aria-expanded={inPlan ? undefined : step === opens}
      aria-controls={step === opens ? `${id}-panel` : undefined}
      disabled={busy}
      onClick={() => {
        if (opens === 'choose' && onChooseInPlan) onChooseInPlan();
        else setStep(step === opens ? null : opens);
      }}
    >
      {text}
    </button>
  );

  const choice = inPlan
    ? copy.choicePlan
    : booking.canReschedule || canCancel
      ? refund
        ? copy.choiceRefund
        : copy.choiceUnpaid
      : bookingPageContent.closed;

  return (
    <section className="closed-day" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{copy.heading}</h2>
      <p className="closed-day__when">
        {copy.closedOn(longDate(closedDay.date), closedDay.reason)}
      </p>
      {offer === null ? null : <p>{copy.offer(offer.when)}</p>}
      <p>{choice}</p>
      <div className="button-row">
        {offer === null ? null : (
          <button
            type="button"
            className="button"
            onClick={moveToOffer}
            disabled={busy}
            aria-busy={busy}
          >
            {busy ? copy.movingToOffer : copy.moveToOffer(offer.when)}
          </button>
        )}
        {booking.canReschedule ? opener('choose', copy.chooseDay, offer === null) : null}
        {canCancel
          ? opener('cancel', refund ? copy.cancelRefund : bookingPageContent.cancelButton, false)
          : null}
      </div>
      {step === 'choose' && !inPlan ? (
        <div id={`${id}-panel`}>
          <RescheduleBooking
            link={link}
            visit={booking}
            needsPlace={booking.amountCents !== null}
            note={moveNote(booking)}
            words={{
              heading: copy.chooseHeading,
              submit: bookingPageContent.moveButton,
              working: bookingPageContent.moving,
              close: copy.close,
            }}
            level={3}
            onClose={close('choose')}
            onChanged={onChanged}
            onFailed={onFailed}
          />
        </div>
      ) : null}
      {step === 'cancel' && canCancel ? (
        <div id={`${id}-panel`}>
          <CancelBooking
            link={link}
            note={refund ? bookingPageContent.refundNote : null}
            words={refund ? REFUND_WORDS : UNPAID_WORDS}
            level={3}
            onClose={close('cancel')}
            onChanged={onChanged}
            onFailed={onFailed}
          />
        </div>
      ) : null}
    </section>
  );
}

/** A paid visit on a closed day is refunded whenever it is cancelled; the confirm says so. */
const REFUND_WORDS: CancelWords = {
  heading: copy.cancelRefundHeading,
  button: copy.cancelRefund,
  confirm: copy.cancelRefundConfirm,
  keep: bookingPageContent.cancelKeep,
  working: bookingPageContent.cancelling,
};

const UNPAID_WORDS: CancelWords = {
  heading: bookingPageContent.cancelHeading,
  button: bookingPageContent.cancelButton,
  confirm: bookingPageContent.cancelConfirm,
  keep: bookingPageContent.cancelKeep,
  working: bookingPageContent.cancelling,
};

/**
 * Said before a paid visit leaves its closed day: it is then an ordinary visit again, refunded
 * only until the deadline of the visit as first booked, which may have passed already.
 */
function moveNote(booking: ManagedBookingView): string | null {
  if (booking.refundUntil === null) return null;
  return Date.parse(booking.refundUntil) > Date.now()
    ? bookingPageContent.moveKeepsDeadline(torontoMoment(booking.refundUntil))
    : copy.moveEndsRefund;
}
