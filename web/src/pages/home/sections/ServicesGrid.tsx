import type { Service } from '@hs/api/domain/booking/catalogue';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useHomeCatalogue } from './use-home-catalogue';
import { serviceQueryValue } from '../../../app/service-query';
import { RetryNotice } from '../../../components/RetryNotice';
import { ResponsiveImage } from '../../../components/ResponsiveImage';
import { homeSectionIds, servicesGridContent as content } from '../../../content/home-content';
import { cardImage } from '../../../content/images';
import { serviceTag } from '../../../content/service-tags';
import './ServicesGrid.css';

/** The catalogue gives each card's picture as a base path; we ship it in sizes. */
function servicePicture(service: Service) {
  // Empty alt: the card's title, right below, already says what the picture shows.
  return cardImage(service.image, '');
}

function ServiceCard({
  service,
  services,
}: {
  readonly service: Service;
  /** The whole catalogue: a keyword two services share cannot open this one. */
  readonly services: readonly Service[];
}) {
  return (
    <li className="service-card">
      <Link className="service-card__link" to={content.link(serviceQueryValue(service, services))}>
        <ResponsiveImage
          image={servicePicture(service)}
          sizes="(min-width: 1200px) 370px, (min-width: 768px) 33vw, 50vw"
          className="service-card__image"
        />
        <div className="service-card__body">
          <h3 className="service-card__title">{service.title}</h3>
          <span className="service-card__badge">{serviceTag(service)}</span>
          {service.description[0] !== undefined && (
            <p className="service-card__text">{service.description[0]}</p>
          )}
        </div>
      </Link>
    </li>
  );
}

/** docs/product.md section 2: the catalogue as cards, each opening the services page on its own card. */
export function ServicesGrid() {
  const headingId = useId();
  const { load, retry } = useHomeCatalogue();

  return (
    <section
      id={homeSectionIds.services}
      className="services-grid home-section-target"
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <h2 id={headingId} className="services-grid__heading">
        {content.heading}
      </h2>
      <p className="services-grid__lead">{content.lead}</p>
      {load.status === 'loading' && (
        <p className="loading" role="status">
          {content.loading}
        </p>
      )}
      {load.status === 'failed' && (
        <RetryNotice
          className="services-grid__failure"
          message={content.failed}
          reason={load.reason}
          retryLabel={content.retry}
          onRetry={retry}
        />
      )}
      {load.status === 'loaded' && (
        <ul className="services-grid__list">
          {load.catalogue.services.map((service) => (
            <ServiceCard key={service.id} service={service} services={load.catalogue.services} />
          ))}
        </ul>
      )}
    </section>
  );
}
