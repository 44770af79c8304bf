import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aboutTeaserContent } from '../../../content/home-content';
import { removeMatchMedia, stubMatchMedia } from '../test-support';
import { AboutTeaser } from './AboutTeaser';

const ALTS = aboutTeaserContent.images.map((image) => image.alt);

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  removeMatchMedia();
});

function renderTeaser(reducedMotion = false) {
  stubMatchMedia({ reducedMotion });
  render(
    <MemoryRouter>
      <AboutTeaser />
    </MemoryRouter>,
  );
}

function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

function shownAlts(): string[] {
  const gallery = screen.getByRole('group', { name: 'Photos of our work' });
  return within(gallery)
    .getAllByRole('img')
    .map((image) => image.getAttribute('alt') ?? '');
}

describe('AboutTeaser', () => {
  it('has the heading, badge, four bullets and a link to the about page', () => {
    renderTeaser();
    const section = document.getElementById('home-about');
    expect(section?.getAttribute('tabindex')).toBe('-1');
    screen.getByRole('heading', {
      level: 2,
      name: 'Your Trusted Landscaping & Home Solutions Partner Since 2019',
    });
    expect(screen.getByText('5+').parentElement?.textContent).toBe('5+ Years Experience');
    const bullets = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(bullets).toEqual([
      'Landscaping and garden bed construction',
      'Water leakage repair and drainage solutions',
      'Excavation, soil grading and trench work',
      'General outdoor problem solving and repair',
    ]);
    expect(screen.getByRole('link', { name: 'More About Us' }).getAttribute('href')).toBe('/about');
  });

  it('shows three of the four pictures and moves on by one every 3000 ms, wrapping', () => {
    renderTeaser();
    expect(shownAlts()).toEqual([ALTS[0], ALTS[1], ALTS[2]]);
    advance(2999);
    expect(shownAlts()).toEqual([ALTS[0], ALTS[1], ALTS[2]]);
    advance(1);
    expect(shownAlts()).toEqual([ALTS[1], ALTS[2], ALTS[3]]);
    advance(3000);
    expect(shownAlts()).toEqual([ALTS[2], ALTS[3], ALTS[0]]);
    advance(3000);
    advance(3000);
    expect(shownAlts()).toEqual([ALTS[0], ALTS[1], ALTS[2]]);
  });

  it('stops with the pause button and on hover, and moves by hand both ways', () => {
    renderTeaser();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    advance(9000);
    expect(shownAlts()).toEqual([ALTS[0], ALTS[1], ALTS[2]]);
    fireEvent.click(screen.getByRole('button', { name: 'Previous photos' }));
    expect(shownAlts()).toEqual([ALTS[3], ALTS[0], ALTS[1]]);
    fireEvent.click(screen.getByRole('button', { name: 'Next photos' }));
    expect(shownAlts()).toEqual([ALTS[0], ALTS[1], ALTS[2]]);

    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    fireEvent.mouseEnter(screen.getByRole('group', { name: 'Photos of our work' }));
    advance(9000);
    expect(shownAlts()).toEqual([ALTS[0], ALTS[1], ALTS[2]]);
    fireEvent.mouseLeave(screen.getByRole('group', { name: 'Photos of our work' }));
    advance(3000);
    expect(shownAlts()).toEqual([ALTS[1], ALTS[2], ALTS[3]]);
  });

  it('does not move by itself under reduced motion', () => {
    renderTeaser(true);
    advance(9000);
    expect(shownAlts()).toEqual([ALTS[0], ALTS[1], ALTS[2]]);
    expect(screen.queryByRole('button', { name: 'Pause slideshow' })).toBeNull();
  });
});
