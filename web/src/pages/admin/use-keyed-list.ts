import { useState } from 'react';
import { LIST_TOP, type ListPlace } from '../../api/admin-api';
import type { Turn } from './CursorPager';

/**
 * A long list read by key, and its filter: the page turns to the place the pager sends (the
 * cursor of the list's answer), a new filter starts again from the top, and `turned` remembers
 * the pager button last pressed, which the new page's pager gives the focus back to.
 */
export function useKeyedList<F extends ListPlace>(initial: F) {
  const [filter, setFilter] = useState<F>(initial);
  const [turned, setTurned] = useState<Turn | null>(null);
  const turnPage = (turn: Turn, cursor: string) => {
    setFilter((current) => ({
      ...current,
      after: turn === 'forward' ? cursor : '',
      before: turn === 'back' ? cursor : '',
    }));
    setTurned(turn);
  };
  const changeFilter = (change: Partial<Omit<F, keyof ListPlace>>) => {
    setFilter((current) => ({ ...current, ...change, ...LIST_TOP }));
    setTurned(null);
  };
  return { filter, turned, turnPage, changeFilter };
}
