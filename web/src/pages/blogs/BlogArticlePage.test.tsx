import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../app/routes';
import { blogPosts, type BlogPost } from '../../content/blog-content';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

function renderAt(path: string) {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
}

function firstPost(): BlogPost {
  const post = blogPosts[0];
  if (post === undefined) throw new Error('no posts');
  return post;
}

describe('BlogArticlePage', () => {
  it('shows the article: title, picture, byline and its sections', async () => {
    const post = firstPost();
    renderAt(`/blogs/${post.slug}`);
    const title = await screen.findByRole('heading', { level: 1, name: post.title });
    const article = title.closest('article');
    if (article === null) throw new Error('the title is not inside the article');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    within(article).getByRole('img', { name: post.image.alt });
    expect(article.textContent).toContain(post.author.name);
    expect(article.textContent).toContain(post.author.role);
    expect(article.textContent).toContain(post.readTime);
    expect(article.querySelector('time')?.getAttribute('datetime')).toBe(post.date);

    for (const section of post.sections) {
      within(article).getByRole('heading', { level: 2, name: section.heading });
    }
    const firstParagraph = post.intro[0] ?? '';
    within(article).getByText(firstParagraph);
    await waitFor(() => {
      expect(document.title).toBe(`${post.title} — Home Services`);
    });
  });

  it('offers a service booking and a way back to all articles', async () => {
    const post = firstPost();
    renderAt(`/blogs/${post.slug}`);
    await screen.findByRole('heading', { level: 1, name: post.title });
    expect(screen.getByRole('link', { name: 'Book a service' }).getAttribute('href')).toBe(
      '/service/service1',
    );
    fireEvent.click(screen.getByRole('link', { name: 'All articles' }));
    await screen.findByRole('heading', { level: 1, name: 'Blogs' });
  });

  it('finds an article whatever the case of its address, as every route does', async () => {
    const post = firstPost();
    renderAt(`/Blogs/${post.slug.toUpperCase()}`);
    await screen.findByRole('heading', { level: 1, name: post.title });
  });

  it('shows the 404 page for an article that does not exist', async () => {
    renderAt('/blogs/no-such-article');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    screen.getByRole('link', { name: 'Go to the home page' });
    await waitFor(() => {
      expect(document.title).toBe('Page not found — Home Services');
    });
  });
});
