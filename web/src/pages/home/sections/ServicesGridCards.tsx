import type { Service } from '@hs/api/domain/booking/catalogue';
import { Link } from 'react-router-dom';
import { useCatalogue } from '../../../api/use-catalogue';
import { serviceQueryValue } from '../../../app/service-query';
import { RetryNotice } from '../../../components/RetryNotice';
import { ResponsiveImage } from '../../../components/ResponsiveImage';
import { servicesGridContent as content } from '../../../content/home-content';
import { cardImage } from '../../../content/images';
import { serviceTag } from '../../../content/service-tags';
import { ServicesGridLoading } from './ServicesGridLoading';

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

/**
 * The grid's cards from `GET /api/catalogue`, through the query cache (the services page reads the
 * same key), with the grid's loading and retry states. Loaded on demand by ServicesGrid.
 */
export default function ServicesGridCards() {
  const { load, retry } = useCatalogue();
  if (load.status === 'loading') return <ServicesGridLoading />;
  if (load.status === 'failed') {
    return (
      <RetryNotice
        className="services-grid__failure"
        message={content.failed}
        reason={load.reason}
        retryLabel={content.retry}
        onRetry={retry}
      />
    );
  }
  return (
    <ul className="services-grid__list">
      {load.catalogue.services.map((service) => (
        <ServiceCard key={service.id} service={service} services={load.catalogue.services} />
      ))}
    </ul>
  );
}
