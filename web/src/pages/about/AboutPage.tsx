import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { aboutContent } from '../../content/about-content';
import { screens } from '../../content/site-content';
import './AboutPage.css';

const { hero, promos, story, services, howWeWork, team, numbers, cta } = aboutContent;

export function AboutPage() {
  useDocumentTitle(screens.about.title);
  return (
    <div className="about">
      <section className="about-hero" aria-labelledby="screen-title">
        <div className="about-hero__intro">
          <p className="about-hero__eyebrow">{hero.eyebrow}</p>
          <h1 id="screen-title" className="about-hero__title">
            {screens.about.title}
          </h1>
          <p className="about-hero__lead">{hero.lead}</p>
        </div>
        <ResponsiveImage
          className="about-hero__image"
          image={hero.image}
          sizes="(min-width: 1280px) 40rem, 100vw"
          eager
        />
        <ul className="about-hero__promos">
          {promos.map((promo, index) => {
            const titleId = `about-promo-${String(index + 1)}`;
            return (
              <li key={promo.to}>
                <article className="about-promo" aria-labelledby={titleId}>
                  <ResponsiveImage
                    className="about-promo__image"
                    image={promo.image}
                    sizes="(min-width: 1280px) 16rem, (min-width: 768px) 50vw, 100vw"
                  />
                  <div className="about-promo__body">
                    <h2 id={titleId} className="about-promo__title">
                      {promo.title}
                    </h2>
                    <p>{promo.text}</p>
                    <Link to={promo.to}>{promo.linkLabel}</Link>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="about-section about-story" aria-labelledby="about-story">
        <h2 id="about-story">{story.title}</h2>
        <div className="about-story__text">
          {story.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <dl className="about-story__milestones">
          {story.milestones.map((milestone) => (
            <div key={milestone.year} className="about-story__milestone">
              <dt>{milestone.year}</dt>
              <dd>{milestone.text}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="about-section" aria-labelledby="about-services">
        <h2 id="about-services">{services.title}</h2>
        <p className="about-section__intro">{services.intro}</p>
        <ul className="about-cards about-cards--four">
          {services.families.map((family) => (
            <li key={family.name} className="about-card">
              <h3>{family.name}</h3>
              <p>{family.summary}</p>
              <ul className="about-card__services">
                {family.services.map((entry) => (
                  <li key={entry.id}>{entry.title}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <section className="about-section" aria-labelledby="about-how">
        <h2 id="about-how">{howWeWork.title}</h2>
        <ul className="about-cards about-cards--four">
          {howWeWork.principles.map((principle) => (
            <li key={principle.title} className="about-card">
              <h3>{principle.title}</h3>
              <p>{principle.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="about-section about-team" aria-labelledby="about-team">
        <ResponsiveImage
          className="about-team__image"
          image={team.image}
          sizes="(min-width: 768px) 50vw, 100vw"
        />
        <div className="about-team__text">
          <h2 id="about-team">{team.title}</h2>
          <p>{team.text}</p>
          <ul className="about-team__members">
            {team.members.map((member) => (
              <li key={member.name}>
                <h3 className="about-team__name">{member.name}</h3>
                <p className="about-team__role">{member.role}</p>
                <p>{member.bio}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="about-section" aria-labelledby="about-numbers">
        <h2 id="about-numbers">{numbers.title}</h2>
        <ul className="about-numbers">
          {numbers.stats.map((stat) => (
            <li key={stat.value} className="about-numbers__stat">
              <span className="about-numbers__value">{stat.value}</span>
              <span className="about-numbers__label">{stat.label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="about-section about-cta" aria-labelledby="about-cta">
        <h2 id="about-cta">{cta.title}</h2>
        <p>{cta.text}</p>
        <p className="about-cta__actions">
          <Link className="button" to={cta.bookTo}>
            {cta.bookLabel}
          </Link>
          <Link className="button button--secondary" to={cta.contactTo}>
            {cta.contactLabel}
          </Link>
        </p>
        <p>
          {cta.callPrefix} <a href={cta.phoneHref}>{cta.phone}</a>.
        </p>
      </section>
    </div>
  );
}
