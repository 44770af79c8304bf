import { useEffect, useState } from 'react';
import { homeTimings } from '../../../content/home-content';

interface TypingState {
  readonly shown: number;
  readonly phase: 'typing' | 'deleting';
}

function delayBefore(state: TypingState, total: number): number {
  if (state.phase === 'typing' && state.shown === total) return homeTimings.typingCompletePauseMs;
  if (state.phase === 'deleting' && state.shown === 0) return homeTimings.typingEmptyPauseMs;
  return homeTimings.typingWordMs;
}

function step(state: TypingState, total: number): TypingState {
  if (state.phase === 'typing') {
    return state.shown < total
      ? { shown: state.shown + 1, phase: 'typing' }
      : { shown: total - 1, phase: 'deleting' };
  }
  return state.shown > 0
    ? { shown: state.shown - 1, phase: 'deleting' }
    : { shown: 1, phase: 'typing' };
}

export interface TypingLoop {
  /** How many words to show now: all of them while the loop is stopped. */
  readonly shown: number;
  /** Jump to the complete sentence, so that a resumed loop starts with its pause. */
  readonly complete: () => void;
}

/**
 * docs/product.md section 2: a sentence typed a word at a time, held when complete, deleted a word at a
 * time, held when empty, and again. Each step waits for its own delay, so the holds need no
 * counting of ticks.
 */
export function useTypingLoop(totalWords: number, running: boolean): TypingLoop {
  const [state, setState] = useState<TypingState>({ shown: 0, phase: 'typing' });

  useEffect(() => {
    if (!running) return;
    const id = setTimeout(
      () => {
        setState((current) => step(current, totalWords));
      },
      delayBefore(state, totalWords),
    );
    return () => {
      clearTimeout(id);
    };
  }, [running, state, totalWords]);

  return {
    shown: running ? Math.min(state.shown, totalWords) : totalWords,
    complete: () => {
      setState({ shown: totalWords, phase: 'typing' });
    },
  };
}
