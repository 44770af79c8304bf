import { useDocumentTitle } from '../../app/use-document-title';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { blogPageContent, blogPosts } from '../../content/blog-content';
import { screens } from '../../content/site-content';
import { BlogCard } from './BlogCard';
import './BlogsPage.css';

export function BlogsPage() {
  useDocumentTitle(screens.blogs.title);
  return (
    <section className="blogs" aria-labelledby="screen-title">
      <header className="blogs-hero">
        <div className="blogs-hero__text">
          {/* The screen's name stays the one h1 (as on every screen); the hero's title is docs/product.md's. */}
          <h1 id="screen-title" className="blogs-hero__eyebrow">
            {screens.blogs.title}
          </h1>
          <h2 className="blogs-hero__title">{blogPageContent.heroTitle}</h2>
          <p className="blogs-hero__lead">{blogPageContent.heroLead}</p>
        </div>
        <ResponsiveImage
          className="blogs-hero__image"
          image={blogPageContent.heroImage}
          sizes="(min-width: 1280px) 36rem, 100vw"
          eager
        />
      </header>
      <ul className="blogs__grid" aria-label={blogPageContent.articlesTitle}>
        {blogPosts.map((post) => (
          <li key={post.slug}>
            <BlogCard post={post} />
          </li>
        ))}
      </ul>
    </section>
  );
}
