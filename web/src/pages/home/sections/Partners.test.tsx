import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Partners } from './Partners';

afterEach(cleanup);

describe('Partners', () => {
  it('shows the four partner logos, each named', () => {
    render(<Partners />);
    expect(
      screen
        .getAllByRole('img')
        .map((logo) => [logo.getAttribute('alt'), logo.getAttribute('src')]),
    ).toEqual([
      ['Manufacturing', '/images/partners/manufacturing.svg'],
      ['Collaborations', '/images/partners/collaborations.svg'],
      ['Global Partners', '/images/partners/global-partners.svg'],
      ['Technology', '/images/partners/technology.svg'],
    ]);
  });
});
