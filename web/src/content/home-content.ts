/**
 * Every word of the home page (docs/product.md sections 1 and 2), with its pictures' alt texts, so a
 * change of copy or claim is made here once. docs/product.md's claims are kept as it gives them, both
 * founding years included (docs/product.md#decisions): the about teaser says 2019, Why Choose Us says 2015.
 */
import { cardImage, heroImage, type SiteImage } from './images';

/** The section ids the in-page buttons scroll to ('See how it works', 'Learn More ...'). */
export const homeSectionIds = {
  services: 'home-services',
  about: 'home-about',
} as const;

/** docs/product.md section 9: every timed behaviour of the home page, in milliseconds. */
export const homeTimings = {
  typingWordMs: 200,
  typingCompletePauseMs: 2000,
  /** docs/product.md says the loop pauses before typing again but not how long; two word steps. */
  typingEmptyPauseMs: 400,
  heroSlideMs: 3000,
  aboutSlideMs: 3000,
  testimonialMs: 5000,
  countUpMs: 3000,
} as const;

export const homePageContent = {
  /** Read by screen readers and the route tests; the typed hero heading is the visible one. */
  title: 'Home',
} as const;

/** The labels every carousel's controls share, so a screen reader hears them the same way. */
export interface CarouselLabels {
  readonly previous: string;
  readonly next: string;
  readonly pause: string;
  readonly play: string;
}

export const landingHeroContent = {
  heading: 'Services Provider for Residential Properties',
  lead: 'Cleaning, gardening, landscaping, painting and repairs for Toronto homes, offices and restaurants, booked in a few minutes.',
  cta: { label: 'Take Our Service', to: '/service/service1' },
  slideshowLabel: 'Our work',
  /** Read instead of the visible 'n / 5'. */
  slideLabel: (position: number, count: number) => `Slide ${position} of ${count}`,
  controls: {
    previous: 'Previous slide',
    next: 'Next slide',
    // One button stops both moving parts of the hero: the slideshow and the typed heading.
    pause: 'Pause animation',
    play: 'Play animation',
  } satisfies CarouselLabels,
  slides: [
    heroImage('/images/hero/slide-1', 'A summer front lawn being mowed before a two-storey home'),
    heroImage(
      '/images/hero/slide-2',
      'A bungalow’s siding being repainted and its fence freshened',
    ),
    heroImage('/images/hero/slide-3', 'A backyard deck pressure-washed back to warm wood'),
    heroImage('/images/hero/slide-4', 'Gutters cleared from a ladder and autumn leaves raked'),
    heroImage('/images/hero/slide-5', 'A front walk shovelled and salted on a winter evening'),
  ] satisfies readonly SiteImage[],
} as const;

export interface HeroTile {
  readonly title: string;
  readonly text: string;
  readonly image: SiteImage;
}

export const homeHeroContent = {
  heading: 'Find Your Perfect Services With Confidence',
  lead: 'A free, private platform that matches your home and department cleaning needs 1-on-1 with the right professional.',
  getStarted: { label: 'Get Started', to: '/contact' },
  seeHowItWorks: 'See how it works',
  eyebrow: 'FLEXIBLE CLEANING SOLUTIONS',
  subheading: 'Personalized Cleaning Services Tailored to Your Schedule',
  text: 'Daily, weekly or monthly visits from a team that knows your home or office and brings its own eco-friendly supplies.',
  image: heroImage(
    '/images/home/hero-home',
    'Our van parked on a Toronto street, the crew heading to a front door',
  ),
  tiles: [
    {
      title: 'Home Cleaning',
      text: 'Kitchens, bathrooms, floors and dusting, top to bottom.',
      image: cardImage('/images/home/tile-home-cleaning', 'A living room being vacuumed'),
    },
    {
      title: 'Office Cleaning',
      text: 'Desks, meeting rooms and kitchens, cleaned after hours.',
      image: cardImage('/images/home/tile-office-cleaning', 'Office desks being wiped down'),
    },
  ] satisfies readonly HeroTile[],
  bookCleaning: { label: 'Book Your Cleaning Today', to: '/service/service1' },
  blogs: { label: 'Our Blogs', to: '/blogs' },
  learnMore: 'Learn More ...',
} as const;

export const servicesGridContent = {
  heading: 'We Offer Different Services to Clean Your Area',
  lead: 'Choose a service to see its plans and book a visit.',
  loading: 'Loading our services…',
  failed: 'We could not load our services.',
  retry: 'Try again',
  /**
   * The services page reads the card's keyword (docs/product.md section 2), or its id where the
   * keyword is shared, from this query parameter (web/src/app/service-query.ts).
   */
  link: (service: string) => `/service/service1?service=${encodeURIComponent(service)}`,
} as const;

export const aboutTeaserContent = {
  heading: 'Your Trusted Landscaping & Home Solutions Partner Since 2019',
  badge: { value: '5+', label: 'Years Experience' },
  text: 'From the first garden bed to the last downspout, our crews take on the outdoor jobs Toronto homeowners keep putting off: on time, on budget, and with the site cleaned up before we leave.',
  bullets: [
    'Landscaping and garden bed construction',
    'Water leakage repair and drainage solutions',
    'Excavation, soil grading and trench work',
    'General outdoor problem solving and repair',
  ],
  more: { label: 'More About Us', to: '/about' },
  galleryLabel: 'Photos of our work',
  controls: {
    previous: 'Previous photos',
    next: 'Next photos',
    pause: 'Pause slideshow',
    play: 'Play slideshow',
  } satisfies CarouselLabels,
  images: [
    cardImage('/images/about/teaser-1', 'A new garden bed being built'),
    cardImage(
      '/images/about/teaser-2',
      'A cut-away of a drain carrying leaking water away from a house',
    ),
    cardImage('/images/about/teaser-3', 'A trench dug and the soil graded beside it'),
    cardImage('/images/about/teaser-4', 'A fence gate being fixed with a drill'),
  ] satisfies readonly SiteImage[],
} as const;
