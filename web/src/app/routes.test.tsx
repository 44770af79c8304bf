import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithQueryClient } from '../test-support/render';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from './routes';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithQueryClient(<RouterProvider router={router} />);
  return router;
}

async function findScreenHeading(name: string): Promise<HTMLElement> {
  return screen.findByRole('heading', { level: 1, name });
}

describe('routes (docs/product.md section 2)', () => {
  it.each([
    ['/', 'Home'],
    ['/about', 'About us'],
    ['/service/service1', 'Services'],
    ['/Service/Service1', 'Services'],
    ['/contact', 'Contact us'],
    ['/blogs', 'Blogs'],
    ['/Profile', 'Profile Settings'],
    ['/profile', 'Profile Settings'],
    ['/signup/register', 'Login'],
    ['/login', 'Login'],
    ['/reset-password/abc', 'Reset Your Password'],
    ['/dashboard', 'Dashboard'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/review', 'Review your visit'],
    ['/no/such/page', 'Page not found'],
  ])('%s shows the %s screen', async (path, heading) => {
    renderAt(path);
    await findScreenHeading(heading);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('keeps a query string on the services page', async () => {
    const router = renderAt('/Service/Service1?service=garden');
    await findScreenHeading('Services');
    expect(router.state.location.search).toBe('?service=garden');
  });

  it('offers a way home from the 404 page', async () => {
    renderAt('/nowhere');
    const page = await findScreenHeading('Page not found');
    const section = page.closest('section');
    if (section === null) throw new Error('the 404 heading is not inside its section');
    fireEvent.click(within(section).getByRole('link', { name: 'Go to the home page' }));
    await findScreenHeading('Home');
  });

  it('shows a blog article at /blogs/<slug>, with its title as the one h1', async () => {
    renderAt('/blogs/prepare-garden-and-eavestroughs-for-toronto-winter');
    const title = await findScreenHeading(
      'How to Prepare Your Garden and Eavestroughs for a Toronto Winter',
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const article = title.closest('article');
    if (article === null) throw new Error('the article heading is not inside its article');
    within(article).getByRole('heading', { level: 2, name: 'Clear and check the eavestroughs' });
  });

  it('shows the 404 page for a blog article that does not exist', async () => {
    renderAt('/blogs/no-such-article');
    await findScreenHeading('Page not found');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('puts every header link of a signed-out visitor in the main navigation', async () => {
    renderAt('/');
    await findScreenHeading('Home');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['About us', '/about'],
      ['Services', '/service/service1'],
      ['Contact us', '/contact'],
      ['Blogs', '/blogs'],
      ['Register/Login', '/signup/register'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('has header, main and footer landmarks and footer links to the policy pages', async () => {
    renderAt('/');
    await findScreenHeading('Home');
    screen.getByRole('banner');
    screen.getByRole('main');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy',
    );
    expect(
      within(footer).getByRole('link', { name: 'Terms of Service' }).getAttribute('href'),
    ).toBe('/terms');
  });

  it('moves between screens from the header and names the document after the screen', async () => {
    renderAt('/');
    await findScreenHeading('Home');
    await waitFor(() => {
      expect(document.title).toBe('Home Services — cleaning, gardening and more in Toronto');
    });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Contact us' }));
    await findScreenHeading('Contact us');
    await waitFor(() => {
      expect(document.title).toBe('Contact us — Home Services');
    });
  });
});
