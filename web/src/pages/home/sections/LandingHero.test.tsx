import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { landingHeroContent } from '../../../content/home-content';
import { removeMatchMedia, stubMatchMedia } from '../test-support';
import { LandingHero } from './LandingHero';

const SENTENCE = 'Services Provider for Residential Properties';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  removeMatchMedia();
});

beforeEach(() => {
  vi.useFakeTimers();
});

function renderHero({ reducedMotion = false } = {}) {
  stubMatchMedia({ reducedMotion });
  return render(
    <MemoryRouter>
      <LandingHero />
    </MemoryRouter>,
  );
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function typed(container: HTMLElement): string {
  const element = container.querySelector('.landing-hero__typed');
  if (element === null) throw new Error('no typed heading');
  return element.textContent;
}

/** The slide counter as a sighted visitor reads it: "2 / 5". */
function slideCounter(): string {
  return screen.getByText(/^\d+ \/ \d+$/).textContent;
}

function currentSlideAlt(container: HTMLElement): string | null {
  return container.querySelector('.landing-hero__slide--current img')?.getAttribute('alt') ?? null;
}

describe('LandingHero typed heading', () => {
  it('types a word every 200 ms, holds 2 s, deletes a word every 200 ms, then starts again', () => {
    const { container } = renderHero();
    expect(typed(container)).toBe('');

    const words = SENTENCE.split(' ');
    for (let count = 1; count <= words.length; count += 1) {
      advance(199);
      expect(typed(container)).toBe(words.slice(0, count - 1).join(' '));
      advance(1);
      expect(typed(container)).toBe(words.slice(0, count).join(' '));
    }

    advance(1999);
    expect(typed(container)).toBe(SENTENCE);
    advance(1);
    expect(typed(container)).toBe('Services Provider for Residential');
    for (let count = 3; count >= 0; count -= 1) {
      advance(200);
      expect(typed(container)).toBe(words.slice(0, count).join(' '));
    }

    advance(400);
    expect(typed(container)).toBe('Services');
  });

  it('gives screen readers the whole sentence once, whatever has been typed', () => {
    const { container } = renderHero();
    advance(200);
    screen.getByRole('heading', { level: 2, name: SENTENCE });
    expect(container.querySelector('.landing-hero__typed')?.getAttribute('aria-hidden')).toBe(
      'true',
    );
  });
});

describe('LandingHero slideshow', () => {
  it('moves to the next of five pictures every 3 s, counting n / 5, and wraps', () => {
    const { container } = renderHero();
    expect(slideCounter()).toBe('1 / 5');
    expect(currentSlideAlt(container)).toBe(landingHeroContent.slides[0]?.alt);

    advance(2999);
    expect(slideCounter()).toBe('1 / 5');
    advance(1);
    expect(slideCounter()).toBe('2 / 5');
    expect(currentSlideAlt(container)).toBe(landingHeroContent.slides[1]?.alt);

    for (const expected of ['3 / 5', '4 / 5', '5 / 5', '1 / 5']) {
      advance(3000);
      expect(slideCounter()).toBe(expected);
    }
  });

  it('shows only the current picture to assistive technology', () => {
    const { container } = renderHero();
    const slides = [...container.querySelectorAll('.landing-hero__slide')];
    expect(slides.map((slide) => slide.getAttribute('aria-hidden'))).toEqual([
      'false',
      'true',
      'true',
      'true',
      'true',
    ]);
  });

  it('announces the slide number only while the slideshow is not turning by itself', () => {
    renderHero();
    const counter = screen.getByText('Slide 1 of 5').parentElement;
    expect(counter?.getAttribute('aria-live')).toBe('off');
    fireEvent.click(screen.getByRole('button', { name: 'Pause animation' }));
    expect(counter?.getAttribute('aria-live')).toBe('polite');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(counter?.textContent).toBe('2 / 5Slide 2 of 5');
  });

  it('goes back from the first picture to the last and forward again', () => {
    renderHero();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(slideCounter()).toBe('5 / 5');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(slideCounter()).toBe('1 / 5');
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(slideCounter()).toBe('2 / 5');
  });

  it('pauses the slideshow and the typing with the pause button, and plays again', () => {
    const { container } = renderHero();
    advance(200);
    fireEvent.click(screen.getByRole('button', { name: 'Pause animation' }));
    expect(typed(container)).toBe(SENTENCE);
    advance(10_000);
    expect(slideCounter()).toBe('1 / 5');
    expect(typed(container)).toBe(SENTENCE);

    fireEvent.click(screen.getByRole('button', { name: 'Play animation' }));
    advance(2000);
    expect(typed(container)).toBe('Services Provider for Residential');
    expect(slideCounter()).toBe('1 / 5');
    advance(1000);
    expect(slideCounter()).toBe('2 / 5');
  });

  it('holds the slideshow while the pointer is over it or focus is inside it', () => {
    renderHero();
    const show = screen.getByRole('group', { name: 'Our work' });
    fireEvent.mouseEnter(show);
    advance(6000);
    expect(slideCounter()).toBe('1 / 5');
    fireEvent.mouseLeave(show);
    advance(3000);
    expect(slideCounter()).toBe('2 / 5');

    const next = screen.getByRole('button', { name: 'Next slide' });
    fireEvent.focus(next);
    advance(6000);
    expect(slideCounter()).toBe('2 / 5');
    fireEvent.blur(next);
    advance(3000);
    expect(slideCounter()).toBe('3 / 5');
  });

  it('links Take Our Service to the services page', () => {
    renderHero();
    expect(screen.getByRole('link', { name: 'Take Our Service' }).getAttribute('href')).toBe(
      '/service/service1',
    );
  });
});

describe('LandingHero under reduced motion', () => {
  it('shows the whole heading at once and does not rotate, but the buttons still work', () => {
    const { container } = renderHero({ reducedMotion: true });
    expect(typed(container)).toBe(SENTENCE);
    advance(10_000);
    expect(typed(container)).toBe(SENTENCE);
    expect(slideCounter()).toBe('1 / 5');
    expect(screen.queryByRole('button', { name: 'Pause animation' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(slideCounter()).toBe('2 / 5');
    advance(10_000);
    expect(slideCounter()).toBe('2 / 5');
  });
});
