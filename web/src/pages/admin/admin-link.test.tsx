import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderWithQueryClient } from '../../test-support/render';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiStub } from '../../test-support/api-stub';
import { tokenRole } from '../../auth/auth-storage';
import { SiteHeader } from '../../components/SiteHeader';
import { tokenFor } from './admin-test-support';

const api = createApiStub();

afterEach(() => {
  cleanup();
  localStorage.clear();
  api.reset();
  vi.unstubAllGlobals();
});

function renderHeaderSignedInWith(token: string) {
  localStorage.setItem('authToken', token);
  localStorage.setItem('username', 'Sam');
  renderWithQueryClient(
    <MemoryRouter>
      <SiteHeader />
    </MemoryRouter>,
  );
  return screen.getByRole('navigation', { name: 'Main' });
}

describe('the way into the admin area', () => {
  it('reads the role from the login token, and nothing from a token of another shape', () => {
    expect(tokenRole(tokenFor('admin'))).toBe('admin');
    expect(tokenRole(tokenFor('customer'))).toBe('customer');
    expect(tokenRole('opaque-token')).toBe('unknown');
    expect(tokenRole('a.not-base64!.c')).toBe('unknown');
    expect(tokenRole(null)).toBe('unknown');
  });

  it('shows the Admin link in the header to an admin', () => {
    const nav = renderHeaderSignedInWith(tokenFor('admin'));
    expect(within(nav).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  it('shows no Admin link to a customer', () => {
    const nav = renderHeaderSignedInWith(tokenFor('customer'));
    within(nav).getByText('Welcome, Sam');
    expect(within(nav).queryByRole('link', { name: 'Admin' })).toBeNull();
  });

  it('ends the queue dashboard session when an admin logs out', () => {
    api.install();
    api.fetch.mockResolvedValue(new Response(null, { status: 204 }));
    const nav = renderHeaderSignedInWith(tokenFor('admin'));
    fireEvent.click(within(nav).getByRole('button', { name: 'Logout' }));
    expect(api.fetch).toHaveBeenCalledWith('/api/admin/queue-session', { method: 'DELETE' });
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });
});
