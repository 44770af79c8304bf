import { useId, type MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { ResponsiveImage } from '../../../components/ResponsiveImage';
import { homeHeroContent as content, homeSectionIds } from '../../../content/home-content';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import { scrollToSection } from './scroll-to-section';
import './HomeHero.css';

/** docs/product.md section 9: the mobile hero below 768 px, the desktop hero from there up. */
const DESKTOP_QUERY = '(min-width: 768px)';

/** A real link to the section (it works without script too), smoothed into a scroll and focus. */
function SectionLink({ id, className, label }: { id: string; className: string; label: string }) {
  const reducedMotion = useReducedMotion();
  return (
    <a
      className={className}
      href={`#${id}`}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        scrollToSection(id, reducedMotion);
      }}
    >
      {label}
    </a>
  );
}

function Actions() {
  return (
    <div className="home-hero__actions">
      <Link className="button" to={content.bookCleaning.to}>
        {content.bookCleaning.label}
      </Link>
      <Link className="button button--secondary" to={content.blogs.to}>
        {content.blogs.label}
      </Link>
      <SectionLink
        id={homeSectionIds.about}
        className="home-hero__more"
        label={content.learnMore}
      />
    </div>
  );
}

function Tiles({ sizes }: { sizes: string }) {
  return (
    <ul className="home-hero__tiles">
      {content.tiles.map((tile) => (
        <li key={tile.title} className="home-hero__tile">
          <ResponsiveImage image={tile.image} sizes={sizes} className="home-hero__tile-image" />
          <div className="home-hero__tile-text">
            <h4 className="home-hero__tile-title">{tile.title}</h4>
            <p>{tile.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Narrow screens: one column, small tile pictures and no large picture to download. */
function MobileHero({ headingId }: { headingId: string }) {
  return (
    <div className="home-hero__panel home-hero__panel--mobile">
      <p className="home-hero__eyebrow">{content.eyebrow}</p>
      <h3 id={headingId} className="home-hero__subheading">
        {content.subheading}
      </h3>
      <p>{content.text}</p>
      <Tiles sizes="112px" />
      <Actions />
    </div>
  );
}

/** Wide screens: the copy and tiles beside a large picture. */
function DesktopHero({ headingId }: { headingId: string }) {
  return (
    <div className="home-hero__panel home-hero__panel--desktop">
      <div className="home-hero__panel-copy">
        <p className="home-hero__eyebrow">{content.eyebrow}</p>
        <h3 id={headingId} className="home-hero__subheading">
          {content.subheading}
        </h3>
        <p>{content.text}</p>
        <Tiles sizes="(min-width: 1200px) 280px, (min-width: 1024px) 25vw, 50vw" />
        <Actions />
      </div>
      <ResponsiveImage
        image={content.image}
        sizes="(min-width: 1200px) 520px, (min-width: 1024px) 45vw, 100vw"
        className="home-hero__picture"
      />
    </div>
  );
}

/** docs/product.md section 2, Home hero, with its mobile and desktop variants. */
export function HomeHero() {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const headingId = useId();
  const panelHeadingId = useId();
  return (
    <section className="home-hero" aria-labelledby={headingId}>
      <div className="home-hero__intro">
        <h2 id={headingId} className="home-hero__heading">
          {content.heading}
        </h2>
        <p className="home-hero__lead">{content.lead}</p>
        <div className="home-hero__actions">
          <Link className="button" to={content.getStarted.to}>
            {content.getStarted.label}
          </Link>
          <SectionLink
            id={homeSectionIds.services}
            className="button button--secondary"
            label={content.seeHowItWorks}
          />
        </div>
      </div>
      {desktop ? (
        <DesktopHero headingId={panelHeadingId} />
      ) : (
        <MobileHero headingId={panelHeadingId} />
      )}
    </section>
  );
}
