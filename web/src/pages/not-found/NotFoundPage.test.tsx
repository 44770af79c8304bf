import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { NotFoundPage } from './NotFoundPage';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

describe('NotFoundPage', () => {
  it('says the page is missing and offers the main places to go instead', () => {
    render(
      <MemoryRouter initialEntries={['/nowhere']}>
        <NotFoundPage />
      </MemoryRouter>,
    );
    const section = screen
      .getByRole('heading', { level: 1, name: 'Page not found' })
      .closest('section');
    if (section === null) throw new Error('the 404 heading is not inside its section');
    const links = within(section)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Go to the home page', '/'],
      ['Browse our services', '/service/service1'],
      ['Get in touch', '/contact'],
      ['Read our blog', '/blogs'],
      ['(416) 555-0142', 'tel:+14165550142'],
    ]);
  });

  it('asks search engines not to index it', () => {
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe(
      'noindex',
    );
  });
});
