import type { BlogPost } from '../../content/blog-content';
import { blogPageContent } from '../../content/blog-content';
import './PostMeta.css';

// Read as a calendar date: at midnight UTC it is the same day wherever the visitor is.
const postDateFormat = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** 'March 16, 2026' for '2026-03-16'. */
export function formatPostDate(isoDate: string): string {
  return postDateFormat.format(new Date(`${isoDate}T00:00:00Z`));
}

interface PostMetaProps {
  readonly post: BlogPost;
  /** The article page names the author's job too; a card has no room for it. */
  readonly withRole?: boolean;
}

/** Author, date and read time, on a card and at the top of an article. */
export function PostMeta({ post, withRole = false }: PostMetaProps) {
  return (
    <p className="post-meta">
      <span className="post-meta__item">
        {blogPageContent.byline} {post.author.name}
        {withRole ? `, ${post.author.role}` : null}
      </span>
      <time className="post-meta__item" dateTime={post.date}>
        {formatPostDate(post.date)}
      </time>
      <span className="post-meta__item">{post.readTime}</span>
    </p>
  );
}
