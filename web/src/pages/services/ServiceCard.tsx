import type { Service } from '@hs/api/domain/booking/catalogue';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import {
  DESCRIPTION_LIMIT,
  serviceTag,
  servicesGridCopy as copy,
} from '../../content/services-content';
import { truncate } from './booking-draft';
import { SERVICE_CARD_SIZES, serviceCardImage } from './service-card-picture';
import './ServiceCard.css';

interface ServiceCardProps {
  readonly service: Service;
  /** The card the visitor arrived for (`?service=<keyword>`). */
  readonly selected: boolean;
  readonly onBook: (service: Service) => void;
  /** Above the fold on a phone: its picture loads at once, with priority (it is preloaded). */
  readonly priority?: boolean;
}

/** The bullets as one text, each ending as a sentence, for cutting at the limit. */
export function descriptionText(service: Service): string {
  return service.description.map((line) => (/[.!?]$/.test(line) ? line : `${line}.`)).join(' ');
}

/** The card's element id, for scrolling to the card the visitor arrived for. */
export function serviceCardId(service: Service): string {
  return `service-${service.id}`;
}

/** One service: picture, keyword, description cut to 120 characters, Book Now and Contact Us. */
export function ServiceCard({ service, selected, onBook, priority = false }: ServiceCardProps) {
  const id = useId();
  const [expanded, setExpanded] = useState(false);
  const text = descriptionText(service);
  const long = text.length > DESCRIPTION_LIMIT;
  return (
    <li
      id={serviceCardId(service)}
      className={`service-card${selected ? ' service-card--selected' : ''}`}
      {...(selected ? { 'aria-current': 'true' as const } : {})}
    >
      <article className="service-card__inner" aria-labelledby={`${id}-title`}>
        <ResponsiveImage
          image={serviceCardImage(service)}
          sizes={SERVICE_CARD_SIZES}
          eager={priority}
          className="service-card__image"
        />
        <div className="service-card__body">
          {selected && <p className="service-card__selected">{copy.selected}</p>}
          <h3 id={`${id}-title`} className="service-card__title">
            {service.title}
          </h3>
          <span className="service-card__badge">{serviceTag(service)}</span>
          <p id={`${id}-text`} className="service-card__text">
            {expanded || !long ? text : truncate(text, DESCRIPTION_LIMIT)}
          </p>
          {long && (
            <button
              type="button"
              className="text-button"
              aria-expanded={expanded}
              aria-controls={`${id}-text`}
              aria-label={`${expanded ? copy.showLess : copy.readMore}${copy.about(service.title)}`}
              onClick={() => {
                setExpanded((open) => !open);
              }}
            >
              {expanded ? copy.showLess : copy.readMore}
            </button>
          )}
          <div className="service-card__actions">
            <button
              type="button"
              className="button"
              data-book-now=""
              aria-label={`${copy.bookNow}${copy.forService(service.title)}`}
              onClick={() => {
                onBook(service);
              }}
            >
              {copy.bookNow}
            </button>
            <Link
              className="button button--secondary"
              to="/contact"
              state={{ service: service.title }}
              aria-label={`${copy.contact}${copy.about(service.title)}`}
            >
              {copy.contact}
            </Link>
          </div>
        </div>
      </article>
    </li>
  );
}
