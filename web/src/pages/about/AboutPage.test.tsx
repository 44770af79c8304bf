import { SERVICES } from '@hs/api/domain/booking/catalogue';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { AboutPage } from './AboutPage';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

function renderAbout() {
  render(
    <MemoryRouter initialEntries={['/about']}>
      <AboutPage />
    </MemoryRouter>,
  );
}

function headingLevel(heading: HTMLElement): number {
  return Number(heading.tagName.slice(1));
}

function sectionNamed(name: string): HTMLElement {
  const section = screen.getByRole('heading', { level: 2, name }).closest('section');
  if (section === null) throw new Error(`no section around the heading ${name}`);
  return section;
}

describe('AboutPage', () => {
  it('opens with the hero and its two promo blocks, then the sections in order', () => {
    renderAbout();
    const headings = screen.getAllByRole('heading');
    expect(headings[0]?.tagName).toBe('H1');
    expect(headings[0]?.textContent).toBe('About us');
    expect(
      headings.filter((heading) => heading.tagName === 'H2').map((heading) => heading.textContent),
    ).toEqual([
      'Cleaning that fits your week',
      'Gardens, lawns and everything outside',
      'Our story',
      'What we do',
      'How we work',
      'The team',
      'By the numbers',
      'Ready when you are',
    ]);
    // No level is skipped on the way down.
    headings.slice(1).forEach((heading, index) => {
      const previous = headings[index];
      if (previous === undefined) throw new Error('unreachable');
      expect(headingLevel(heading) - headingLevel(previous)).toBeLessThanOrEqual(1);
    });
  });

  it('shows a hero image and a picture for each promo, each with alt text', () => {
    renderAbout();
    const hero = screen.getByRole('heading', { level: 1, name: 'About us' }).closest('section');
    if (hero === null) throw new Error('the h1 is not inside the hero');
    const images = within(hero).getAllByRole('img');
    expect(images).toHaveLength(3);
    for (const image of images) expect(image.getAttribute('alt')).not.toBe('');
    expect(images[0]?.getAttribute('loading')).toBe('eager');
    expect(
      within(hero)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/service/service1?service=house', '/service/service1?service=garden']);
  });

  it('keeps both founding years of docs/product.md in the story', () => {
    renderAbout();
    const story = sectionNamed('Our story');
    expect(story.textContent).toContain('operated since 2015');
    expect(story.textContent).toContain('In 2019 we began serving homeowners directly');
  });

  it('lists every service of the catalogue once, in four families', () => {
    renderAbout();
    const section = sectionNamed('What we do');
    expect(within(section).getAllByRole('heading', { level: 3 })).toHaveLength(4);
    const listed = within(section)
      .getAllByRole('listitem')
      .filter((item) => item.querySelector('h3') === null)
      .map((item) => item.textContent);
    expect([...listed].sort()).toEqual(SERVICES.map((entry) => entry.title).sort());
  });

  it('says how we work', () => {
    renderAbout();
    const section = sectionNamed('How we work');
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual([
      'Eco-friendly products',
      'Background-checked, insured staff',
      'Flexible scheduling',
      'No hidden fees',
    ]);
    expect(section.textContent).toMatch(/daily, weekly or monthly/);
  });

  it('shows the team picture and the people on it', () => {
    renderAbout();
    const section = sectionNamed('The team');
    expect(within(section).getByRole('img').getAttribute('alt')).toMatch(/team/i);
    expect(within(section).getAllByRole('heading', { level: 3 }).length).toBeGreaterThan(0);
  });

  it('states the claims of docs/product.md', () => {
    renderAbout();
    const text = sectionNamed('By the numbers').textContent;
    expect(text).toContain('100%');
    expect(text).toContain('Satisfaction Guarantee');
    expect(text).toContain('4.9/5');
    expect(text).toContain('2,500+ reviews');
    expect(text).toContain('5,000+');
    expect(text).toContain('Happy customers');
  });

  it('ends with links to book a service and to contact us', () => {
    renderAbout();
    const section = sectionNamed('Ready when you are');
    expect(within(section).getByRole('link', { name: 'Book a service' }).getAttribute('href')).toBe(
      '/service/service1',
    );
    expect(within(section).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe(
      '/contact',
    );
    expect(within(section).getByRole('link', { name: '(416) 555-0142' }).getAttribute('href')).toBe(
      'tel:+14165550142',
    );
  });
});
