import { Link, useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import {
  blogPageContent,
  findBlogPost,
  type ArticleBlock,
  type BlogPost,
} from '../../content/blog-content';
import { NotFoundPage } from '../not-found/NotFoundPage';
import { PostMeta } from './PostMeta';
import './BlogArticlePage.css';

/** /blogs/:slug. A slug we have no article for is a missing page like any other. */
export function BlogArticlePage() {
  const { slug = '' } = useParams();
  const post = findBlogPost(slug);
  return post === undefined ? <NotFoundPage /> : <BlogArticle post={post} />;
}

function BlogArticle({ post }: { readonly post: BlogPost }) {
  useDocumentTitle(post.title);
  return (
    <article className="blog-article" aria-labelledby="screen-title">
      <p className="blog-article__back">
        <Link to="/blogs">
          <span aria-hidden="true">← </span>
          {blogPageContent.allArticles}
        </Link>
      </p>
      <header className="blog-article__header">
        <h1 id="screen-title" className="blog-article__title">
          {post.title}
        </h1>
        <PostMeta post={post} withRole />
      </header>
      <ResponsiveImage
        className="blog-article__image"
        image={post.image}
        sizes="(min-width: 768px) 46rem, 100vw"
        eager
      />
      <div className="blog-article__body">
        {post.intro.map((paragraph) => (
          <p key={paragraph} className="blog-article__intro">
            {paragraph}
          </p>
        ))}
        {post.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.blocks.map((block, index) => (
              // Static text, never reordered: the position is a stable key.
              <ArticleBlockView key={index} block={block} />
            ))}
          </section>
        ))}
      </div>
      <aside className="blog-article__cta" aria-labelledby="blog-article-cta">
        <h2 id="blog-article-cta">{blogPageContent.ctaTitle}</h2>
        <p>{blogPageContent.ctaText}</p>
        <p className="blog-article__actions">
          <Link className="button" to={blogPageContent.ctaTo}>
            {blogPageContent.ctaLabel}
          </Link>
          <Link to="/blogs">{blogPageContent.backToArticles}</Link>
        </p>
      </aside>
    </article>
  );
}

function ArticleBlockView({ block }: { readonly block: ArticleBlock }) {
  if (typeof block === 'string') return <p>{block}</p>;
  return (
    <ul>
      {block.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
