import { useMutation } from '@tanstack/react-query';
import type { AdminBookingView } from '@hs/api/domain/admin/admin-views';
import { BOOKING_STATUS_LABELS, type BookingStatus } from '@hs/api/domain/booking/booking-status';
import { useEffect, useRef, useState } from 'react';
import { changeBookingStatus } from '../../../api/admin-api';
import { bookingsContent } from '../admin-content';
import { ConfirmQuestion } from '../ConfirmQuestion';
import type { BoardActions } from './board-actions';
import { scheduleContent as copy } from './schedule-content';

type Outcome = Extract<BookingStatus, 'done' | 'no_show'>;

interface VisitOutcomeProps {
  readonly booking: AdminBookingView;
  readonly board: BoardActions;
}

/**
 * How the visit went, from its day on (the API offers the two moves only then). A no-show asks
 * once more: it tells the customer their visit was missed.
 */
export function VisitOutcome({ booking, board }: VisitOutcomeProps) {
  const [confirming, setConfirming] = useState(false);
  const outcomeMark = useMutation({
    mutationFn: (outcome: Outcome) => changeBookingStatus(board.session.token, booking.id, outcome),
  });
  const busy = outcomeMark.isPending;
  const noShowButton = useRef<HTMLButtonElement>(null);
  // Going back from the question gives the focus back to the button that asked it.
  const refocus = useRef(false);
  useEffect(() => {
    if (!confirming && refocus.current) {
      refocus.current = false;
      noShowButton.current?.focus();
    }
  }, [confirming]);

  const canMark = (outcome: Outcome) => booking.allowedStatuses.includes(outcome);
  if (!canMark('done') && !canMark('no_show')) return null;

  const mark = (outcome: Outcome) => {
    outcomeMark.mutate(outcome, {
      onSuccess: ({ booking: marked, message }) => {
        setConfirming(false);
        board.onMoved(
          {
            booking: marked,
            message:
              message ?? bookingsContent.changed(marked.reference, BOOKING_STATUS_LABELS[outcome]),
          },
          { reload: true, focusCard: true },
        );
      },
      onError: (error) => {
        refocus.current = confirming;
        setConfirming(false);
        board.onFailed(error);
      },
    });
  };

  if (confirming) {
    return (
      <ConfirmQuestion
        question={copy.confirmNoShow(booking.reference)}
        yes={busy ? copy.marking : copy.confirmNoShowYes}
        no={copy.confirmNoShowNo}
        danger
        busy={busy}
        onYes={() => {
          mark('no_show');
        }}
        onNo={() => {
          refocus.current = true;
          setConfirming(false);
        }}
      />
    );
  }

  return (
    <div className="admin-status-control">
      {canMark('done') ? (
        <button
          type="button"
          className="button"
          disabled={busy}
          aria-label={busy ? copy.marking : copy.doneLabel(booking.reference)}
          onClick={() => {
            mark('done');
          }}
        >
          {busy ? copy.marking : copy.done}
        </button>
      ) : null}
      {canMark('no_show') ? (
        <button
          ref={noShowButton}
          type="button"
          className="button button--secondary"
          disabled={busy}
          aria-label={copy.noShowLabel(booking.reference)}
          onClick={() => {
            setConfirming(true);
          }}
        >
          {copy.noShow}
        </button>
      ) : null}
    </div>
  );
}
