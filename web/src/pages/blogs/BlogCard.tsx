import { Link } from 'react-router-dom';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { blogPageContent, type BlogPost } from '../../content/blog-content';
import { PostMeta } from './PostMeta';
import './BlogCard.css';

interface BlogCardProps {
  readonly post: BlogPost;
}

export function BlogCard({ post }: BlogCardProps) {
  const titleId = `blog-card-${post.slug}`;
  return (
    <article className="blog-card" aria-labelledby={titleId}>
      <ResponsiveImage
        className="blog-card__image"
        image={post.image}
        sizes="(min-width: 1280px) 24rem, (min-width: 768px) 50vw, 100vw"
      />
      <div className="blog-card__body">
        <h3 id={titleId} className="blog-card__title">
          {post.title}
        </h3>
        <PostMeta post={post} />
        <p className="blog-card__excerpt">{post.excerpt}</p>
        <Link className="blog-card__link" to={`/blogs/${post.slug}`}>
          {blogPageContent.readMore}
          {/* Every card has a 'Read more'; a list of links read out of context needs the title. */}
          <span className="blog-card__hidden">: {post.title}</span>
        </Link>
      </div>
    </article>
  );
}
