import type { Catalogue, Service } from '@hs/api/domain/booking/catalogue';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError, apiRequest } from '../../../api/api-client';
import { Notice } from '../../../components/Notice';
import { ResponsiveImage } from '../../../components/ResponsiveImage';
import { homeSectionIds, servicesGridContent as content } from '../../../content/home-content';
import { cardImage } from '../../../content/images';
import './ServicesGrid.css';

type Load =
  | { readonly status: 'loading' }
  /** `reason` is what the API client says went wrong, when it says anything. */
  | { readonly status: 'failed'; readonly reason: string | null }
  | { readonly status: 'loaded'; readonly services: readonly Service[] };

/** The API names each card's picture as `/images/services/<id>.webp`; we ship it in sizes. */
function servicePicture(service: Service) {
  // Empty alt: the card's title, right below, already says what the picture shows.
  return cardImage(service.image.replace(/\.webp$/, ''), '');
}

function ServiceCard({ service }: { service: Service }) {
  return (
    <li className="service-card">
      <Link className="service-card__link" to={content.link(service.keyword)}>
        <ResponsiveImage
          image={servicePicture(service)}
          sizes="(min-width: 1200px) 370px, (min-width: 768px) 33vw, 50vw"
          className="service-card__image"
        />
        <div className="service-card__body">
          <h3 className="service-card__title">{service.title}</h3>
          <span className="service-card__badge">{service.keyword}</span>
          {service.description[0] !== undefined && (
            <p className="service-card__text">{service.description[0]}</p>
          )}
        </div>
      </Link>
    </li>
  );
}

/** SPEC.md section 2: the catalogue as cards, each opening the services page on its keyword. */
export function ServicesGrid() {
  const headingId = useId();
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    apiRequest<Catalogue>('/api/catalogue', { signal: controller.signal }).then(
      (catalogue) => {
        setLoad({ status: 'loaded', services: catalogue.services });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad({
          status: 'failed',
          // A network failure's message helps (check your connection); a bare generic one not.
          reason:
            error instanceof ApiError && (error.fromServer || error.status === 0)
              ? error.message
              : null,
        });
      },
    );
    return () => {
      controller.abort();
    };
  }, [attempt]);

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
        <div className="services-grid__failure">
          <Notice tone="error">
            {load.reason === null ? content.failed : `${content.failed} ${load.reason}`}
          </Notice>
          <button
            type="button"
            className="button"
            onClick={() => {
              setLoad({ status: 'loading' });
              setAttempt((count) => count + 1);
            }}
          >
            {content.retry}
          </button>
        </div>
      )}
      {load.status === 'loaded' && (
        <ul className="services-grid__list">
          {load.services.map((service) => (
            <ServiceCard key={service.id} service={service} />
          ))}
        </ul>
      )}
    </section>
  );
}
