import { useId } from 'react';
import { partnersContent as content } from '../../../content/home-later-content';
import './Partners.css';

/** docs/product.md section 2: the four partner logos. Plain SVGs: they scale without sizes to pick. */
export function Partners() {
  const headingId = useId();
  return (
    <section className="partners" aria-labelledby={headingId}>
      <h2 id={headingId} className="partners__heading">
        {content.heading}
      </h2>
      <ul className="partners__list">
        {content.partners.map((partner) => (
          <li key={partner.name} className="partners__item">
            <img
              className="partners__logo"
              src={partner.logo}
              alt={partner.name}
              width={280}
              height={80}
              loading="lazy"
              decoding="async"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
