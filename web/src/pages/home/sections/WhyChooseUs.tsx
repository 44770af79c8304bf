import { useId } from 'react';
import { Link } from 'react-router-dom';
import { ResponsiveImage } from '../../../components/ResponsiveImage';
import { whyChooseUsContent as content } from '../../../content/home-later-content';
import './WhyChooseUs.css';

/** docs/product.md section 1: the four reasons, the claims, and the six trust badges. */
export function WhyChooseUs() {
  const headingId = useId();
  return (
    <section className="why-us" aria-labelledby={headingId}>
      <div className="why-us__main">
        <div className="why-us__copy">
          <h2 id={headingId} className="why-us__heading">
            {content.heading}
          </h2>
          <p className="why-us__lead">{content.lead}</p>
          <ul className="why-us__points">
            {content.points.map((point) => (
              <li key={point.title} className="why-us__point">
                <h3 className="why-us__point-title">{point.title}</h3>
                <p>{point.text}</p>
              </li>
            ))}
          </ul>
          <ul className="why-us__highlights">
            {content.highlights.map((highlight) => (
              <li key={highlight}>{highlight}</li>
            ))}
          </ul>
          <Link className="button" to={content.book.to}>
            {content.book.label}
          </Link>
        </div>
        <ResponsiveImage
          image={content.image}
          sizes="(min-width: 1200px) 540px, (min-width: 768px) 45vw, 100vw"
          className="why-us__picture"
        />
      </div>
      <ul className="why-us__badges" aria-label={content.badgesLabel}>
        {content.badges.map((badge) => (
          <li key={badge} className="why-us__badge">
            {badge}
          </li>
        ))}
      </ul>
    </section>
  );
}
