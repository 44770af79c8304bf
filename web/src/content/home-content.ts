/**
 * Every word of the home page (SPEC.md sections 1 and 2), with its pictures' alt texts, so a
 * change of copy or claim is made here once. SPEC.md's claims are kept as it gives them, both
 * founding years included (DESIGN.md): the about teaser says 2019, Why Choose Us says 2015.
 */
import { avatarImage, cardImage, heroImage, type SiteImage } from './images';

/** The section ids the in-page buttons scroll to ('See how it works', 'Learn More ...'). */
export const homeSectionIds = {
  services: 'home-services',
  about: 'home-about',
} as const;

/** SPEC.md section 9: every timed behaviour of the home page, in milliseconds. */
export const homeTimings = {
  typingWordMs: 200,
  typingCompletePauseMs: 2000,
  /** SPEC.md says the loop pauses before typing again but not how long; two word steps. */
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
  /** The services page reads the card's keyword from this query parameter (SPEC.md section 2). */
  link: (keyword: string) => `/service/service1?service=${encodeURIComponent(keyword)}`,
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

export interface ChooseUsPoint {
  readonly title: string;
  readonly text: string;
}

export const whyChooseUsContent = {
  heading: 'Why Choose Us',
  lead: 'Serving Toronto homes and businesses since 2015.',
  points: [
    {
      title: 'Expert Staff',
      text: 'Trained, experienced cleaners and tradespeople who treat your home like their own.',
    },
    {
      title: 'Flexible Scheduling',
      text: 'Daily, weekly or monthly visits, in the morning, afternoon or evening.',
    },
    {
      title: 'Eco-Friendly Products',
      text: 'Cleaning products that are safe for children, pets and the planet.',
    },
    {
      title: 'Affordable Rates',
      text: 'Clear prices before you book, with no hidden fees.',
    },
  ] satisfies readonly ChooseUsPoint[],
  highlights: [
    '100% Satisfaction Guarantee',
    'Rated 4.9/5 from 2,500+ reviews',
    '5,000+ happy customers',
  ],
  image: cardImage(
    '/images/home/why-choose-us',
    'Our crew beside a shield with a check mark and five stars',
  ),
  book: { label: 'Book Your Cleaning Today', to: '/service/service1' },
  badgesLabel: 'Our promises',
  badges: [
    'Eco-Friendly',
    'Fully Insured',
    '5-Star Rated',
    'Same-Day Service',
    'Background Checked',
    '100% Satisfaction',
  ],
} as const;

export interface Partner {
  readonly name: string;
  readonly logo: string;
}

export const partnersContent = {
  heading: 'Our Partners',
  partners: [
    { name: 'Manufacturing', logo: '/images/partners/manufacturing.svg' },
    { name: 'Collaborations', logo: '/images/partners/collaborations.svg' },
    { name: 'Global Partners', logo: '/images/partners/global-partners.svg' },
    { name: 'Technology', logo: '/images/partners/technology.svg' },
  ] satisfies readonly Partner[],
} as const;

export interface Stat {
  readonly value: number;
  readonly label: string;
  readonly suffix?: string;
}

export const statsContent = {
  heading: 'Our work in numbers',
  stats: [
    { value: 870, label: 'Expert Employees' },
    { value: 20_000, suffix: '+', label: 'Hours Work' },
    { value: 298, label: 'Work done' },
    { value: 723, label: 'Active Employees' },
  ] satisfies readonly Stat[],
} as const;

export interface Testimonial {
  readonly name: string;
  readonly role: string;
  readonly rating: number;
  readonly text: string;
  /** Alt text stays empty: the name printed beside the portrait already says who it is. */
  readonly image: SiteImage;
}

export const testimonialsContent = {
  heading: 'What Our Customers Say',
  lead: 'Rated 4.9/5 from 2,500+ reviews.',
  carouselLabel: 'Testimonials',
  rating: (stars: number, outOf: number) => `${stars} out of ${outOf}`,
  maxRating: 5,
  showLabel: (position: number) => `Show testimonial ${position}`,
  positionLabel: (position: number, count: number) => `Testimonial ${position} of ${count}`,
  controls: {
    previous: 'Previous testimonial',
    next: 'Next testimonial',
    pause: 'Pause testimonials',
    play: 'Play testimonials',
  } satisfies CarouselLabels,
  testimonials: [
    {
      name: 'Priya Sharma',
      role: 'Homeowner, North York',
      rating: 5,
      text: 'They come every two weeks and the house has never looked better. Same friendly team each time, and they always text before they arrive.',
      image: avatarImage('/images/testimonials/person-1', ''),
    },
    {
      name: 'Marie Tremblay',
      role: 'Restaurant Owner, Leslieville',
      rating: 5,
      text: 'They pressure washed our patio and redid the planters in one day. The quote was exactly what we paid, with no surprises.',
      image: avatarImage('/images/testimonials/person-2', ''),
    },
    {
      name: 'Daniel Okafor',
      role: 'Office Manager, Midtown',
      rating: 5,
      text: 'Our office is cleaned after hours without a single missed visit in a year. Booking extra visits before client days takes a minute.',
      image: avatarImage('/images/testimonials/person-3', ''),
    },
  ] satisfies readonly Testimonial[],
} as const;

export interface FaqEntry {
  readonly question: string;
  readonly answer: string;
}

export interface FaqVideo {
  readonly title: string;
  readonly description: string;
  readonly poster: SiteImage;
}

export const faqContent = {
  heading: 'Frequently Asked Questions',
  questions: [
    {
      question: 'Which areas do you serve?',
      answer:
        'All of Toronto, including North York, Etobicoke, Scarborough, East York and York, and the nearby cities of Mississauga, Vaughan, Markham and Richmond Hill. If you are just outside these areas, ask us: we can often still come.',
    },
    {
      question: 'How do I book, and can I reschedule?',
      answer:
        'Choose a service, pick a plan, then a date and a morning, afternoon or evening window. Your confirmation email has a link to move or cancel the visit; cancel at least 24 hours ahead and you get a full refund.',
    },
    {
      question: 'How much will it cost?',
      answer:
        'Most services are booked as a one-time visit or a monthly plan of four visits, and you see the price before you pay. Carpentry and construction work is quoted after a free on-site estimate, with no obligation and no hidden fees.',
    },
    {
      question: 'Do you bring your own supplies, and are they eco-friendly?',
      answer:
        'Yes. Our teams bring every tool and product they need, and our cleaning products are eco-friendly and safe for children and pets. If you would rather we used your own products, just tell us when you book.',
    },
    {
      question: 'Are your workers insured and background checked?',
      answer:
        'Every job is fully insured, and every member of our team passes a criminal background check before their first visit.',
    },
    {
      question: 'What if I am not happy with the work?',
      answer:
        'You are covered by our 100% Satisfaction Guarantee: tell us within 24 hours of the visit and we come back to put it right at no cost.',
    },
  ] satisfies readonly FaqEntry[],
  videosHeading: 'See Our Teams at Work',
  videoLabel: (position: number, count: number) => `Video ${position} of ${count}`,
  controls: { previous: 'Previous video', next: 'Next video' },
  videos: [
    {
      title: 'How Booking Works',
      description:
        'Choosing a service, a plan, a day and a time window, and what the confirmation says.',
      poster: heroImage(
        '/images/faq/video-1',
        'A laptop showing our booking calendar with a day confirmed',
      ),
    },
    {
      title: 'A Kitchen Deep Clean, Start to Finish',
      description: 'How our cleaners work through a kitchen, from the top shelves to the floor.',
      poster: heroImage('/images/faq/video-2', 'A cleaning team at work in a kitchen'),
    },
    {
      title: 'Planting a Garden Border',
      description: 'A garden crew plants, mulches and waters a border in a single visit.',
      poster: heroImage('/images/faq/video-3', 'A garden crew planting and watering a border'),
    },
    {
      title: 'Repairing a Deck Board',
      description: 'How our carpenters replace a worn board so it matches the rest of the deck.',
      poster: heroImage('/images/faq/video-4', 'A carpenter fixing a new board into a deck'),
    },
  ] satisfies readonly FaqVideo[],
} as const;
