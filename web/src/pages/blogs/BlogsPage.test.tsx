import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../app/routes';
import { team } from '../../content/about-content';
import { articleWordCount, blogPosts } from '../../content/blog-content';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

function renderAt(path: string) {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
}

describe('BlogsPage', () => {
  it('names the screen Blogs and shows the hero title of docs/product.md', async () => {
    renderAt('/blogs');
    await screen.findByRole('heading', { level: 1, name: 'Blogs' });
    screen.getByRole('heading', { level: 2, name: 'Cleaning Tips & Insights' });
    // The title is set by an effect that may run a moment after the heading appears.
    await waitFor(() => {
      expect(document.title).toBe('Blogs — Home Services');
    });
  });

  it('lists three cards, each with its picture, details and a link to its article', async () => {
    renderAt('/blogs');
    const list = await screen.findByRole('list', { name: 'Latest articles' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(3);
    cards.forEach((card, index) => {
      const post = blogPosts[index];
      if (post === undefined) throw new Error(`no post for card ${String(index)}`);
      within(card).getByRole('heading', { level: 3, name: post.title });
      expect(within(card).getByRole('img').getAttribute('alt')).toBe(post.image.alt);
      expect(card.querySelector('time')?.getAttribute('datetime')).toBe(post.date);
      expect(card.textContent).toContain(post.author.name);
      expect(card.textContent).toContain(post.readTime);
      expect(card.textContent).toContain(post.excerpt);
      const link = within(card).getByRole('link', { name: `Read more: ${post.title}` });
      expect(link.getAttribute('href')).toBe(`/blogs/${post.slug}`);
    });
  });

  it('opens the article from its Read more link', async () => {
    renderAt('/blogs');
    const post = blogPosts[1];
    if (post === undefined) throw new Error('no second post');
    fireEvent.click(await screen.findByRole('link', { name: `Read more: ${post.title}` }));
    await screen.findByRole('heading', { level: 1, name: post.title });
  });
});

describe('the blog posts (docs/product.md sections 3 and 9)', () => {
  it('are three, newest first, with their own addresses', () => {
    expect(blogPosts).toHaveLength(3);
    expect(new Set(blogPosts.map((post) => post.slug)).size).toBe(3);
    const dates = blogPosts.map((post) => post.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const post of blogPosts) {
      expect(post.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(post.date).toMatch(/^2026-\d\d-\d\d$/);
    }
  });

  it('are written by members of the team', () => {
    const members: readonly unknown[] = Object.values(team);
    for (const post of blogPosts) expect(members).toContain(post.author);
  });

  it('are real articles: 500 to 800 words in several sections', () => {
    for (const post of blogPosts) {
      const words = articleWordCount(post);
      expect(words, post.slug).toBeGreaterThanOrEqual(500);
      expect(words, post.slug).toBeLessThanOrEqual(800);
      expect(post.sections.length, post.slug).toBeGreaterThanOrEqual(3);
      expect(post.readTime).toMatch(/^\d+ min read$/);
    }
  });
});
