import { useId, useState } from 'react';
import { useCancelBooking } from '../../api/booking-changes';
import type { BookingChange, BookingLink } from '../../api/bookings-api';
import { bookingPageContent as copy } from '../../content/site-content';

/** The words of a cancel: a booking's own, or the skip of a plan's visit. */
export interface CancelWords {
  readonly heading: string;
  readonly button: string;
  readonly confirm: string;
  readonly keep: string;
  readonly working: string;
}

const BOOKING_WORDS: CancelWords = {
  heading: copy.cancelHeading,
  button: copy.cancelButton,
  confirm: copy.cancelConfirm,
  keep: copy.cancelKeep,
  working: copy.cancelling,
};

interface CancelBookingProps {
  /** The booking (or plan visit) and the proof of owning it. */
  readonly link: BookingLink;
  /** What the cancel gives back, said before the customer confirms; null for nothing to say. */
  readonly note: string | null;
  readonly words?: CancelWords;
  readonly level?: 2 | 3 | 4;
  /**
   * Set when a control of its own opened it (a plan visit's Skip): it asks straight away, and
   * going back (or a refusal, which the page reports) closes it again.
   */
  readonly onClose?: () => void;
  /** The email's Cancel link opened the page: it asks straight away, the safe answer focused. */
  readonly asked?: boolean;
  readonly onChanged: (change: BookingChange) => void;
  /** The message to show, and the refusal itself for a page that reads more into it. */
  readonly onFailed: (message: string, error: unknown) => void;
}

/** Cancel, with one confirming step that says whether the money comes back. */
export function CancelBooking({
  link,
  note,
  words = BOOKING_WORDS,
  level = 2,
  onClose,
  asked = false,
  onChanged,
  onFailed,
}: CancelBookingProps) {
  const id = useId();
  const Heading = `h${String(level)}` as 'h2' | 'h3' | 'h4';
  const [confirming, setConfirming] = useState(onClose !== undefined || asked);
  const cancellation = useCancelBooking(link);
  // Once cancelled, the page replaces this panel with the booking as it now stands.
  const busy = cancellation.isPending || cancellation.isSuccess;

  const cancel = () => {
    cancellation.mutate(undefined, {
      onSuccess: onChanged,
      onError: (error) => {
        onFailed(error instanceof Error ? error.message : 'Something went wrong!', error);
        if (onClose) onClose();
        else setConfirming(false);
      },
    });
  };
  const keep = () => {
    if (onClose) onClose();
    else setConfirming(false);
  };

  return (
    <section className="manage-booking__panel" aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`}>{words.heading}</Heading>
      {note === null ? null : <p id={`${id}-note`}>{note}</p>}
      {confirming ? (
        <div
          className="button-row"
          role="group"
          aria-labelledby={`${id}-heading`}
          aria-describedby={note === null ? undefined : `${id}-note`}
        >
          <button type="button" className="button button--danger" onClick={cancel} disabled={busy}>
            {busy ? words.working : words.confirm}
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={keep}
            disabled={busy}
            // Opened by another control, which stays behind: the safe answer takes the focus.
            autoFocus={onClose !== undefined || asked}
          >
            {words.keep}
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setConfirming(true);
          }}
        >
          {words.button}
        </button>
      )}
    </section>
  );
}
