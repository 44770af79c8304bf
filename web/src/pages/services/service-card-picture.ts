import { SERVICES, type Service } from '@hs/api/domain/booking/catalogue';
import { preload } from 'react-dom';
import { cardImage, largestSrcOf, srcSetOf, type SiteImage } from '../../content/images';

/**
 * How wide a card's picture is shown: one column on a phone, two on a tablet, three from 1024 px
 * (ServicesPage.css).
 */
export const SERVICE_CARD_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/**
 * How many cards a phone shows part of without scrolling: under the hero, the first card's
 * picture is the page's largest paint. Only these are preloaded and fetched with priority; the
 * others load lazily, as they come near the screen.
 */
export const CARDS_ABOVE_THE_FOLD = 1;

/** A card's picture; empty alt, since the card's title right below says what it shows. */
export function serviceCardImage(service: Service): SiteImage {
  return cardImage(service.image.replace(/\.webp$/, ''), '');
}

/**
 * Starts downloading the first cards' pictures before `GET /api/catalogue` answers: the site
 * ships the catalogue's definition, so the route knows them as its code loads. Same srcset and
 * sizes as the cards' <img>, so the browser picks the same file and the card reuses it. If the
 * API's answer puts other cards first, nothing changes but a download the page did not need.
 */
export function preloadFirstServiceCards(services: readonly Service[] = SERVICES): void {
  for (const service of services.slice(0, CARDS_ABOVE_THE_FOLD)) {
    const image = serviceCardImage(service);
    // With a srcset React writes no href: a browser that cannot read imagesrcset fetches nothing.
    preload(largestSrcOf(image), {
      as: 'image',
      imageSrcSet: srcSetOf(image),
      imageSizes: SERVICE_CARD_SIZES,
      fetchPriority: 'high',
    });
  }
}
