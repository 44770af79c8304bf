import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderWithQueryClient } from '../../../test-support/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test-support/api-stub';
import { testimonialsContent } from '../../../content/home-later-content';
import { removeMatchMedia, stubMatchMedia } from '../test-support';
import { Testimonials } from './Testimonials';

const NAMES = testimonialsContent.testimonials.map((testimonial) => testimonial.name);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  removeMatchMedia();
});

function renderCarousel(reducedMotion = false) {
  stubMatchMedia({ reducedMotion });
  renderWithQueryClient(<Testimonials />);
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function live(): HTMLElement {
  const element = document.querySelector<HTMLElement>('.testimonials__live');
  if (element === null) throw new Error('no live region');
  return element;
}

function shownName(): string | null {
  return live().querySelector('.testimonial__name')?.textContent ?? null;
}

function currentDot(): string | null {
  const current = screen
    .getAllByRole('button', { name: /^Show testimonial/ })
    .filter((dot) => dot.getAttribute('aria-current') === 'true');
  expect(current).toHaveLength(1);
  return current[0]?.getAttribute('aria-label') ?? null;
}

describe('Testimonials', () => {
  it('keeps the copies that size the stage away from assistive technology', () => {
    renderCarousel();
    const sizers = [...document.querySelectorAll('.testimonials__sizer')];
    expect(sizers).toHaveLength(3);
    for (const sizer of sizers) expect(sizer.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getAllByRole('group', { name: /^Testimonial \d of 3$/ })).toHaveLength(1);
  });

  it('shows name, role, a 5 out of 5 rating, the words and the portrait', () => {
    renderCarousel();
    const [first] = testimonialsContent.testimonials;
    if (first === undefined) throw new Error('no testimonials');
    expect(shownName()).toBe(first.name);
    const card = within(live()).getByRole('group', { name: 'Testimonial 1 of 3' });
    within(card).getByText(first.role);
    within(card).getByText('5 out of 5');
    within(card).getByText('★★★★★');
    within(card).getByText(first.text);
    expect(card.querySelector('.testimonial__avatar')?.getAttribute('src')).toBe(
      '/images/testimonials/person-1-320.webp',
    );
    screen.getByText('Rated 4.9/5 from 2,500+ reviews.');
  });

  it('moves on every 5000 ms and wraps from the last to the first', () => {
    renderCarousel();
    advance(4999);
    expect(shownName()).toBe(NAMES[0]);
    advance(1);
    expect(shownName()).toBe(NAMES[1]);
    expect(currentDot()).toBe('Show testimonial 2');
    advance(5000);
    expect(shownName()).toBe(NAMES[2]);
    advance(5000);
    expect(shownName()).toBe(NAMES[0]);
    expect(currentDot()).toBe('Show testimonial 1');
  });

  it('goes back from the first to the last, forward again, and to any by its dot', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    expect(shownName()).toBe(NAMES[2]);
    expect(currentDot()).toBe('Show testimonial 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(shownName()).toBe(NAMES[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Show testimonial 2' }));
    expect(shownName()).toBe(NAMES[1]);
    expect(currentDot()).toBe('Show testimonial 2');
  });

  it('gives a testimonial chosen by hand a full 5 s', () => {
    renderCarousel();
    advance(4000);
    fireEvent.click(screen.getByRole('button', { name: 'Show testimonial 3' }));
    advance(4999);
    expect(shownName()).toBe(NAMES[2]);
    advance(1);
    expect(shownName()).toBe(NAMES[0]);
  });

  it('stops with the pause button, on hover and on focus', () => {
    renderCarousel();
    fireEvent.click(screen.getByRole('button', { name: 'Pause testimonials' }));
    advance(15_000);
    expect(shownName()).toBe(NAMES[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Play testimonials' }));
    advance(5000);
    expect(shownName()).toBe(NAMES[1]);

    const carousel = screen.getByRole('group', { name: 'Testimonials' });
    fireEvent.mouseEnter(carousel);
    advance(15_000);
    expect(shownName()).toBe(NAMES[1]);
    fireEvent.mouseLeave(carousel);

    const dot = screen.getByRole('button', { name: 'Show testimonial 1' });
    fireEvent.focus(dot);
    advance(15_000);
    expect(shownName()).toBe(NAMES[1]);
    fireEvent.blur(dot);
    advance(5000);
    expect(shownName()).toBe(NAMES[2]);
  });

  it('announces the testimonial only while it is not moving by itself', () => {
    renderCarousel();
    expect(live().getAttribute('aria-live')).toBe('off');
    fireEvent.click(screen.getByRole('button', { name: 'Pause testimonials' }));
    expect(live().getAttribute('aria-live')).toBe('polite');
  });

  it('does not advance under reduced motion', () => {
    renderCarousel(true);
    advance(20_000);
    expect(shownName()).toBe(NAMES[0]);
    expect(screen.queryByRole('button', { name: 'Pause testimonials' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(shownName()).toBe(NAMES[1]);
  });

  it('shows the approved reviews of booked visits under the testimonials, each number labelled', async () => {
    const { fetch: fetchMock } = stubApi({
      'GET /api/reviews': {
        json: {
          count: 1,
          average: 5,
          reviews: [
            {
              id: 'r1',
              name: 'Maya S.',
              rating: 5,
              text: 'Careful painters, and they cleaned up after.',
              serviceId: 'painting',
              service: 'Painting',
              date: '2030-05-14',
            },
          ],
        },
      },
    });
    renderCarousel();
    // The reviews are asked for once the page has painted and the browser is idle.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    const section = screen.getByRole('region', { name: testimonialsContent.heading });
    within(section).getByText(testimonialsContent.lead);
    const reviews = within(section).getByRole('region', {
      name: 'What customers who booked here say',
    });
    within(reviews).getByText('5.0 out of 5 from 1 review of a visit booked on this site');
    within(reviews).getByText('Careful painters, and they cleaned up after.');
    expect(fetchMock).toHaveBeenCalledWith('/api/reviews', expect.anything());
  });
});
