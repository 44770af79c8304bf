/**
 * The words and pictures of the About page (docs/product.md sections 1 and 2). The claims are docs/product.md's
 * and both founding years are kept (docs/product.md#decisions): 2015 is when the business started, 2019 when it
 * began serving homeowners directly, which is where the '5+ years' of the home teaser counts from.
 */
import { SERVICES, type Service } from '@hs/api/domain/booking/catalogue';
import { Company } from '@hs/api/domain/company';
import { cardImage, heroImage, type SiteImage } from './images';

export interface AboutPromo {
  readonly title: string;
  readonly text: string;
  readonly linkLabel: string;
  readonly to: string;
  readonly image: SiteImage;
}

export interface ServiceFamily {
  readonly name: string;
  readonly summary: string;
  /** In catalogue order, so the page lists them as the services page does. */
  readonly services: readonly Service[];
}

export interface WorkPrinciple {
  readonly title: string;
  readonly text: string;
}

export interface TeamMember {
  readonly name: string;
  readonly role: string;
  readonly bio: string;
}

export interface Stat {
  readonly value: string;
  readonly label: string;
}

/** By service id, so a renamed service keeps its family. */
function servicesWithIds(ids: readonly string[]): readonly Service[] {
  return SERVICES.filter((entry) => ids.includes(entry.id));
}

/** The people who write the blog are named here too, so a byline matches the team section. */
export const team = {
  elena: {
    name: 'Elena Kowalski',
    role: 'Founder & Operations Manager',
    bio: 'Started the company with one truck and a lawn mower in 2015, and still plans every week’s routes herself.',
  },
  priya: {
    name: 'Priya Raman',
    role: 'Cleaning Team Lead',
    bio: 'Trains every new cleaner and chose the plant-based products we use in kitchens, bathrooms and nurseries.',
  },
  daniel: {
    name: 'Daniel Okafor',
    role: 'Garden & Grounds Supervisor',
    bio: 'A horticulture graduate who knows which perennials survive a Toronto February, and which do not.',
  },
  marco: {
    name: 'Marco Bellini',
    role: 'Exterior Services Lead',
    bio: 'Runs pressure washing, eavestrough and snow crews, and has cleaned more driveways than he can count.',
  },
} as const satisfies Record<string, TeamMember>;

export const aboutContent = {
  hero: {
    eyebrow: 'Toronto home services since 2015',
    lead: 'We are the local crew that keeps Toronto homes clean, gardens healthy and to-do lists short, from a weekly tidy-up to a full spring overhaul.',
    image: heroImage(
      '/images/about/hero',
      'Home Services team members at work on the front garden and porch of a Toronto house',
    ),
  },
  promos: [
    {
      title: 'Cleaning that fits your week',
      text: 'Homes, condos and offices cleaned daily, weekly or monthly, with eco-friendly products that are safe around children and pets.',
      linkLabel: 'See our cleaning services',
      to: '/service/service1?service=house',
      image: cardImage(
        '/images/about/promo-1',
        'A cleaner wiping down a bright kitchen counter with a microfibre cloth',
      ),
    },
    {
      title: 'Gardens, lawns and everything outside',
      text: 'Planting, lawn repair, weed control and seasonal cleanups that keep your yard looking after itself between visits.',
      linkLabel: 'See our garden services',
      to: '/service/service1?service=garden',
      image: cardImage(
        '/images/about/promo-2',
        'A gardener planting flowers in a freshly mulched backyard bed',
      ),
    },
  ],
  story: {
    title: 'Our story',
    paragraphs: [
      'Home Services has operated since 2015. We started out in the west end, around Eglinton Avenue West, as a small crew doing garden cleanups and move-out cleans for property managers and contractors who needed work done properly and on time.',
      'In 2019 we began serving homeowners directly. Neighbours who had seen our vans kept asking whether we could do their place too, so we opened our booking line to everyone, and we have been looking after Toronto households ever since: more than five years of weekly cleans, autumn leaf pickups and emergency snow clearing.',
      'We are still local and still owner-run. The person who answers the phone knows the crews by name, and the crews know the streets they work on.',
    ],
    milestones: [
      {
        year: '2015',
        text: 'Founded in Toronto’s west end, working for property managers and builders',
      },
      { year: '2019', text: 'Opened to homeowners and began serving customers directly' },
      { year: 'Today', text: 'Twelve services across cleaning, gardens, repairs and exteriors' },
    ],
  },
  services: {
    title: 'What we do',
    intro:
      'Twelve services in four families, so one call covers the inside of your home, the yard around it and the jobs that come with each season.',
    families: [
      {
        name: 'Cleaning',
        summary: 'Regular and deep cleans for houses, condos and offices, plus exterior washing.',
        services: servicesWithIds(['house-office-cleaning', 'seasonal-cleaning', 'pressure-wash']),
      },
      {
        name: 'Gardens & lawns',
        summary: 'Care, design and repair for beds, borders and lawns through the growing season.',
        services: servicesWithIds([
          'garden-maintenance',
          'garden-backyard-design',
          'lawn-repair',
          'weed-control',
        ]),
      },
      {
        name: 'Repairs & improvements',
        summary: 'Carpentry, painting and building work, each quoted after a free visit.',
        services: servicesWithIds(['specialized-carpentry', 'painting', 'construction-estimate']),
      },
      {
        name: 'Seasonal exteriors',
        summary: 'The jobs Toronto’s weather hands you: gutters in the fall and snow all winter.',
        services: servicesWithIds(['eavestrough', 'snow-removal']),
      },
    ] satisfies readonly ServiceFamily[],
  },
  howWeWork: {
    title: 'How we work',
    principles: [
      {
        title: 'Eco-friendly products',
        text: 'Plant-based cleaners, HEPA vacuums and reusable microfibre cloths indoors; hand weeding and organic treatments outdoors. Gentle on kids, pets and the ravines downstream.',
      },
      {
        title: 'Background-checked, insured staff',
        text: 'Every team member passes a police background check before their first visit, and every job is covered by our liability insurance.',
      },
      {
        title: 'Flexible scheduling',
        text: 'Book a one-off visit or a daily, weekly or monthly plan, in a morning, afternoon or evening window that suits you.',
      },
      {
        title: 'No hidden fees',
        text: 'You see the price before you pay, and bigger jobs get a free written estimate. No surprises on the invoice.',
      },
    ] satisfies readonly WorkPrinciple[],
  },
  team: {
    title: 'The team',
    text: 'Cleaners, gardeners, carpenters and painters who live in the neighbourhoods they work in. Most of our crew leads started with us on the tools, and each one trains the new people who join their team.',
    image: cardImage(
      '/images/about/team',
      'The Home Services team standing together in front of one of our work vans',
    ),
    members: Object.values(team) satisfies readonly TeamMember[],
  },
  numbers: {
    title: 'By the numbers',
    stats: [
      {
        value: '100%',
        label: 'Satisfaction Guarantee: if something is not right, we come back and fix it',
      },
      { value: '4.9/5', label: 'Average rating from 2,500+ reviews' },
      { value: '5,000+', label: 'Happy customers across the Greater Toronto Area' },
    ] satisfies readonly Stat[],
  },
  cta: {
    title: 'Ready when you are',
    text: 'Pick a service and a time online, or tell us about a bigger job and we will send a free estimate.',
    bookLabel: 'Book a service',
    bookTo: '/service/service1',
    contactLabel: 'Contact us',
    contactTo: '/contact',
    callPrefix: 'Prefer to talk? Call us at',
    phone: Company.phone,
    phoneHref: Company.phoneHref,
  },
} as const;
