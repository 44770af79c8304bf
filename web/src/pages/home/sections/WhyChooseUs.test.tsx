import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { whyChooseUsContent } from '../../../content/home-later-content';
import { WhyChooseUs } from './WhyChooseUs';

afterEach(cleanup);

describe('WhyChooseUs', () => {
  it('gives the four reasons of docs/product.md, the claims and a booking link', () => {
    render(
      <MemoryRouter>
        <WhyChooseUs />
      </MemoryRouter>,
    );
    screen.getByRole('heading', { level: 2, name: 'Why Choose Us' });
    expect(
      screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent),
    ).toEqual(['Expert Staff', 'Flexible Scheduling', 'Eco-Friendly Products', 'Affordable Rates']);
    screen.getByText(/daily, weekly or monthly/i);
    screen.getByText(/no hidden fees/);
    screen.getByText('Serving Toronto homes and businesses since 2015.');
    for (const claim of [
      '100% Satisfaction Guarantee',
      'Rated 4.9/5 from 2,500+ reviews',
      '5,000+ happy customers',
    ]) {
      screen.getByText(claim);
    }
    screen.getByAltText(whyChooseUsContent.image.alt);
    expect(
      screen.getByRole('link', { name: 'Book Your Cleaning Today' }).getAttribute('href'),
    ).toBe('/service/service1');
  });

  it('lists the six trust badges', () => {
    render(
      <MemoryRouter>
        <WhyChooseUs />
      </MemoryRouter>,
    );
    const badges = screen.getByRole('list', { name: 'Our promises' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((badge) => badge.textContent),
    ).toEqual([
      'Eco-Friendly',
      'Fully Insured',
      '5-Star Rated',
      'Same-Day Service',
      'Background Checked',
      '100% Satisfaction',
    ]);
  });
});
