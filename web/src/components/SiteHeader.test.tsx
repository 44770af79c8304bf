import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiStub } from '../test-support/api-stub';
import { SiteHeader } from './SiteHeader';

const api = createApiStub();

beforeEach(() => {
  api.install();
  api.fetch.mockResolvedValue(new Response('{}', { status: 200 }));
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  setScrollY(0);
  api.reset();
  vi.unstubAllGlobals();
});

function setScrollY(value: number) {
  Object.defineProperty(window, 'scrollY', { value, configurable: true, writable: true });
}

function renderHeader(path = '/') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <SiteHeader />
            <Outlet />
          </>
        ),
        children: [{ path: '*', element: null }],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function signIn(name: string) {
  localStorage.setItem('authToken', 'token');
  localStorage.setItem('username', name);
}

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const menuButton = () => screen.getByRole('button', { name: 'Menu' });

describe('SiteHeader (docs/product.md section 2, Header)', () => {
  it('shows a signed-out visitor the site links and Register/Login', () => {
    renderHeader();
    const links = within(mainNav())
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
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    expect(screen.queryByText(/Welcome/)).toBeNull();
  });

  it('marks the current page', () => {
    renderHeader('/about');
    const about = within(mainNav()).getByRole('link', { name: 'About us' });
    expect(about.getAttribute('aria-current')).toBe('page');
    expect(within(mainNav()).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe(
      null,
    );
  });

  it('welcomes a signed-in visitor with Dashboard, Profile and Logout, one set for every width', () => {
    signIn('Alex');
    renderHeader();
    const nav = mainNav();
    within(nav).getByText('Welcome, Alex');
    expect(within(nav).queryByRole('link', { name: 'Register/Login' })).toBeNull();

    const dashboard = within(nav).getByRole('link', { name: 'Dashboard' });
    expect(dashboard.getAttribute('href')).toBe('/dashboard');
    const profile = within(nav).getByRole('link', { name: 'Profile' });
    expect(profile.getAttribute('href')).toBe('/Profile');
    within(nav).getByRole('button', { name: 'Logout' });
    // The phone menu and the wide header are one list: no account item belongs to one of them.
    for (const item of Array.from(nav.querySelectorAll('li'))) {
      expect(item.className).not.toMatch(/wide-only|mobile-only/);
    }
  });

  it('logs out: clears all local storage, shows Register/Login again and goes home', () => {
    signIn('Alex');
    localStorage.setItem('userData', '{"firstName":"Alex"}');
    const router = renderHeader('/blogs');

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(localStorage.length).toBe(0);
    expect(router.state.location.pathname).toBe('/');
    within(mainNav()).getByRole('link', { name: 'Register/Login' });
    expect(screen.queryByText(/Welcome/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('ends the token on the server at logout, before clearing local storage', () => {
    let tokenWhenCalled: string | null = null;
    api.fetch.mockImplementation(() => {
      tokenWhenCalled = localStorage.getItem('authToken');
      return Promise.resolve(new Response('{}', { status: 200 }));
    });
    signIn('Alex');
    renderHeader('/blogs');

    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(api.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = api.fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/logout');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token');
    // The request outlives the page, should the visitor close the tab at once.
    expect(init?.keepalive).toBe(true);
    expect(tokenWhenCalled).toBe('token');
    expect(localStorage.length).toBe(0);
  });

  it('still signs out in the browser when the server cannot be reached', async () => {
    api.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    signIn('Alex');
    const router = renderHeader('/blogs');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
      await Promise.resolve();
    });

    expect(localStorage.length).toBe(0);
    expect(router.state.location.pathname).toBe('/');
    within(mainNav()).getByRole('link', { name: 'Register/Login' });
  });

  it('follows a sign-in made elsewhere in the site', () => {
    renderHeader();
    act(() => {
      signIn('Sam');
      window.dispatchEvent(new StorageEvent('storage', { key: 'authToken' }));
    });
    screen.getByText('Welcome, Sam');
  });

  it('takes the scrolled style beyond 50 px, not at 50', () => {
    renderHeader();
    const header = screen.getByRole('banner');
    expect(header.classList.contains('site-header--scrolled')).toBe(false);

    setScrollY(50);
    fireEvent.scroll(window);
    expect(header.classList.contains('site-header--scrolled')).toBe(false);

    setScrollY(51);
    fireEvent.scroll(window);
    expect(header.classList.contains('site-header--scrolled')).toBe(true);

    setScrollY(0);
    fireEvent.scroll(window);
    expect(header.classList.contains('site-header--scrolled')).toBe(false);
  });

  it('offers phone, e-mail and social links that open safely in a new tab', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: '(416) 555-0142' }).getAttribute('href')).toBe(
      'tel:+14165550142',
    );
    expect(screen.getByRole('link', { name: 'hello@homeservices.ca' }).getAttribute('href')).toBe(
      'mailto:hello@homeservices.ca',
    );
    const social = within(screen.getByRole('list', { name: 'Follow us' })).getAllByRole('link');
    expect(social.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Facebook (opens in a new tab)',
      'Instagram (opens in a new tab)',
      'LinkedIn (opens in a new tab)',
    ]);
    for (const link of social) {
      expect(link.getAttribute('href')).toMatch(
        /^https:\/\/www\.(facebook|instagram|linkedin)\.com\//,
      );
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(document.querySelector('a[href="#"]')).toBeNull();
  });

  describe('mobile menu', () => {
    it('is toggled by a button that names what it controls', () => {
      renderHeader();
      const button = menuButton();
      const menuId = button.getAttribute('aria-controls') ?? '';
      const menu = document.getElementById(menuId);
      expect(menu?.contains(mainNav())).toBe(true);
      expect(button.getAttribute('aria-expanded')).toBe('false');

      fireEvent.click(button);
      expect(button.getAttribute('aria-expanded')).toBe('true');
      expect(menu?.classList.contains('site-header__menu--open')).toBe(true);

      fireEvent.click(button);
      expect(button.getAttribute('aria-expanded')).toBe('false');
      expect(menu?.classList.contains('site-header__menu--open')).toBe(false);
    });

    it('closes when a link is followed', () => {
      const router = renderHeader();
      fireEvent.click(menuButton());
      fireEvent.click(within(mainNav()).getByRole('link', { name: 'About us' }));
      expect(router.state.location.pathname).toBe('/about');
      expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    });

    it('closes on any other navigation, such as Back', async () => {
      const router = renderHeader('/about');
      await act(() => router.navigate('/contact'));
      fireEvent.click(menuButton());
      await act(() => router.navigate(-1));
      expect(router.state.location.pathname).toBe('/about');
      expect(menuButton().getAttribute('aria-expanded')).toBe('false');
    });

    it('closes on Escape and gives focus back to the button', () => {
      renderHeader();
      fireEvent.click(menuButton());
      within(mainNav()).getByRole('link', { name: 'Blogs' }).focus();
      fireEvent.keyDown(document.activeElement ?? document, { key: 'Escape' });
      expect(menuButton().getAttribute('aria-expanded')).toBe('false');
      expect(document.activeElement).toBe(menuButton());
    });
  });
});
