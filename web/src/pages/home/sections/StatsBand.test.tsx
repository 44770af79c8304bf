import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removeMatchMedia, stubMatchMedia } from '../test-support';
import { StatsBand } from './StatsBand';

const FINAL = ['870', '20,000+', '298', '723'];

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  removeMatchMedia();
});

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function renderBand(reducedMotion = false) {
  stubMatchMedia({ reducedMotion });
  const { container } = render(<StatsBand />);
  const shown = () =>
    [...container.querySelectorAll('.stats-band__value')].map((value) => value.textContent);
  const labels = () =>
    [...container.querySelectorAll('.stats-band__label')].map((label) => label.textContent);
  return { container, shown, labels };
}

/** Hands the test the observer's callback, to say when the band comes into view. */
function stubIntersectionObserver() {
  const callbacks: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
  const disconnect = vi.fn();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        callbacks.push(callback);
      }
      observe() {
        return undefined;
      }
      disconnect() {
        disconnect();
      }
    },
  );
  return {
    comeIntoView: () => {
      act(() => {
        for (const callback of callbacks) callback([{ isIntersecting: true }]);
      });
    },
    disconnect,
  };
}

describe('StatsBand', () => {
  it('counts from 0 to the final numbers in 3 s, with commas and the + suffix', () => {
    const { shown, labels } = renderBand();
    expect(labels()).toEqual(['Expert Employees', 'Hours Work', 'Work done', 'Active Employees']);
    expect(shown()).toEqual(['0', '0+', '0', '0']);

    advance(1500);
    const halfway = shown().map((text) => Number(text.replace(/[,+]/g, '')));
    expect(halfway[0]).toBeGreaterThan(0);
    expect(halfway[0]).toBeLessThan(870);
    expect(halfway[1]).toBeGreaterThan(1000);
    expect(halfway[1]).toBeLessThan(20_000);

    advance(500);
    expect(shown()[1]).not.toBe('20,000+');
    advance(1000);
    expect(shown()).toEqual(FINAL);
    advance(5000);
    expect(shown()).toEqual(FINAL);
  });

  it('reads the final numbers to screen readers from the start', () => {
    const { container } = renderBand();
    const items = [...container.querySelectorAll('li')].map((item) =>
      [...item.querySelectorAll(':scope > :not([aria-hidden="true"])')]
        .map((part) => part.textContent)
        .join(' '),
    );
    expect(items).toEqual([
      '870 Expert Employees',
      '20,000+ Hours Work',
      '298 Work done',
      '723 Active Employees',
    ]);
  });

  it('waits for the band to come into view before counting', () => {
    const observer = stubIntersectionObserver();
    const { shown } = renderBand();
    advance(5000);
    expect(shown()).toEqual(['0', '0+', '0', '0']);

    observer.comeIntoView();
    expect(observer.disconnect).toHaveBeenCalled();
    advance(3000);
    expect(shown()).toEqual(FINAL);
  });

  it('shows the final numbers at once under reduced motion', () => {
    stubIntersectionObserver();
    const { shown } = renderBand(true);
    expect(shown()).toEqual(FINAL);
  });
});
