import type { Service } from '@hs/api/domain/booking/catalogue';

// A module of its own: the home page's grid shows the tags, and the services page's other words
// stay out of the home page's first load (its 100 KB budget).

/**
 * The tag on each service's card, by service id. The catalogue's keywords are the
 * specification's and stay in `?service=` links, but several say nothing of their service to a
 * customer (Painting's is `furniture`, Snow Removal's `pruning`): a card shows these words.
 */
const serviceTags: Readonly<Record<string, string>> = {
  'garden-maintenance': 'Garden care',
  'house-office-cleaning': 'Cleaning',
  'seasonal-cleaning': 'Deep clean',
  'specialized-carpentry': 'Carpentry',
  painting: 'Walls & trim',
  'construction-estimate': 'Free estimate',
  'pressure-wash': 'Outdoor surfaces',
  'garden-backyard-design': 'Landscaping',
  'lawn-repair': 'Lawn care',
  'weed-control': 'Weed removal',
  'snow-removal': 'Winter',
  eavestrough: 'Gutters',
};

/** The card's tag; a service added to the catalogue without one shows its title's first word. */
export function serviceTag(service: Pick<Service, 'id' | 'title'>): string {
  return serviceTags[service.id] ?? service.title.split(/[\s/&]+/)[0] ?? service.title;
}
