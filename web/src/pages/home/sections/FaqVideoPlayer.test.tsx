import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { faqContent } from '../../../content/home-later-content';
import { FaqVideoPlayer } from './FaqVideoPlayer';

afterEach(cleanup);

function shown() {
  return {
    position: document.querySelector('.faq-video__position')?.textContent,
    title: document.querySelector('.faq-video__title')?.textContent,
    poster: document.querySelector('.faq-video__poster')?.getAttribute('alt'),
  };
}

function expectVideo(position: number) {
  const video = faqContent.videos[position - 1];
  expect(shown()).toEqual({
    position: `Video ${String(position)} of 4`,
    title: video?.title,
    poster: video?.poster.alt,
  });
}

describe('FaqVideoPlayer', () => {
  it('shows the first of four videos as a poster with its title and description', () => {
    render(<FaqVideoPlayer />);
    expectVideo(1);
    screen.getByText(faqContent.videos[0]?.description ?? '');
    expect(document.querySelector('.faq-video__poster')?.getAttribute('src')).toBe(
      '/images/faq/video-1-1920.webp',
    );
  });

  it('goes forward through all four and wraps to the first', () => {
    render(<FaqVideoPlayer />);
    const next = screen.getByRole('button', { name: 'Next video' });
    for (const position of [2, 3, 4, 1]) {
      fireEvent.click(next);
      expectVideo(position);
    }
  });

  it('goes back from the first to the last', () => {
    render(<FaqVideoPlayer />);
    const previous = screen.getByRole('button', { name: 'Previous video' });
    fireEvent.click(previous);
    expectVideo(4);
    fireEvent.click(previous);
    expectVideo(3);
  });

  it('has no pause button: nothing moves by itself', () => {
    render(<FaqVideoPlayer />);
    expect(
      screen.getAllByRole('button').map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Previous video', 'Next video']);
  });
});
