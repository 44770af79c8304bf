import { useEffect, useRef } from 'react';
import { adminContent as copy } from './admin-content';

/** Where a list paged by key stands: the admin API's answers carry these beside their rows. */
interface KeyedPage {
  /** How many the filters find, or null when the list is not counted (a search). */
  readonly total: number | null;
  /** The place after the last row, or null on the last page. */
  readonly next: string | null;
  /** The place before the first row, or null on the first page. */
  readonly previous: string | null;
}

/** Which way the operator last turned, so the focus can follow them onto the new page. */
export type Turn = 'back' | 'forward';

interface CursorPagerProps {
  readonly list: KeyedPage;
  /** How many rows this page shows (a search's count). */
  readonly shown: number;
  /** What is counted, in the singular: 'booking'. */
  readonly noun: string;
  /**
   * `time` when the list runs newest to oldest: the buttons say Newer and Older. `order` when it
   * runs in another order (soonest visit first): they say Previous and Next.
   */
  readonly words: 'time' | 'order';
  /** The button the operator pressed to reach this page, which keeps the focus. */
  readonly turned: Turn | null;
  readonly onTurn: (turn: Turn, cursor: string) => void;
}

/**
 * How many there are (from the API's index count, or for a search what this page shows and
 * whether more follow) and the buttons to the pages on either side, disabled at the ends.
 */
export function CursorPager({ list, shown, noun, words, turned, onTurn }: CursorPagerProps) {
  const back = useRef<HTMLButtonElement>(null);
  const forward = useRef<HTMLButtonElement>(null);
  const { total, next, previous } = list;
  const nouns = `${noun}s`;

  useEffect(() => {
    if (turned === null) return;
    // Stay on the pressed button; at the end of the list it is disabled, so take the other one.
    const pressed = turned === 'back' ? back.current : forward.current;
    const other = turned === 'back' ? forward.current : back.current;
    (pressed && !pressed.disabled ? pressed : other)?.focus();
  }, [turned, next, previous]);

  return (
    <div className="admin-pager">
      <p className="admin-pager__count">
        {total === null
          ? copy.found(shown, next !== null || previous !== null, noun)
          : copy.count(total, noun)}
      </p>
      {next !== null || previous !== null ? (
        <div className="button-row">
          <button
            ref={back}
            type="button"
            className="button button--secondary"
            aria-label={words === 'time' ? copy.newerLabel(nouns) : copy.previousLabel(nouns)}
            disabled={previous === null}
            onClick={() => {
              if (previous !== null) onTurn('back', previous);
            }}
          >
            {words === 'time' ? copy.newer : copy.previous}
          </button>
          <button
            ref={forward}
            type="button"
            className="button button--secondary"
            aria-label={words === 'time' ? copy.olderLabel(nouns) : copy.nextLabel(nouns)}
            disabled={next === null}
            onClick={() => {
              if (next !== null) onTurn('forward', next);
            }}
          >
            {words === 'time' ? copy.older : copy.next}
          </button>
        </div>
      ) : null}
    </div>
  );
}
