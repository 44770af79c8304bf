import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteFooter } from './SiteFooter';

afterEach(cleanup);

function renderFooter() {
  render(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  );
  return screen.getByRole('contentinfo');
}

describe('SiteFooter (docs/product.md section 2, Footer)', () => {
  it('links to the Privacy Policy and the Terms of Service', () => {
    renderFooter();
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
    ]);
  });

  it('tells who we are and since when', () => {
    const footer = renderFooter();
    within(footer).getByRole('heading', { level: 2, name: 'About us' });
    expect(footer.textContent).toContain('Since 2015');
  });

  it('lists every service, each linking to its card on the services page', () => {
    renderFooter();
    const heading = screen.getByRole('heading', { level: 2, name: 'Our services' });
    const list = heading.parentElement?.querySelector('ul');
    if (!list) throw new Error('no list of services under its heading');
    const links = within(list)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toHaveLength(12);
    expect(links[0]).toEqual(['Garden Maintenance', '/service/service1?service=garden']);
    expect(links).toContainEqual(['Snow Removal', '/service/service1?service=pruning']);
    expect(links).toContainEqual(['Eavestrough', '/service/service1?service=top']);
  });

  it('gives the mailing address and the phone number', () => {
    const footer = renderFooter();
    const address = footer.querySelector('address');
    expect(address?.textContent).toContain('1910 Eglinton Ave W, Toronto, ON M6E 2J7, Canada');
    expect(within(footer).getByRole('link', { name: '(416) 555-0142' }).getAttribute('href')).toBe(
      'tel:+14165550142',
    );
  });

  it('holds the newsletter form and the copyright year', () => {
    const footer = renderFooter();
    within(footer).getByRole('heading', { level: 2, name: 'Newsletter' });
    within(footer).getByLabelText('Email address');
    within(footer).getByRole('button', { name: 'Subscribe' });
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Home Services`);
  });
});
