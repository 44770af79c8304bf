import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { homeHeroContent } from '../../../content/home-content';
import { removeMatchMedia, stubMatchMedia } from '../test-support';
import { HomeHero } from './HomeHero';

afterEach(() => {
  cleanup();
  removeMatchMedia();
  Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
});

function renderAtWidth(width: number, reducedMotion = false) {
  stubMatchMedia({ width, reducedMotion });
  return render(
    <MemoryRouter>
      <HomeHero />
      <section id="home-services" tabIndex={-1}>
        services
      </section>
      <section id="home-about" tabIndex={-1}>
        about
      </section>
    </MemoryRouter>,
  );
}

function stubScroll() {
  const scrollIntoView = vi.fn();
  Object.defineProperty(Element.prototype, 'scrollIntoView', {
    configurable: true,
    writable: true,
    value: scrollIntoView,
  });
  return scrollIntoView;
}

describe('HomeHero variants', () => {
  it('shows the mobile hero at 767 px, without the large picture', () => {
    const { container } = renderAtWidth(767);
    expect(container.querySelector('.home-hero__panel--mobile')).not.toBeNull();
    expect(container.querySelector('.home-hero__panel--desktop')).toBeNull();
    expect(screen.queryByAltText(homeHeroContent.image.alt)).toBeNull();
  });

  it('shows the desktop hero from 768 px, with the large picture', () => {
    const { container } = renderAtWidth(768);
    expect(container.querySelector('.home-hero__panel--desktop')).not.toBeNull();
    expect(container.querySelector('.home-hero__panel--mobile')).toBeNull();
    screen.getByAltText(homeHeroContent.image.alt);
  });

  it.each([360, 1280])('has the same words, tiles and links at %i px', (width) => {
    renderAtWidth(width);
    screen.getByRole('heading', { level: 2, name: 'Find Your Perfect Services With Confidence' });
    screen.getByText('FLEXIBLE CLEANING SOLUTIONS');
    screen.getByRole('heading', {
      level: 3,
      name: 'Personalized Cleaning Services Tailored to Your Schedule',
    });
    screen.getByRole('heading', { level: 4, name: 'Home Cleaning' });
    screen.getByRole('heading', { level: 4, name: 'Office Cleaning' });
    for (const tile of homeHeroContent.tiles) {
      screen.getByAltText(tile.image.alt);
    }
    const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href('Get Started')).toBe('/contact');
    expect(href('Book Your Cleaning Today')).toBe('/service/service1');
    expect(href('Our Blogs')).toBe('/blogs');
    expect(href('See how it works')).toBe('#home-services');
    expect(href('Learn More ...')).toBe('#home-about');
  });
});

describe('HomeHero in-page links', () => {
  it('scrolls smoothly to the services grid and moves focus there', () => {
    const scrollIntoView = stubScroll();
    renderAtWidth(1280);
    fireEvent.click(screen.getByRole('link', { name: 'See how it works' }));
    const services = document.getElementById('home-services');
    expect(scrollIntoView.mock.contexts[0]).toBe(services);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(services);
  });

  it('jumps to the about teaser without smoothing under reduced motion', () => {
    const scrollIntoView = stubScroll();
    renderAtWidth(360, true);
    fireEvent.click(screen.getByRole('link', { name: 'Learn More ...' }));
    const about = document.getElementById('home-about');
    expect(scrollIntoView.mock.contexts[0]).toBe(about);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
    expect(document.activeElement).toBe(about);
  });
});
