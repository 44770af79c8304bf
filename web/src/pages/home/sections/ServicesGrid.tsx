import { useId } from 'react';
import { lazyWithServerState } from '../../../app/lazy-with-server-state';
import { LoadWhenNear } from '../../../components/LoadWhenNear';
import { homeSectionIds, servicesGridContent as content } from '../../../content/home-content';
import { ServicesGridLoading } from './ServicesGridLoading';
import './ServicesGrid.css';

// The cards read the catalogue through the query cache, which a first visit to / has no room for
// (its 100 KB budget): they load, with the cache, as the reader scrolls towards them.
const ServicesGridCards = lazyWithServerState(() =>
  import('./ServicesGridCards').then((m) => m.default),
);

/** Loading starts this far ahead of the reader: below the two heroes on a phone's first screen. */
const LOAD_AHEAD = '600px 0px';

/** docs/product.md section 2: the catalogue as cards, each opening the services page on its own card. */
export function ServicesGrid() {
  const headingId = useId();
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
      <LoadWhenNear ahead={LOAD_AHEAD} placeholder={<ServicesGridLoading />}>
        <ServicesGridCards />
      </LoadWhenNear>
    </section>
  );
}
