import { useMutation } from '@tanstack/react-query';
import type { AdminBookingView } from '@hs/api/domain/admin/admin-views';
import { useId, useState } from 'react';
import { assignCrew } from '../../../api/admin-api';
import type { BoardActions } from './board-actions';
import { scheduleContent as copy } from './schedule-content';

interface CrewPickerProps {
  readonly booking: AdminBookingView;
  /** The crews going to another visit of the same window. */
  readonly busyCrews: ReadonlySet<string>;
  readonly board: BoardActions;
}

const UNASSIGNED = '';

/**
 * The crew going to a visit: chosen in a list, then assigned with its button, so that moving
 * through the list with the arrow keys sends nothing. Busy crews are listed but cannot be picked.
 */
export function CrewPicker({ booking, busyCrews, board }: CrewPickerProps) {
  const selectId = useId();
  // null: the crew the visit has now, whatever it becomes after a reload.
  const [choice, setChoice] = useState<string | null>(null);
  const assignment = useMutation({
    mutationFn: (crewId: string | null) => assignCrew(board.session.token, booking.id, crewId),
  });
  const busy = assignment.isPending;
  const current = booking.crewId ?? UNASSIGNED;
  const selected = choice ?? current;

  const assign = () => {
    assignment.mutate(selected === UNASSIGNED ? null : selected, {
      onSuccess: (move) => {
        setChoice(null);
        board.onMoved(move, { reload: false, focusCard: false });
      },
      onError: board.onFailed,
    });
  };

  return (
    <div className="schedule-crew">
      <label htmlFor={selectId}>
        {copy.crewLabelStart}
        <span className="visually-hidden">{copy.crewLabelEnd(booking.reference)}</span>
      </label>
      <select
        id={selectId}
        value={selected}
        disabled={busy}
        onChange={(event) => {
          setChoice(event.target.value);
        }}
      >
        <option value={UNASSIGNED}>{copy.unassigned}</option>
        {board.crews.map((crew) => {
          const elsewhere = busyCrews.has(crew.id);
          return (
            <option key={crew.id} value={crew.id} disabled={elsewhere}>
              {elsewhere ? `${crew.name} ${copy.busy}` : crew.name}
            </option>
          );
        })}
      </select>
      <button
        type="button"
        className="button button--secondary"
        disabled={busy || selected === current}
        aria-label={busy ? copy.assigning : copy.assignLabel(booking.reference)}
        onClick={assign}
      >
        {busy ? copy.assigning : copy.assign}
      </button>
    </div>
  );
}
