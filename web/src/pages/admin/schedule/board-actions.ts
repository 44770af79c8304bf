import type { Crew } from '@hs/api/domain/admin/admin-views';
import { type RefObject, useEffect, useRef } from 'react';
import type { ScheduleMove } from '../../../api/admin-api';
import type { AdminSession } from '../use-admin-data';

/** What a move changes beyond the booking itself. */
export interface MoveEffects {
  /** The places used changed too (a visit moved, or ended): the week is read again. */
  readonly reload: boolean;
  /**
   * The control that made the move is gone (its card moved, or its buttons no longer apply):
   * focus goes to the visit's card rather than being lost with it.
   */
  readonly focusCard: boolean;
}

/** What every part of the board needs to act on a visit and to say how it went. */
export interface BoardActions {
  readonly session: AdminSession;
  readonly crews: readonly Crew[];
  /** The week's closed days (the business calendar) with why: no visit is put on them. */
  readonly closedDays: ReadonlyMap<string, string>;
  readonly onMoved: (move: ScheduleMove, effects: MoveEffects) => void;
  /** Any refusal but an ended session or a non-admin (which close the console), in words. */
  readonly onFailed: (error: unknown) => void;
  /** The element to focus once it is on screen (see useFocusRequest), or null. */
  readonly focusTarget: string | null;
  readonly onFocused: () => void;
}

/** The focus target of a visit's card. */
export const cardTarget = (bookingId: string) => `visit:${bookingId}`;
/** The focus target of a day's Day sheet button, given back the focus on leaving its sheet. */
export const sheetButtonTarget = (date: string) => `sheet:${date}`;
export const SHEET_VIEW_TARGET = 'day-sheet';

/**
 * Focuses the element once the board asks for `target`, as soon as it is on screen: a card
 * rendered again in another window after a move, or a button rendered again on the way back
 * from a day sheet. After the layout effects, so the page's own scroll to the top comes first.
 */
export function useFocusRequest<T extends HTMLElement>(
  board: Pick<BoardActions, 'focusTarget' | 'onFocused'>,
  target: string,
): RefObject<T | null> {
  const ref = useRef<T>(null);
  const requested = board.focusTarget === target;
  const { onFocused } = board;
  useEffect(() => {
    if (!requested || ref.current === null) return;
    ref.current.focus();
    onFocused();
  }, [requested, onFocused]);
  return ref;
}
