import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { avatarImage } from '../../content/images';
import { TestimonialFigure } from './TestimonialFigure';

afterEach(cleanup);

const testimonial = {
  name: 'Ada Lovelace',
  role: 'Homeowner, Annex',
  rating: 4,
  text: 'Punctual and tidy.',
  image: avatarImage('/images/testimonials/person-2', ''),
};

describe('TestimonialFigure', () => {
  it('shows the words, who said them, and the rating as stars and as words', () => {
    render(<TestimonialFigure testimonial={testimonial} variant="feature" />);
    const figure = screen.getByRole('figure');
    expect(figure.querySelector('blockquote')?.textContent).toBe('Punctual and tidy.');
    expect(figure.querySelector('figcaption')?.textContent).toBe('Ada LovelaceHomeowner, Annex');
    expect(screen.getByText('★★★★☆').getAttribute('aria-hidden')).toBe('true');
    screen.getByText('4 out of 5');
    // The portrait's alt stays empty: the name beside it says who it is.
    expect(figure.querySelector('img')?.getAttribute('alt')).toBe('');
  });
});
